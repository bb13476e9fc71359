CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"video_request_id" uuid,
	"reason" text NOT NULL,
	"details" text,
	"reporter_mark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "content_reports_reason_valid" CHECK ("content_reports"."reason" IN ('real_person_without_consent', 'sexual_content', 'minor', 'violence_or_hate', 'copyright', 'electoral', 'other')),
	CONSTRAINT "content_reports_decision_valid" CHECK ("content_reports"."decision" IS NULL OR "content_reports"."decision" IN ('dismiss', 'take_down')),
	CONSTRAINT "content_reports_decided_together" CHECK (("content_reports"."decision" IS NULL) = ("content_reports"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor" text,
	"report_id" uuid,
	"takedown_id" uuid,
	"video_request_id" uuid,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "takedowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_request_id" uuid,
	"report_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner_mailed_at" timestamp with time zone,
	"contested_at" timestamp with time zone,
	"contest_text" text,
	"contest_decision" text,
	"contest_decided_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "takedowns_reason_valid" CHECK ("takedowns"."reason" IN ('real_person_without_consent', 'sexual_content', 'minor', 'violence_or_hate', 'copyright', 'electoral', 'other')),
	CONSTRAINT "takedowns_contest_together" CHECK (("takedowns"."contested_at" IS NULL) = ("takedowns"."contest_text" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_video_request_id_video_requests_id_fk" FOREIGN KEY ("video_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_video_request_id_video_requests_id_fk" FOREIGN KEY ("video_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_report_id_content_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."content_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE "content_reports"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "content_reports_video_idx" ON "content_reports" USING btree ("video_request_id");--> statement-breakpoint
CREATE INDEX "content_reports_mark_idx" ON "content_reports" USING btree ("reporter_mark","created_at");--> statement-breakpoint
CREATE INDEX "moderation_events_at_idx" ON "moderation_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "takedowns_in_force_idx" ON "takedowns" USING btree ("video_request_id") WHERE "takedowns"."lifted_at" IS NULL;