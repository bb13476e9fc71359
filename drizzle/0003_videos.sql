CREATE TABLE "video_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_key" uuid NOT NULL,
	"prompt" text NOT NULL,
	"structured_prompt" jsonb,
	"quality" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"seed" integer,
	"credits_used" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"reference_image_key" text,
	"video_key" text,
	"thumbnail_key" text,
	"provider" text,
	"model" text,
	"operation_name" text,
	"resolution" text,
	"duration_seconds" double precision,
	"hold_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "video_requests_client_key_unique" UNIQUE("user_id","client_key"),
	CONSTRAINT "video_requests_status_valid" CHECK ("video_requests"."status" IN ('pending', 'processing', 'generating', 'rendering', 'completed', 'failed')),
	CONSTRAINT "video_requests_quality_valid" CHECK ("video_requests"."quality" IN ('fast', 'quality')),
	CONSTRAINT "video_requests_aspect_ratio_valid" CHECK ("video_requests"."aspect_ratio" IN ('16:9', '9:16', '1:1', '4:3')),
	CONSTRAINT "video_requests_credits_used_positive" CHECK ("video_requests"."credits_used" > 0),
	CONSTRAINT "video_requests_seed_range" CHECK ("video_requests"."seed" IS NULL OR "video_requests"."seed" BETWEEN 10000 AND 99999),
	CONSTRAINT "video_requests_attempts_non_negative" CHECK ("video_requests"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_hold_id_credit_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."credit_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_requests_user_created_idx" ON "video_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_requests_unfinished_idx" ON "video_requests" USING btree ("created_at") WHERE "video_requests"."status" NOT IN ('completed', 'failed');--> statement-breakpoint
-- Every change to a request reaches the owner's open event streams (realtime hub → SSE `video_request`), whichever
-- process made it. AFTER … FOR EACH ROW: the NOTIFY is delivered only if the transaction commits.
CREATE FUNCTION "cena_notify_video_request"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data "video_requests";
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  PERFORM pg_notify('cena_events', json_build_object(
    'type', 'video_request',
    'userId', row_data.user_id,
    'id', row_data.id,
    'status', row_data.status,
    'op', lower(TG_OP)
  )::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "video_requests_notify" AFTER INSERT OR UPDATE OR DELETE ON "video_requests" FOR EACH ROW EXECUTE FUNCTION "cena_notify_video_request"();--> statement-breakpoint
-- Each change carries its time even when the writer forgets to set updated_at (an explicit value is kept).
CREATE FUNCTION "cena_touch_video_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN NEW.updated_at := now(); END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "video_requests_touch" BEFORE UPDATE ON "video_requests" FOR EACH ROW EXECUTE FUNCTION "cena_touch_video_request"();
