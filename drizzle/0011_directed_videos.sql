ALTER TABLE "video_requests" ADD COLUMN "last_frame_key" text;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "reference_image_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "extends_request_id" uuid;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "edits_request_id" uuid;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_extends_request_id_video_requests_id_fk" FOREIGN KEY ("extends_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_edits_request_id_video_requests_id_fk" FOREIGN KEY ("edits_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_requests_extends_idx" ON "video_requests" USING btree ("extends_request_id") WHERE "video_requests"."extends_request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "video_requests_edits_idx" ON "video_requests" USING btree ("edits_request_id") WHERE "video_requests"."edits_request_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_one_source" CHECK ("video_requests"."extends_request_id" IS NULL OR "video_requests"."edits_request_id" IS NULL);--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_reference_images_max" CHECK (cardinality("video_requests"."reference_image_keys") <= 3);--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_last_frame_needs_first" CHECK ("video_requests"."last_frame_key" IS NULL OR "video_requests"."reference_image_key" IS NOT NULL);