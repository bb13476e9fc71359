CREATE TABLE "share_links" (
	"slug" text PRIMARY KEY NOT NULL,
	"video_request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_video_request_id_video_requests_id_fk" FOREIGN KEY ("video_request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_active_idx" ON "share_links" USING btree ("video_request_id") WHERE "share_links"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "share_links_video_idx" ON "share_links" USING btree ("video_request_id");