CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"idea" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"target_seconds" integer NOT NULL,
	"tone" text,
	"cast_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"planned_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_aspect_ratio_valid" CHECK ("stories"."aspect_ratio" IN ('16:9', '9:16', '1:1', '4:3'))
);
--> statement-breakpoint
CREATE TABLE "story_finishes" (
	"film_request_id" uuid PRIMARY KEY NOT NULL,
	"story_id" uuid NOT NULL,
	"quality" text NOT NULL,
	"master_resolution" text,
	"burn_captions" boolean DEFAULT false NOT NULL,
	"shot_request_ids" uuid[] NOT NULL,
	"dialogue" jsonb NOT NULL,
	"state" text DEFAULT 'finishing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_finishes_state_valid" CHECK ("story_finishes"."state" IN ('finishing', 'rendering', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "story_shots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"camera" text DEFAULT '' NOT NULL,
	"setting" text DEFAULT '' NOT NULL,
	"seconds" integer NOT NULL,
	"cast_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"dialogue" jsonb,
	"join" text DEFAULT 'cut' NOT NULL,
	"keep" boolean DEFAULT true NOT NULL,
	"take_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"picked_take_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_shots_position_positive" CHECK ("story_shots"."position" >= 1),
	CONSTRAINT "story_shots_seconds_positive" CHECK ("story_shots"."seconds" > 0),
	CONSTRAINT "story_shots_join_valid" CHECK ("story_shots"."join" IN ('cut', 'continue'))
);
--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "opens_on_request_id" uuid;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "story_id" uuid;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_finishes" ADD CONSTRAINT "story_finishes_film_request_id_video_requests_id_fk" FOREIGN KEY ("film_request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_finishes" ADD CONSTRAINT "story_finishes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_shots" ADD CONSTRAINT "story_shots_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_user_created_idx" ON "stories" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "story_finishes_one_under_way_idx" ON "story_finishes" USING btree ("story_id") WHERE "story_finishes"."state" IN ('finishing', 'rendering');--> statement-breakpoint
CREATE INDEX "story_finishes_story_idx" ON "story_finishes" USING btree ("story_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "story_shots_story_position_idx" ON "story_shots" USING btree ("story_id","position");--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_opens_on_request_id_video_requests_id_fk" FOREIGN KEY ("opens_on_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_requests_opens_on_idx" ON "video_requests" USING btree ("opens_on_request_id") WHERE "video_requests"."opens_on_request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "video_requests_story_idx" ON "video_requests" USING btree ("story_id") WHERE "video_requests"."story_id" IS NOT NULL;