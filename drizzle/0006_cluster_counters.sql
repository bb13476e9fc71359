CREATE TABLE "cluster_counter_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cluster_counter_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"label" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_counters" (
	"name" text NOT NULL,
	"label" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cluster_counters_name_label_pk" PRIMARY KEY("name","label")
);
--> statement-breakpoint
-- Added by hand (drizzle cannot express triggers). Statement-level triggers with transition tables append one
-- change row per (counter, status) a statement moved: no shared row is updated, so writers never wait on each other
-- here, and a bulk statement adds a handful of rows, not one per row it touched.
CREATE FUNCTION "cena_count_video_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cluster_counter_changes (name, label, delta)
    SELECT 'video_requests', status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cluster_counter_changes (name, label, delta)
    SELECT 'video_requests', status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    INSERT INTO cluster_counter_changes (name, label, delta)
    SELECT 'video_requests', c.label, sum(c.delta)
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.status, -1), (n.status, 1)) AS c(label, delta)
    WHERE o.status IS DISTINCT FROM n.status
    GROUP BY c.label HAVING sum(c.delta) <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "video_requests_count_insert" AFTER INSERT ON "video_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE TRIGGER "video_requests_count_update" AFTER UPDATE ON "video_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE TRIGGER "video_requests_count_delete" AFTER DELETE ON "video_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE FUNCTION "cena_count_credit_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cluster_counter_changes (name, label, delta)
    SELECT 'credit_holds', status, count(*) FROM new_rows GROUP BY status
    UNION ALL
    SELECT 'credits_held', status, sum(amount) FROM new_rows GROUP BY status;
  ELSE
    INSERT INTO cluster_counter_changes (name, label, delta)
    SELECT c.name, c.label, sum(c.delta)
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      ('credit_holds', o.status, -1), ('credit_holds', n.status, 1),
      ('credits_held', o.status, -o.amount), ('credits_held', n.status, n.amount)
    ) AS c(name, label, delta)
    WHERE o.status IS DISTINCT FROM n.status
    GROUP BY c.name, c.label HAVING sum(c.delta) <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Holds are never deleted (the ledger references them).
CREATE TRIGGER "credit_holds_count_insert" AFTER INSERT ON "credit_holds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_credit_holds"();--> statement-breakpoint
CREATE TRIGGER "credit_holds_count_update" AFTER UPDATE ON "credit_holds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_credit_holds"();--> statement-breakpoint
-- Folds the pending changes into the totals; one run at a time (the lock), and never in a writer's way: writers only
-- insert changes, and a change committed during the run is simply left for the next one.
CREATE FUNCTION "cena_compact_counters"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('cena:compact-counters'));
  WITH gone AS (
    DELETE FROM cluster_counter_changes RETURNING name, label, delta
  ), summed AS (
    SELECT name, label, sum(delta) AS delta, count(*) AS n FROM gone GROUP BY name, label
  ), applied AS (
    INSERT INTO cluster_counters (name, label, value) SELECT name, label, delta FROM summed
    ON CONFLICT (name, label) DO UPDATE SET value = cluster_counters.value + EXCLUDED.value
  )
  SELECT COALESCE(sum(n), 0) INTO folded FROM summed;
  RETURN folded;
END;
$$;--> statement-breakpoint
-- The rows already there, counted once; the triggers above hold writers back until this migration commits.
INSERT INTO cluster_counters (name, label, value)
SELECT 'video_requests', status, count(*) FROM video_requests GROUP BY status
UNION ALL SELECT 'credit_holds', status, count(*) FROM credit_holds GROUP BY status
UNION ALL SELECT 'credits_held', status, sum(amount) FROM credit_holds GROUP BY status;
