CREATE TABLE "receipts_sent" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"item" text NOT NULL,
	"receipt_url" text,
	"paid_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "receipts_sent_unmailed_idx" ON "receipts_sent" USING btree ("paid_at") WHERE "receipts_sent"."emailed_at" IS NULL;