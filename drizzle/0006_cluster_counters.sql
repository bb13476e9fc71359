CREATE TABLE "cluster_counters" (
	"name" text NOT NULL,
	"label" text NOT NULL,
	"shard" smallint NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cluster_counters_name_label_shard_pk" PRIMARY KEY("name","label","shard")
);
--> statement-breakpoint
-- Added by hand (drizzle cannot express triggers). One change to the counters: add `delta` to a random shard.
CREATE FUNCTION "cena_count"(counter text, counter_label text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cluster_counters (name, label, shard, value)
  VALUES (counter, counter_label, floor(random() * 8)::smallint, delta)
  ON CONFLICT (name, label, shard) DO UPDATE SET value = cluster_counters.value + EXCLUDED.value;
$$;--> statement-breakpoint
CREATE FUNCTION "cena_count_video_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM cena_count('video_requests', OLD.status, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM cena_count('video_requests', NEW.status, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "video_requests_count" AFTER INSERT OR DELETE ON "video_requests" FOR EACH ROW EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE TRIGGER "video_requests_count_status" AFTER UPDATE OF "status" ON "video_requests" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "cena_count_video_requests"();--> statement-breakpoint
CREATE FUNCTION "cena_count_credit_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM cena_count('credit_holds', OLD.status, -1);
    PERFORM cena_count('credits_held', OLD.status, -OLD.amount);
  END IF;
  PERFORM cena_count('credit_holds', NEW.status, 1);
  PERFORM cena_count('credits_held', NEW.status, NEW.amount);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Holds are never deleted (the ledger references them).
CREATE TRIGGER "credit_holds_count" AFTER INSERT ON "credit_holds" FOR EACH ROW EXECUTE FUNCTION "cena_count_credit_holds"();--> statement-breakpoint
CREATE TRIGGER "credit_holds_count_status" AFTER UPDATE OF "status" ON "credit_holds" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "cena_count_credit_holds"();--> statement-breakpoint
-- The rows already there, counted once; the triggers above hold writers back until this migration commits.
INSERT INTO cluster_counters (name, label, shard, value)
SELECT 'video_requests', status, 0, count(*) FROM video_requests GROUP BY status
UNION ALL SELECT 'credit_holds', status, 0, count(*) FROM credit_holds GROUP BY status
UNION ALL SELECT 'credits_held', status, 0, sum(amount) FROM credit_holds GROUP BY status;
