// Push notifications (docs/notifications.md): each device's subscription, each account's settings, the
// games an account muted.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { event } from "./games.ts";

/**
 * One device's push subscription: a browser's (Web Push: the push service's endpoint and the keys the
 * payload is encrypted to) or the mobile app's (its FCM or APNs token in `endpoint`, no keys). One per endpoint:
 * a device signed in to another account moves to it. Deleted when the push service answers 404 or 410.
 */
export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** web (a browser's push service), android (FCM), ios (APNs). */
    channel: text("channel", { enum: ["web", "android", "ios"] }).notNull(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh"),
    auth: text("auth"),
    /** The device's zone when it subscribed: quiet hours are its night. */
    timeZone: text("time_zone").notNull(),
    /** "Chrome on Android": what the profile lists. */
    label: text("label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("push_subscription_user").on(table.userId),
    check("push_subscription_keys", sql`${table.channel} <> 'web' or (${table.p256dh} is not null and ${table.auth} is not null)`),
  ],
);

/**
 * An account's push settings; no row is the defaults (every kind on, quiet 22:00–08:00). Minutes of
 * the day on the device's clock; `quietStart` = `quietEnd` is no quiet hours.
 */
export const pushSettings = pgTable(
  "push_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    promotion: boolean("promotion").default(true).notNull(),
    changes: boolean("changes").default(true).notNull(),
    decision: boolean("decision").default(true).notNull(),
    reminders: boolean("reminders").default(true).notNull(),
    openings: boolean("openings").default(true).notNull(),
    spots: boolean("spots").default(true).notNull(),
    quietStart: smallint("quiet_start").default(22 * 60).notNull(),
    quietEnd: smallint("quiet_end").default(8 * 60).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [check("push_settings_quiet", sql`${table.quietStart} between 0 and 1439 and ${table.quietEnd} between 0 and 1439`)],
);

/** A game whose news an account does not want pushed (mails still go). */
export const pushMute = pgTable(
  "push_mute",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId] })],
);
