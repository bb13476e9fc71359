ALTER TABLE "credit_ledger_entries" DROP CONSTRAINT "credit_ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" DROP CONSTRAINT "credit_ledger_entries_kind_shape";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "corrects_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_corrects_id_transactions_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_corrects_idx" ON "transactions" USING btree ("corrects_id") WHERE "transactions"."corrects_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "video_requests_created_idx" ON "video_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "video_requests_failed_idx" ON "video_requests" USING btree ("updated_at" DESC NULLS LAST) WHERE "video_requests"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_kind_valid" CHECK ("credit_ledger_entries"."kind" IN ('grant', 'hold', 'capture', 'void', 'refund_grant', 'clawback', 'correction'));--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_kind_shape" CHECK (CASE "credit_ledger_entries"."kind"
        WHEN 'grant' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NULL
        WHEN 'hold' THEN "credit_ledger_entries"."amount" < 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'capture' THEN "credit_ledger_entries"."amount" = 0 AND "credit_ledger_entries"."grant_id" IS NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'void' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'refund_grant' THEN "credit_ledger_entries"."amount" > 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NOT NULL
        WHEN 'clawback' THEN "credit_ledger_entries"."amount" < 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NULL
        WHEN 'correction' THEN "credit_ledger_entries"."amount" <> 0 AND "credit_ledger_entries"."grant_id" IS NOT NULL AND "credit_ledger_entries"."hold_id" IS NULL
        ELSE false END);