import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
};

// --- better-auth tables (shape required by its Drizzle adapter) plus our profile fields ---

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  /** Opt-out of the "new game" mails (SPEC: every user is told about each new event). */
  notifyNewEvents: boolean("notify_new_events").default(true).notNull(),
  stripeCustomerId: text("stripe_customer_id"),
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

// --- local mailbox (development without SMTP_URL) ---

export const mailboxMessage = pgTable("mailbox_message", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

// --- games ---

export const eventStatus = pgEnum("event_status", ["active", "cancelled"]);

export const event = pgTable(
  "event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** IANA zone of the organiser's browser; dates in mails and previews are shown in it. */
    timeZone: text("time_zone").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    locationName: text("location_name").notNull().default("Unknown Location"),
    field: text("field"),
    costCents: integer("cost_cents").notNull(),
    maxPlayers: integer("max_players").notNull(),
    includeGoalkeepers: boolean("include_goalkeepers").notNull().default(false),
    goalkeeperCostCents: integer("goalkeeper_cost_cents").notNull().default(0),
    maxGoalkeepers: integer("max_goalkeepers").notNull().default(2),
    status: eventStatus("status").notNull().default("active"),
    organizerId: text("organizer_id").references(() => user.id, { onDelete: "set null" }),
    organizerName: text("organizer_name"),
    organizerEmail: text("organizer_email"),
    ...timestamps,
  },
  (table) => [
    index("event_status_ends_at_idx").on(table.status, table.endsAt),
    index("event_ends_at_idx").on(table.endsAt),
    check("event_cost_nonnegative", sql`${table.costCents} >= 0 and ${table.goalkeeperCostCents} >= 0`),
    check("event_capacity_positive", sql`${table.maxPlayers} >= 1 and ${table.maxGoalkeepers} >= 0`),
    check("event_ends_after_start", sql`${table.endsAt} >= ${table.startsAt}`),
  ],
);

export const registrationRole = pgEnum("registration_role", ["player", "goalkeeper"]);

/**
 * pending_payment holds a spot while the card is charged; confirmed is a spot; waitlisted waits in
 * `position` order; cancelled left without a refund due; refunded left with money returned.
 */
export const registrationStatus = pgEnum("registration_status", [
  "pending_payment",
  "confirmed",
  "waitlisted",
  "cancelled",
  "refunded",
]);

export const registration = pgTable(
  "registration",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: registrationRole("role").notNull(),
    status: registrationStatus("status").notNull(),
    /** Arrival order; waitlists are served by it. */
    position: bigserial("position", { mode: "number" }).notNull(),
    amountCents: integer("amount_cents").notNull().default(0),
    paymentIntentId: text("payment_intent_id"),
    paymentMethodId: text("payment_method_id"),
    chargeId: text("charge_id"),
    refundId: text("refund_id"),
    refundedCents: integer("refunded_cents"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("registration_event_user_role_idx").on(table.eventId, table.userId, table.role),
    index("registration_event_role_status_idx").on(table.eventId, table.role, table.status, table.position),
    index("registration_user_idx").on(table.userId),
  ],
);

/**
 * Who has been sent the "new game" mail of an event. Batches are recomputed when a job is retried,
 * so this ledger, not the batch, is what keeps anyone from getting the same announcement twice.
 */
export const newEventMailSent = pgTable(
  "new_event_mail_sent",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);
