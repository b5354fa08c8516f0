-- Rate limits shared by every instance of the app (docs/decisions/026-shared-state.md): one token
-- bucket per key, taken and refilled by one atomic statement (src/server/http/rate-limit-store.ts).
-- UNLOGGED: no write-ahead log for counters that are rewritten on every limited request; after a
-- crash of the database they start again, as they did before on every restart of the app.
CREATE UNLOGGED TABLE "rate_limit_bucket" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"taken" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A full bucket is the same as no row; the hourly prune deletes rows not touched for a window.
CREATE INDEX "rate_limit_bucket_updated_at_idx" ON "rate_limit_bucket" USING btree ("updated_at");--> statement-breakpoint
-- Every instance keeps the sessions it looked up for a second (src/server/auth/session.ts). A change
-- that can end a session or alter what is kept with it announces itself on the live channel in its
-- own transaction, so that every instance drops its session cache when it commits, whatever made
-- the change (a sign-out, a password reset or change, an email change, a revocation, a deletion,
-- the idle limit, a tool). Identical notifications of one transaction are delivered once.
CREATE FUNCTION announce_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kickoff_live', '{"type":"sessions"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_change_announced AFTER DELETE OR UPDATE OF token, user_id, expires_at ON "session"
  FOR EACH ROW EXECUTE FUNCTION announce_sessions_changed();--> statement-breakpoint
CREATE TRIGGER user_change_announced AFTER DELETE OR UPDATE OF email, email_verified, name, first_name, last_name, notify_new_events ON "user"
  FOR EACH ROW EXECUTE FUNCTION announce_sessions_changed();
--> statement-breakpoint
-- The times of the last account mails per recipient and kind (src/server/mail/recipient-limit.ts,
-- decision 015), shared by every instance; at most the limit's number of times per key.
CREATE UNLOGGED TABLE "mail_recipient_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"sent" timestamp with time zone[] NOT NULL
);
