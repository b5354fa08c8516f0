ALTER TABLE "user" ADD COLUMN "language" text;--> statement-breakpoint
-- The session cache holds the account's language too (src/server/auth/session.ts): a change on one
-- instance must drop it on the others, like a change of name (docs/decisions/026-shared-state.md).
DROP TRIGGER user_change_announced ON "user";--> statement-breakpoint
CREATE TRIGGER user_change_announced AFTER DELETE OR UPDATE OF email, email_verified, name, first_name, last_name, notify_new_events, language ON "user"
  FOR EACH ROW EXECUTE FUNCTION announce_sessions_changed();
