CREATE TABLE "billing_throttles" (
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_throttles_user_id_action_pk" PRIMARY KEY("user_id","action"),
	CONSTRAINT "billing_throttles_action_valid" CHECK ("billing_throttles"."action" IN ('check-subscription', 'reconcile'))
);
--> statement-breakpoint
ALTER TABLE "billing_throttles" ADD CONSTRAINT "billing_throttles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Added by hand: the check-subscription throttle moves here from billing_checks (dropped by 0008).
INSERT INTO "billing_throttles" ("user_id", "action", "at")
SELECT "user_id", 'check-subscription', "checked_at" FROM "billing_checks";
