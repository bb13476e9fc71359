ALTER TABLE "prepaid_payments" DROP CONSTRAINT "prepaid_payments_kind_valid";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "upgrade_from_plan_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "upgrade_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "upgrade_days_left" integer;--> statement-breakpoint
ALTER TABLE "prepaid_payments" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "prepaid_payments" ADD CONSTRAINT "prepaid_payments_declined_reason_valid" CHECK (("prepaid_payments"."kind" = 'declined') = ("prepaid_payments"."declined_reason" IS NOT NULL)
        AND ("prepaid_payments"."declined_reason" IS NULL OR "prepaid_payments"."declined_reason" IN ('not_higher', 'stale')));--> statement-breakpoint
ALTER TABLE "prepaid_payments" ADD CONSTRAINT "prepaid_payments_kind_valid" CHECK ("prepaid_payments"."kind" IN ('period', 'upgrade', 'declined'));