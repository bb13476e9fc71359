CREATE TABLE "api_key_spends" (
	"key_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_spends_key_id_reference_pk" PRIMARY KEY("key_id","reference")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"daily_credit_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"request_count" bigint DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone,
	"window_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_keys_prefix_key" UNIQUE("prefix"),
	CONSTRAINT "api_keys_scopes_valid" CHECK ("api_keys"."scopes" <@ ARRAY['read', 'create']::text[] AND cardinality("api_keys"."scopes") > 0),
	CONSTRAINT "api_keys_daily_limit_positive" CHECK ("api_keys"."daily_credit_limit" IS NULL OR "api_keys"."daily_credit_limit" > 0),
	CONSTRAINT "api_keys_name_length" CHECK (length("api_keys"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "api_key_spends" ADD CONSTRAINT "api_key_spends_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_spends_day_idx" ON "api_key_spends" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");