CREATE TABLE "withdrawal_confirmations" (
	"claim_ref" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_method" text,
	"payout" boolean DEFAULT false NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "withdrawal_confirmations_unmailed_idx" ON "withdrawal_confirmations" USING btree ("withdrawn_at") WHERE "withdrawal_confirmations"."emailed_at" IS NULL;