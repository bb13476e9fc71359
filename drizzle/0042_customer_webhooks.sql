CREATE TABLE "customer_webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"response_code" integer,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "customer_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"schedule_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_response_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_webhook_deliveries_event_endpoint_key" UNIQUE("event_id","endpoint_id"),
	CONSTRAINT "customer_webhook_deliveries_status_check" CHECK ("customer_webhook_deliveries"."status" IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "customer_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"sealed_secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failure_streak" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"subject_id" text,
	"data" jsonb,
	"refunded_credits" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_webhook_events_subject_key" UNIQUE("type","subject_id")
);
--> statement-breakpoint
ALTER TABLE "customer_webhook_attempts" ADD CONSTRAINT "customer_webhook_attempts_delivery_id_customer_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."customer_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_webhook_deliveries" ADD CONSTRAINT "customer_webhook_deliveries_endpoint_id_customer_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."customer_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_webhook_deliveries" ADD CONSTRAINT "customer_webhook_deliveries_event_id_customer_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."customer_webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_webhook_endpoints" ADD CONSTRAINT "customer_webhook_endpoints_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_webhook_events" ADD CONSTRAINT "customer_webhook_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_webhook_attempts_delivery_idx" ON "customer_webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "customer_webhook_attempts_at_idx" ON "customer_webhook_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "customer_webhook_deliveries_endpoint_idx" ON "customer_webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_webhook_endpoints_user_idx" ON "customer_webhook_endpoints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_webhook_events_user_idx" ON "customer_webhook_events" USING btree ("user_id");