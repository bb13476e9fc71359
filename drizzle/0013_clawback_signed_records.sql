ALTER TABLE "credit_clawbacks" DROP CONSTRAINT "credit_clawbacks_amount_non_negative";--> statement-breakpoint
ALTER TABLE "credit_clawbacks" DROP CONSTRAINT "credit_clawbacks_reference_length";--> statement-breakpoint
CREATE INDEX "credit_grants_restored_from_idx" ON "credit_grants" USING btree (("metadata"->>'grantId')) WHERE "credit_grants"."source" = 'refund';--> statement-breakpoint
ALTER TABLE "credit_clawbacks" ADD CONSTRAINT "credit_clawbacks_amount_sign" CHECK ("credit_clawbacks"."amount" >= 0 OR right("credit_clawbacks"."reference", 9) = ':restored');--> statement-breakpoint
ALTER TABLE "credit_clawbacks" ADD CONSTRAINT "credit_clawbacks_reference_length" CHECK (length("credit_clawbacks"."reference") BETWEEN 1 AND 260);--> statement-breakpoint
-- Hand-added: reversals recorded before this migration took 0; their record now carries, negative, what the
-- restoration grant named after it gave back, so a purchase's records net to what it still owes. The records are
-- append-only (0002): this one correction of the past is the only change ever made to them.
ALTER TABLE "credit_clawbacks" DISABLE TRIGGER "credit_clawbacks_append_only";--> statement-breakpoint
UPDATE "credit_clawbacks" AS c SET "amount" = -g."amount"
FROM "credit_grants" AS g
WHERE right(c."reference", 9) = ':restored' AND g."source" = 'refund' AND g."source_ref" = c."reference"
  AND g."user_id" = c."user_id";--> statement-breakpoint
ALTER TABLE "credit_clawbacks" ENABLE TRIGGER "credit_clawbacks_append_only";
