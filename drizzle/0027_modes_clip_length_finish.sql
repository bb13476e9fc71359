ALTER TABLE "video_requests" DROP CONSTRAINT "video_requests_quality_valid";--> statement-breakpoint
ALTER TABLE "video_requests" DROP CONSTRAINT "video_requests_one_source";--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "clip_seconds" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "master_resolution" text;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "finishes_request_id" uuid;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_finishes_request_id_video_requests_id_fk" FOREIGN KEY ("finishes_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_requests_finishes_idx" ON "video_requests" USING btree ("finishes_request_id") WHERE "video_requests"."finishes_request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "video_requests_user_search_draft_trgm_idx" ON "video_requests" USING gin ("user_id","prompt_search" gin_trgm_ops) WHERE "video_requests"."quality" = 'draft';--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_clip_seconds_positive" CHECK ("video_requests"."clip_seconds" > 0);--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_master_resolution_valid" CHECK ("video_requests"."master_resolution" IS NULL OR ("video_requests"."quality" = 'quality' AND "video_requests"."master_resolution" IN ('1080p', '4k')));--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_quality_valid" CHECK ("video_requests"."quality" IN ('draft', 'fast', 'quality'));--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_one_source" CHECK (num_nonnulls("video_requests"."extends_request_id", "video_requests"."edits_request_id", "video_requests"."finishes_request_id") <= 1);