CREATE TABLE "invitations" (
	"invitee_user_id" text PRIMARY KEY NOT NULL,
	"inviter_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchase_source" text,
	"purchase_ref" text,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "trial_claims" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"address_hash" text,
	"device_hash" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_claims_outcome_valid" CHECK ("trial_claims"."outcome" IN ('granted', 'address_limit', 'device_limit'))
);
--> statement-breakpoint
ALTER TABLE "credit_grants" DROP CONSTRAINT "credit_grants_source_valid";--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_user_id","created_at");--> statement-breakpoint
CREATE INDEX "trial_claims_address_idx" ON "trial_claims" USING btree ("address_hash","created_at") WHERE "trial_claims"."outcome" = 'granted';--> statement-breakpoint
CREATE INDEX "trial_claims_device_idx" ON "trial_claims" USING btree ("device_hash","created_at") WHERE "trial_claims"."outcome" = 'granted';--> statement-breakpoint
CREATE INDEX "trial_claims_user_idx" ON "trial_claims" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_source_valid" CHECK ("credit_grants"."source" IN ('plan', 'package', 'refund', 'adjustment', 'trial', 'invite'));