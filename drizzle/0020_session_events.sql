-- Each web process keeps the sessions it validated for a few seconds (src/server/accounts/session-cache.server.ts,
-- docs/decisions/0020): an ended session or a changed user tells every process, on the realtime channel, to drop
-- that user's. One notification per user and statement: "sign out of all devices" deletes many rows at once.
CREATE FUNCTION "cena_notify_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cena_events', json_build_object('type', 'session', 'userId', ended_user.user_id)::text)
  FROM (SELECT DISTINCT user_id FROM ended) AS ended_user;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_ended_notify" AFTER DELETE ON "session" REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION "cena_notify_sessions_ended"();--> statement-breakpoint
CREATE FUNCTION "cena_notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cena_events', json_build_object('type', 'session', 'userId', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_changed_notify" AFTER UPDATE ON "user" FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW)
  EXECUTE FUNCTION "cena_notify_user_changed"();
