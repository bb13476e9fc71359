CREATE TABLE "credit_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"plan_type" text DEFAULT 'purchased' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "credit_grants_source_ref_unique" UNIQUE("source","source_ref"),
	CONSTRAINT "credit_grants_amount_positive" CHECK ("credit_grants"."amount" > 0),
	CONSTRAINT "credit_grants_remaining_range" CHECK ("credit_grants"."remaining" >= 0 AND "credit_grants"."remaining" <= "credit_grants"."amount"),
	CONSTRAINT "credit_grants_source_valid" CHECK ("credit_grants"."source" IN ('plan', 'package', 'refund', 'adjustment')),
	CONSTRAINT "credit_grants_source_ref_length" CHECK (length("credit_grants"."source_ref") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "credit_hold_allocations" (
	"hold_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_hold_allocations_hold_id_grant_id_pk" PRIMARY KEY("hold_id","grant_id"),
	CONSTRAINT "credit_hold_allocations_amount_positive" CHECK ("credit_hold_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "credit_holds_reference_unique" UNIQUE("reference"),
	CONSTRAINT "credit_holds_amount_positive" CHECK ("credit_holds"."amount" > 0),
	CONSTRAINT "credit_holds_status_valid" CHECK ("credit_holds"."status" IN ('pending', 'captured', 'voided')),
	CONSTRAINT "credit_holds_resolved_at" CHECK (("credit_holds"."status" = 'pending') = ("credit_holds"."resolved_at" IS NULL)),
	CONSTRAINT "credit_holds_reference_length" CHECK (length("credit_holds"."reference") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"grant_id" uuid,
	"hold_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "credit_ledger_entries_kind_valid" CHECK ("credit_ledger_entries"."kind" IN ('grant', 'hold', 'capture', 'void', 'refund_grant')),
	CONSTRAINT "credit_ledger_entries_kind_shape" CHECK (CASE "credit_ledger_entries"."kind"
        WHEN 'grant' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NULL
        WHEN 'hold' THEN "credit_ledger_entries"."amount" < 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'capture' THEN "credit_ledger_entries"."amount" = 0 AND "credit_ledger_entries"."grant_id" IS NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'void' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'refund_grant' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        ELSE false END)
);
--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_credit_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."credit_accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold_allocations" ADD CONSTRAINT "credit_hold_allocations_hold_id_credit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."credit_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold_allocations" ADD CONSTRAINT "credit_hold_allocations_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_user_id_credit_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."credit_accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_user_id_credit_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."credit_accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_hold_id_credit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."credit_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_grants_spend_order_idx" ON "credit_grants" USING btree ("user_id","expires_at","created_at","id") WHERE "credit_grants"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "credit_holds_user_idx" ON "credit_holds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_entries_user_recent_idx" ON "credit_ledger_entries" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- Hand-added (drizzle cannot express triggers): ledger entries and hold allocations are append-only. A correction
-- is a new entry; rewriting history must fail loudly, whoever tries it.
CREATE FUNCTION "credits_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % rejected', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "credit_ledger_entries" FOR EACH ROW EXECUTE FUNCTION "credits_reject_change"();--> statement-breakpoint
CREATE TRIGGER "credit_ledger_entries_no_truncate" BEFORE TRUNCATE ON "credit_ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "credits_reject_change"();--> statement-breakpoint
CREATE TRIGGER "credit_hold_allocations_append_only" BEFORE UPDATE OR DELETE ON "credit_hold_allocations" FOR EACH ROW EXECUTE FUNCTION "credits_reject_change"();--> statement-breakpoint
CREATE TRIGGER "credit_hold_allocations_no_truncate" BEFORE TRUNCATE ON "credit_hold_allocations" FOR EACH STATEMENT EXECUTE FUNCTION "credits_reject_change"();
