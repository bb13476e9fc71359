CREATE TABLE "prompt_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"built_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "take_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"take" integer NOT NULL,
	"passed" boolean NOT NULL,
	"problems" jsonb NOT NULL,
	"model_verdict" jsonb,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "take_checks_request_take_unique" UNIQUE("request_id","take"),
	CONSTRAINT "take_checks_take_valid" CHECK ("take_checks"."take" IN (1, 2))
);
--> statement-breakpoint
ALTER TABLE "prompt_previews" ADD CONSTRAINT "prompt_previews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_checks" ADD CONSTRAINT "take_checks_request_id_video_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_previews_user_created_idx" ON "prompt_previews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "take_checks_checked_idx" ON "take_checks" USING btree ("checked_at" DESC NULLS LAST);