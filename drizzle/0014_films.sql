CREATE TABLE "film_scenes" (
	"film_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source_request_id" uuid,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	CONSTRAINT "film_scenes_film_id_position_pk" PRIMARY KEY("film_id","position"),
	CONSTRAINT "film_scenes_position_positive" CHECK ("film_scenes"."position" >= 1),
	CONSTRAINT "film_scenes_trim_valid" CHECK ("film_scenes"."start_seconds" >= 0 AND "film_scenes"."end_seconds" > "film_scenes"."start_seconds")
);
--> statement-breakpoint
ALTER TABLE "video_requests" DROP CONSTRAINT "video_requests_credits_used_positive";--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "film" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "film_scenes" ADD CONSTRAINT "film_scenes_film_id_video_requests_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."video_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_scenes" ADD CONSTRAINT "film_scenes_source_request_id_video_requests_id_fk" FOREIGN KEY ("source_request_id") REFERENCES "public"."video_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "film_scenes_source_idx" ON "film_scenes" USING btree ("source_request_id") WHERE "film_scenes"."source_request_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_credits_used_positive" CHECK ("video_requests"."credits_used" > 0 OR "video_requests"."film");