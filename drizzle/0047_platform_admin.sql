CREATE TABLE "api_key_hourly_requests" (
	"key_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "api_key_hourly_requests_key_id_hour_pk" PRIMARY KEY("key_id","hour")
);
--> statement-breakpoint
CREATE TABLE "mcp_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "api_key_hourly_requests" ADD CONSTRAINT "api_key_hourly_requests_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_sessions" ADD CONSTRAINT "mcp_sessions_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_hourly_requests_hour_idx" ON "api_key_hourly_requests" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "mcp_sessions_key_idx" ON "mcp_sessions" USING btree ("key_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "mcp_sessions_started_idx" ON "mcp_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "mcp_sessions_seen_idx" ON "mcp_sessions" USING btree ("last_seen_at");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_webhook_deliveries_created_idx" ON "customer_webhook_deliveries" USING btree ("created_at");