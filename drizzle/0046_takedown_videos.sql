CREATE TABLE "takedown_videos" (
	"takedown_id" uuid NOT NULL,
	"video_request_id" uuid NOT NULL,
	CONSTRAINT "takedown_videos_takedown_id_video_request_id_pk" PRIMARY KEY("takedown_id","video_request_id")
);
--> statement-breakpoint
ALTER TABLE "takedown_videos" ADD CONSTRAINT "takedown_videos_takedown_id_takedowns_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedowns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_videos" ADD CONSTRAINT "takedown_videos_video_request_id_video_requests_id_fk" FOREIGN KEY ("video_request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takedown_videos_video_idx" ON "takedown_videos" USING btree ("video_request_id");--> statement-breakpoint
-- hand-written: a takedown made before this table covers its own video.
INSERT INTO "takedown_videos" ("takedown_id", "video_request_id")
SELECT "id", "video_request_id" FROM "takedowns" WHERE "video_request_id" IS NOT NULL;
