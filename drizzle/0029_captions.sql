CREATE TABLE "video_captions" (
	"video_request_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'transcribing' NOT NULL,
	"cues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transcribed_by" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"burn_status" text,
	"burned_revision" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_status_known" CHECK ("video_captions"."status" IN ('transcribing', 'ready', 'no_speech', 'failed')),
	CONSTRAINT "video_captions_burn_status_known" CHECK ("video_captions"."burn_status" IS NULL OR "video_captions"."burn_status" IN ('rendering', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_video_request_id_video_requests_id_fk" FOREIGN KEY ("video_request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;