CREATE TABLE "provider_leftovers" (
	"operation_name" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"request_id" uuid,
	"provider_project" text,
	"reason" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "provider_leftovers_reason_valid" CHECK ("provider_leftovers"."reason" IN ('replaced_take', 'abandoned'))
);
--> statement-breakpoint
CREATE INDEX "provider_leftovers_user_idx" ON "provider_leftovers" USING btree ("user_id");