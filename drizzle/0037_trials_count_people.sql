ALTER TABLE "trial_claims" DROP CONSTRAINT "trial_claims_outcome_valid";--> statement-breakpoint
ALTER TABLE "trial_claims" ADD COLUMN "domain_hash" text;--> statement-breakpoint
CREATE INDEX "trial_claims_domain_idx" ON "trial_claims" USING btree ("domain_hash","created_at") WHERE "trial_claims"."outcome" = 'granted';--> statement-breakpoint
CREATE INDEX "trial_claims_signals_idx" ON "trial_claims" USING btree ("created_at") WHERE "trial_claims"."address_hash" IS NOT NULL OR "trial_claims"."device_hash" IS NOT NULL OR "trial_claims"."domain_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_outcome_valid" CHECK ("trial_claims"."outcome" IN ('granted', 'address_limit', 'device_limit', 'domain_limit', 'disposable_domain'));