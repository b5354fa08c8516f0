CREATE TABLE "console_day" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"range_start" timestamp with time zone NOT NULL,
	"range_end" timestamp with time zone NOT NULL,
	"facts" jsonb NOT NULL,
	CONSTRAINT "console_day_time_zone_day_pk" PRIMARY KEY("time_zone","day")
);
--> statement-breakpoint
CREATE INDEX "console_day_range_start_idx" ON "console_day" USING btree ("range_start");--> statement-breakpoint
-- A change to a row that a summed day counted deletes that day, in the same transaction
-- (docs/console-rollups.md). Rows of the last two days are skipped at once: no summed day can hold
-- them, since a day is summed only three days after it ended. The shared advisory lock is held to
-- commit, so that a day being summed (which takes it exclusively) waits for this change and sees it.
CREATE FUNCTION console_day_forget(changed_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed_at IS NULL OR changed_at >= now() - interval '2 days' THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7301015);
  DELETE FROM console_day
   WHERE range_start <= changed_at AND range_start > changed_at - interval '26 hours' AND range_end > changed_at;
END $$;
--> statement-breakpoint
CREATE FUNCTION console_day_forget_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM console_day_forget(OLD.created_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM console_day_forget(NEW.created_at); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION console_day_forget_registration() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A registration counts on the day it was made (the daily chart) and on its game's day (fill,
  -- players, late cancels, no-shows, waitlist).
  IF TG_OP <> 'INSERT' THEN
    PERFORM console_day_forget(OLD.created_at);
    PERFORM console_day_forget((SELECT starts_at FROM event WHERE id = OLD.event_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM console_day_forget(NEW.created_at);
    IF TG_OP = 'INSERT' OR NEW.event_id IS DISTINCT FROM OLD.event_id THEN
      PERFORM console_day_forget((SELECT starts_at FROM event WHERE id = NEW.event_id));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION console_day_forget_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM console_day_forget(OLD.starts_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM console_day_forget(NEW.starts_at); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_forgets_console_day AFTER INSERT OR UPDATE OR DELETE ON payment
  FOR EACH ROW EXECUTE FUNCTION console_day_forget_payment();
--> statement-breakpoint
CREATE TRIGGER registration_forgets_console_day AFTER INSERT OR UPDATE OR DELETE ON registration
  FOR EACH ROW EXECUTE FUNCTION console_day_forget_registration();
--> statement-breakpoint
CREATE TRIGGER event_forgets_console_day AFTER INSERT OR UPDATE OR DELETE ON event
  FOR EACH ROW EXECUTE FUNCTION console_day_forget_event();
