CREATE TYPE "public"."refund_reason" AS ENUM('player_cancel', 'guest_removed', 'admin_cancel', 'late_charge', 'account_deleted');--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "reason" "refund_reason";--> statement-breakpoint
-- Refunds written before the reason was stored get the class the console gave them, from why their
-- registration was closed (docs/money.md); a removed guest's is its own. Every refund whose spot was
-- released before its charge landed, other than by an admin cancel or an account deletion, was a late charge.
UPDATE "payment" p SET "reason" = CASE
    WHEN p."guest_id" IS NOT NULL THEN 'guest_removed'
    WHEN r."closed_reason" = 'user_left' THEN 'player_cancel'
    WHEN r."closed_reason" = 'event_cancelled' THEN 'admin_cancel'
    WHEN r."closed_reason" = 'account_deleted' THEN 'account_deleted'
    ELSE 'late_charge'
  END::refund_reason
  FROM "registration" r
 WHERE r."id" = p."registration_id" AND p."kind" = 'refund';--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_refund_reason" CHECK (("payment"."kind" = 'refund') = ("payment"."reason" is not null));--> statement-breakpoint
-- Stored days grouped refunds by the registration's closed reason; they are summed again by reason.
DELETE FROM "console_day";
