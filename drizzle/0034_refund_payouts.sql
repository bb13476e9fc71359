CREATE TABLE "refund_payouts" (
	"claim" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"pix_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "refund_payouts_status_valid" CHECK ("refund_payouts"."status" IN ('pending', 'paid')),
	CONSTRAINT "refund_payouts_amount_positive" CHECK ("refund_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "refund_payouts_pending_idx" ON "refund_payouts" USING btree ("created_at") WHERE "refund_payouts"."status" = 'pending';