-- Written by hand (ADR 0026): the history search ignores accents and case. unaccent() is STABLE (its dictionary
-- could change), so an index or a generated column cannot use it; this IMMUTABLE wrapper names the dictionary, and
-- its SQL-standard body binds unaccent and the dictionary when created, whatever the search_path of a later
-- ANALYZE, restore or query (https://www.postgresql.org/docs/current/unaccent.html,
-- https://www.postgresql.org/docs/current/sql-createfunction.html).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION cena_search_text(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1));
END;--> statement-breakpoint
DROP INDEX "video_requests_user_quality_prompt_trgm_idx";--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "prompt_search" text GENERATED ALWAYS AS (cena_search_text(prompt)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "video_requests_user_search_fast_trgm_idx" ON "video_requests" USING gin ("user_id","prompt_search" gin_trgm_ops) WHERE "video_requests"."quality" = 'fast';--> statement-breakpoint
CREATE INDEX "video_requests_user_search_quality_trgm_idx" ON "video_requests" USING gin ("user_id","prompt_search" gin_trgm_ops) WHERE "video_requests"."quality" = 'quality';