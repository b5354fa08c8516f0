// Calendar feeds and game reminders (docs/calendar-and-reminders.md).
import { pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { event } from "./games.ts";

/**
 * The secret of a user's calendar feed URL, as a SHA-256 hash only: the token itself is shown once,
 * when it is made. One per user; replacing it overwrites the hash, so the old URL stops working.
 */
export const calendarFeedToken = pgTable("calendar_feed_token", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

export const gameReminderKind = pgEnum("game_reminder_kind", ["24h", "2h"]);

/**
 * Each reminder claimed for a person, game and kind: the key is what makes it go out once, whichever
 * worker or instance sweeps. The claim commits with the job that mails it; sentAt is set once the
 * mail server took it (null: not sent yet, or dropped because the spot or the game went meanwhile).
 */
export const gameReminder = pgTable(
  "game_reminder",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    kind: gameReminderKind("kind").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId, table.kind] })],
);
