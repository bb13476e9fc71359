-- History search (issue 6): trigram matching for ILIKE '%q%', and btree_gin so one GIN index holds (user_id, prompt).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "notifications_sent" (
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_sent_pkey" PRIMARY KEY("request_id","kind")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"notify_on_video_ready" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "video_requests_user_created_idx";--> statement-breakpoint
ALTER TABLE "notifications_sent" ADD CONSTRAINT "notifications_sent_request_id_video_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_requests_user_status_created_idx" ON "video_requests" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_requests_user_quality_created_idx" ON "video_requests" USING btree ("user_id","quality","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_requests_user_prompt_trgm_idx" ON "video_requests" USING gin ("user_id","prompt" gin_trgm_ops);--> statement-breakpoint
-- INCLUDE added by hand (drizzle-kit cannot express it): dashboard stats and history counts read only the index.
CREATE INDEX "video_requests_user_created_idx" ON "video_requests" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","quality","credits_used");