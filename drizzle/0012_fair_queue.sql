CREATE TABLE "provider_budgets" (
	"project" text NOT NULL,
	"model" text NOT NULL,
	"learned_rpm" double precision NOT NULL,
	"backoff_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_budgets_project_model_pk" PRIMARY KEY("project","model")
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"model" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"throttled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_leases" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"model" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "provider_project" text;--> statement-breakpoint
ALTER TABLE "provider_leases" ADD CONSTRAINT "provider_leases_request_id_video_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_calls_project_model_at_idx" ON "provider_calls" USING btree ("project","model","at");--> statement-breakpoint
CREATE INDEX "provider_leases_project_model_idx" ON "provider_leases" USING btree ("project","model","expires_at");--> statement-breakpoint
CREATE INDEX "video_requests_waiting_idx" ON "video_requests" USING btree ("user_id","created_at","id") WHERE "video_requests"."status" = 'pending' AND "video_requests"."dispatched_at" IS NULL;--> statement-breakpoint
CREATE INDEX "video_requests_user_dispatched_idx" ON "video_requests" USING btree ("user_id","dispatched_at" DESC NULLS LAST) WHERE "video_requests"."dispatched_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "video_requests_generated_idx" ON "video_requests" USING btree ("generated_at" DESC NULLS LAST) WHERE "video_requests"."generated_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "video_requests_dispatched_idx" ON "video_requests" USING btree ("dispatched_at") WHERE "video_requests"."dispatched_at" IS NOT NULL;--> statement-breakpoint
-- Requests already in flight when the fair queue arrives were sent their job at creation: they count as dispatched.
UPDATE "video_requests" SET "dispatched_at" = "created_at" WHERE "status" NOT IN ('completed', 'failed');
