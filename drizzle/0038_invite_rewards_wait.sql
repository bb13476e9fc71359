CREATE TABLE "invite_marks" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_marks_pk" PRIMARY KEY("user_id","kind","hash"),
	CONSTRAINT "invite_marks_kind_valid" CHECK ("invite_marks"."kind" IN ('device', 'address', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "reward_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "outcome" text;--> statement-breakpoint
CREATE INDEX "invite_marks_hash_idx" ON "invite_marks" USING btree ("kind","hash");--> statement-breakpoint
CREATE INDEX "invitations_inviter_rewarded_idx" ON "invitations" USING btree ("inviter_user_id","rewarded_at") WHERE "invitations"."outcome" = 'rewarded';--> statement-breakpoint
CREATE INDEX "invitations_due_idx" ON "invitations" USING btree ("reward_due_at") WHERE "invitations"."outcome" IS NULL AND "invitations"."purchase_ref" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_outcome_valid" CHECK ("invitations"."outcome" IN ('rewarded', 'refunded', 'same_device', 'same_address', 'same_payment', 'limit'));--> statement-breakpoint
-- Invitations rewarded under ADR 0040's rule were granted at the purchase: they keep their reward (ADR 0046).
UPDATE "invitations" SET "outcome" = 'rewarded', "reward_due_at" = "rewarded_at" WHERE "purchase_ref" IS NOT NULL;
