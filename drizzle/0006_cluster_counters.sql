CREATE TABLE "cluster_counters" (
	"name" text NOT NULL,
	"label" text NOT NULL,
	"shard" smallint NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cluster_counters_name_label_shard_pk" PRIMARY KEY("name","label","shard")
);
--> statement-breakpoint
-- Added by hand (drizzle cannot express triggers). Statement-level triggers with transition tables: a statement
-- touching many rows (a bulk import, an account deleted with its requests) adds one change per status, not one per
-- row. Each change goes to a random shard, so concurrent writers rarely wait on the same counter row.
CREATE FUNCTION "cena_count"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cluster_counters (name, label, shard, value)
  SELECT c.name, c.label, floor(random() * 8)::smallint, c.delta
  FROM jsonb_to_recordset(changes) AS c(name text, label text, delta bigint)
  WHERE c.delta <> 0
  ON CONFLICT (name, label, shard) DO UPDATE SET value = cluster_counters.value + EXCLUDED.value;
$$;--> statement-breakpoint
CREATE FUNCTION "cena_count_video_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('name', 'video_requests', 'label', status, 'delta', n)) INTO changes
    FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('name', 'video_requests', 'label', status, 'delta', -n)) INTO changes
    FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) c;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('name', 'video_requests', 'label', label, 'delta', delta)) INTO changes
    FROM (
      SELECT label, sum(delta) AS delta FROM (
        SELECT o.status AS label, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status
        UNION ALL
        SELECT n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status IS DISTINCT FROM n.status
      ) d GROUP BY label
    ) c;
  END IF;
  IF changes IS NOT NULL THEN PERFORM cena_count(changes); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "video_requests_count_insert" AFTER INSERT ON "video_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE TRIGGER "video_requests_count_update" AFTER UPDATE ON "video_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE TRIGGER "video_requests_count_delete" AFTER DELETE ON "video_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE FUNCTION "cena_count_credit_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(change) INTO changes FROM (
      SELECT jsonb_build_object('name', 'credit_holds', 'label', status, 'delta', count(*)) AS change
      FROM new_rows GROUP BY status
      UNION ALL
      SELECT jsonb_build_object('name', 'credits_held', 'label', status, 'delta', sum(amount))
      FROM new_rows GROUP BY status
    ) c;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('name', name, 'label', label, 'delta', delta)) INTO changes
    FROM (
      SELECT name, label, sum(delta) AS delta FROM (
        SELECT 'credit_holds' AS name, o.status AS label, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status
        UNION ALL
        SELECT 'credit_holds', n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status
        UNION ALL
        SELECT 'credits_held', o.status, -o.amount FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status
        UNION ALL
        SELECT 'credits_held', n.status, n.amount FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status
      ) d GROUP BY name, label
    ) c;
  END IF;
  IF changes IS NOT NULL THEN PERFORM cena_count(changes); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Holds are never deleted (the ledger references them).
CREATE TRIGGER "credit_holds_count_insert" AFTER INSERT ON "credit_holds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_credit_holds"();--> statement-breakpoint
CREATE TRIGGER "credit_holds_count_update" AFTER UPDATE ON "credit_holds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cena_count_credit_holds"();--> statement-breakpoint
-- The rows already there, counted once; the triggers above hold writers back until this migration commits.
INSERT INTO cluster_counters (name, label, shard, value)
SELECT 'video_requests', status, 0, count(*) FROM video_requests GROUP BY status
UNION ALL SELECT 'credit_holds', status, 0, count(*) FROM credit_holds GROUP BY status
UNION ALL SELECT 'credits_held', status, 0, sum(amount) FROM credit_holds GROUP BY status;
