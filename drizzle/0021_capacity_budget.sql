CREATE TABLE "video_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slots" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_budgets" ADD COLUMN "decreased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_budgets" ADD COLUMN "quota_rpm" integer;--> statement-breakpoint
ALTER TABLE "provider_budgets" ADD COLUMN "quota_in_flight" integer;--> statement-breakpoint
ALTER TABLE "provider_budgets" ADD COLUMN "quota_rpd" integer;--> statement-breakpoint
ALTER TABLE "provider_budgets" ADD COLUMN "quota_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "cost_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_leases" ADD COLUMN "cost_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_calls_project_spend_idx" ON "provider_calls" USING btree ("project","at") WHERE "provider_calls"."cost_cents" > 0;--> statement-breakpoint
CREATE INDEX "provider_calls_request_idx" ON "provider_calls" USING btree ("request_id");--> statement-breakpoint
-- Hand-written: a request waiting before this column existed has waited since its creation.
UPDATE "video_requests" SET "queued_at" = "created_at";
