// First-party analytics (docs/decisions/018-first-party-analytics.md): counts, never who.
import { bigserial, boolean, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const analyticsHitKind = pgEnum("analytics_hit_kind", ["view", "share"]);
export const analyticsScreen = pgEnum("analytics_screen", ["home", "event", "your-events", "profile", "login", "other"]);
export const analyticsDevice = pgEnum("analytics_device", ["phone", "tablet", "desktop"]);

/**
 * One screen viewed or one Share button use (src/server/analytics/). No address, user agent, cookie
 * or user id: the visitor is a hash with the day's salt. Deleted once more than 30 days old; the
 * daily sums stay in analytics_daily.
 */
export const pageHit = pgTable(
  "page_hit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The organiser's calendar day it arrived on (ANALYTICS_TIME_ZONE): what is counted, rolled up and deleted by. */
    day: date("day", { mode: "string" }).notNull(),
    kind: analyticsHitKind("kind").notNull(),
    screen: analyticsScreen("screen").notNull(),
    /** The game of an event page; no foreign key: a link to a game that does not exist is still a hit. */
    eventId: uuid("event_id"),
    signedIn: boolean("signed_in").notNull(),
    /** The first screen of a page load, the one that says where the visit came from. */
    landing: boolean("landing").notNull(),
    /** The site that linked here ("whatsapp", "t.co"), on landings only; null: none. */
    referrer: text("referrer"),
    device: analyticsDevice("device").notNull(),
    /** HMAC of the address and user agent with the day's salt: the same all day, unlinkable once the salt is gone. */
    visitor: text("visitor").notNull(),
  },
  (table) => [index("page_hit_day_idx").on(table.day)],
);

/** The secret of one day's visitor hashes; deleted on the second day after it. */
export const analyticsSalt = pgTable("analytics_salt", {
  day: date("day", { mode: "string" }).primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

/** The hits of each finished day added up (analytics/sum-hits.ts lists the metrics), kept for good. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    key: text("key").notNull(),
    value: integer("value").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.key] })],
);
