ALTER TABLE "video_requests" ADD COLUMN "has_audio" boolean;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "generation_step" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_generation_step_valid" CHECK ("video_requests"."generation_step" IN ('queued', 'dispatched', 'submitted', 'generating', 'downloaded', 'rendered', 'checked', 'settled'));--> statement-breakpoint
-- Hand-written: the step each existing request had reached, read from the columns that recorded it until now.
UPDATE "video_requests" SET "generation_step" = CASE
  WHEN "status" IN ('completed', 'failed') THEN 'settled'
  WHEN "operation_name" IS NOT NULL THEN 'generating'
  WHEN "create_sent_at" IS NOT NULL THEN 'submitted'
  WHEN "dispatched_at" IS NOT NULL THEN 'dispatched'
  ELSE 'queued' END;
