// Accounts: better-auth's tables (the shape its Drizzle adapter requires) with our profile fields,
// and an account deletion under way.
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  /** Opt-out of the "new game" mails (the original product told every user about each new event). */
  notifyNewEvents: boolean("notify_new_events").default(true).notNull(),
  /** Opt-out of the reminders 24 h and 2 h before a game one holds a spot in (docs/calendar-and-reminders.md). */
  notifyGameReminders: boolean("notify_game_reminders").default(true).notNull(),
  /** The language the user chose ("en" | "fr"); null until they choose, when mails use English (docs/languages.md). */
  language: text("language"),
  stripeCustomerId: text("stripe_customer_id"),
  /** The simulated processor's customer (PAYMENTS=simulated), kept apart so switching modes never mixes ids. */
  simulatedCustomerId: text("simulated_customer_id"),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Server-side idle limit: a session unused for SESSION_IDLE_MINUTES is revoked. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).defaultNow().notNull(),
    ...timestamps,
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/**
 * An account whose deletion has begun: its spots are being released. A join checks it inside the
 * game's lock (registrations/join.ts), so no spot can be taken between the release and the deletion
 * (docs/registrations-and-payments.md, "Account deletion"). A deletion that never finished (a crash)
 * stops counting after a few minutes; the row goes with the account.
 */
export const accountDeletion = pgTable("account_deletion", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).defaultNow().notNull(),
});
