CREATE TABLE "prepaid_payments" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text NOT NULL,
	"previous_plan_id" text,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_payments_kind_valid" CHECK ("prepaid_payments"."kind" IN ('period', 'upgrade'))
);
--> statement-breakpoint
CREATE TABLE "prepaid_reminders" (
	"subscription_id" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prepaid_reminders_subscription_id_period_end_days_before_pk" PRIMARY KEY("subscription_id","period_end","days_before"),
	CONSTRAINT "prepaid_reminders_days_valid" CHECK ("prepaid_reminders"."days_before" IN (7, 1))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "upgrades_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "collection" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "prepaid_payments" ADD CONSTRAINT "prepaid_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_reminders" ADD CONSTRAINT "prepaid_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_prepaid_end_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."collection" = 'prepaid' AND "subscriptions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_method_valid" CHECK ("checkout_sessions"."payment_method" IN ('card', 'pix', 'boleto'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_collection_valid" CHECK ("subscriptions"."collection" IN ('automatic', 'prepaid'));