CREATE TABLE "billing_checks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_stripe_customer_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text,
	"billing_period" text,
	"package_id" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_kind_valid" CHECK ("checkout_sessions"."kind" IN ('plan', 'package')),
	CONSTRAINT "checkout_sessions_status_valid" CHECK ("checkout_sessions"."status" IN ('open', 'paid', 'canceled')),
	CONSTRAINT "checkout_sessions_shape" CHECK (CASE "checkout_sessions"."kind"
        WHEN 'plan' THEN "checkout_sessions"."plan_id" IS NOT NULL AND "checkout_sessions"."billing_period" IS NOT NULL AND "checkout_sessions"."package_id" IS NULL
        WHEN 'package' THEN "checkout_sessions"."package_id" IS NOT NULL AND "checkout_sessions"."plan_id" IS NULL
        ELSE false END)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"billing_period" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"scheduled_plan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_subscription_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "subscriptions_provider_valid" CHECK ("subscriptions"."provider" IN ('stripe', 'local')),
	CONSTRAINT "subscriptions_status_valid" CHECK ("subscriptions"."status" IN ('active', 'trialing', 'past_due', 'canceled', 'incomplete')),
	CONSTRAINT "subscriptions_period_valid" CHECK ("subscriptions"."billing_period" IN ('monthly', 'yearly'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"provider_ref" text NOT NULL,
	"stripe_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type_provider_ref_unique" UNIQUE("type","provider_ref"),
	CONSTRAINT "transactions_type_valid" CHECK ("transactions"."type" IN ('payment', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "credit_clawbacks" (
	"reference" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"grant_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_clawbacks_amount_non_negative" CHECK ("credit_clawbacks"."amount" >= 0),
	CONSTRAINT "credit_clawbacks_reference_length" CHECK (length("credit_clawbacks"."reference") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" DROP CONSTRAINT "credit_ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" DROP CONSTRAINT "credit_ledger_entries_kind_shape";--> statement-breakpoint
ALTER TABLE "billing_checks" ADD CONSTRAINT "billing_checks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_clawbacks" ADD CONSTRAINT "credit_clawbacks_user_id_credit_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."credit_accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_clawbacks" ADD CONSTRAINT "credit_clawbacks_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_user_recent_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_user_recent_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_clawbacks_grant_idx" ON "credit_clawbacks" USING btree ("grant_id");--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_kind_valid" CHECK ("credit_ledger_entries"."kind" IN ('grant', 'hold', 'capture', 'void', 'refund_grant', 'clawback'));--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_kind_shape" CHECK (CASE "credit_ledger_entries"."kind"
        WHEN 'grant' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NULL
        WHEN 'hold' THEN "credit_ledger_entries"."amount" < 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'capture' THEN "credit_ledger_entries"."amount" = 0 AND "credit_ledger_entries"."grant_id" IS NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'void' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'refund_grant' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'clawback' THEN "credit_ledger_entries"."amount" < 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NULL
        ELSE false END);--> statement-breakpoint
-- Hand-added (drizzle cannot express triggers): a change to a user's subscription row, in any process, tells every
-- web process, which pushes the fresh subscription to that user's open event streams (docs/billing-contract.md).
-- UPDATEs that change nothing are skipped, so a webhook replaying the same state does not wake every tab.
CREATE FUNCTION "cena_notify_subscription"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('cena_events', json_build_object('type', 'subscription', 'userId', NEW.user_id)::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify" AFTER INSERT OR UPDATE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "cena_notify_subscription"();--> statement-breakpoint
-- Clawbacks are ledger history: append-only like the entries they explain.
CREATE TRIGGER "credit_clawbacks_append_only" BEFORE UPDATE OR DELETE ON "credit_clawbacks" FOR EACH ROW EXECUTE FUNCTION "credits_reject_change"();--> statement-breakpoint
CREATE TRIGGER "credit_clawbacks_no_truncate" BEFORE TRUNCATE ON "credit_clawbacks" FOR EACH STATEMENT EXECUTE FUNCTION "credits_reject_change"();
