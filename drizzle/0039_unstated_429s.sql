ALTER TABLE "provider_budgets" ADD COLUMN "learned_in_flight" double precision;--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "accepted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_leases" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: creates Google already answered with an id (the request stored its operation) were accepted.
UPDATE "provider_calls" c SET "accepted" = true FROM "video_requests" r
WHERE c."request_id" = r."id" AND NOT c."throttled" AND r."operation_name" IS NOT NULL;--> statement-breakpoint
UPDATE "provider_leases" l SET "accepted_at" = l."sent_at" FROM "video_requests" r
WHERE l."request_id" = r."id" AND l."sent_at" IS NOT NULL AND r."operation_name" IS NOT NULL;
