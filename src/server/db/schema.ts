import { sql } from "drizzle-orm";
import { ACTIVE_STATUSES } from "../../shared/registrations.ts";
import { REFUND_REASONS } from "../../shared/ledger.ts";
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
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

// --- local mailbox (development without SMTP_URL) ---

export const mailboxMessage = pgTable(
  "mailbox_message",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** The mail's Message-ID, when it has one: a mail sent again after a crash is kept once, as a mail client shows it once (docs/mails.md). */
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex("mailbox_message_message_id_idx").on(table.messageId)],
);

// --- games ---

export const eventStatus = pgEnum("event_status", ["active", "cancelled"]);

export const seriesStatus = pgEnum("series_status", ["active", "ended"]);

/**
 * A weekly series: the template its games are generated from, a fixed horizon ahead, each game an
 * ordinary `event` row with its own copy of every field (docs/series.md). The day and time are a wall
 * clock in `time_zone`, so a game at 19:00 stays at 19:00 across daylight-saving changes. It ends on
 * `end_date` or after `game_count` games (exactly one of them), or when an admin ends it.
 */
export const series = pgTable(
  "series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The first game's day ("yyyy-MM-dd" in the zone); every game falls 7 × n days later. */
    firstDate: date("first_date", { mode: "string" }).notNull(),
    /** ISO weekday of the games, 1 = Monday … 7 = Sunday (the first date's; dayOffset moves it). */
    weekday: integer("weekday").notNull(),
    /**
     * The games keyed on or after `offsetFrom` are played this many days from their key (-6 … 6): the
     * following games moved to another weekday (docs/series.md, "Moving the following games to another day").
     */
    dayOffset: integer("day_offset").notNull().default(0),
    offsetFrom: date("offset_from", { mode: "string" }),
    /** "HH:mm" on the zone's clock. */
    localTime: text("local_time").notNull(),
    timeZone: text("time_zone").notNull(),
    endDate: date("end_date", { mode: "string" }),
    gameCount: integer("game_count"),
    /** Each game opens for registration this long before its kick-off. */
    opensBeforeMinutes: integer("opens_before_minutes").notNull().default(6 * 24 * 60),
    /**
     * Regulars first (docs/series.md): regulars may join this long before the opening (null: no
     * window); a regular held a spot in at least regularsMinGames of the last regularsOfLast games;
     * at most regularsMaxPercent % of each role's spots go in the window.
     */
    regularsWindowMinutes: integer("regulars_window_minutes"),
    regularsMinGames: integer("regulars_min_games").notNull().default(3),
    regularsOfLast: integer("regulars_of_last").notNull().default(4),
    regularsMaxPercent: integer("regulars_max_percent").notNull().default(70),
    durationMinutes: integer("duration_minutes").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationName: text("location_name").notNull(),
    field: text("field"),
    notes: text("notes"),
    costCents: integer("cost_cents").notNull(),
    maxPlayers: integer("max_players").notNull(),
    includeGoalkeepers: boolean("include_goalkeepers").notNull().default(false),
    goalkeeperCostCents: integer("goalkeeper_cost_cents").notNull().default(0),
    maxGoalkeepers: integer("max_goalkeepers").notNull().default(2),
    /** +1 guests per player, copied to each game (docs/guests.md); 0: none. */
    maxGuestsPerPlayer: integer("max_guests_per_player").notNull().default(0),
    status: seriesStatus("status").notNull().default("active"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    organizerId: text("organizer_id").references(() => user.id, { onDelete: "set null" }),
    organizerName: text("organizer_name"),
    organizerEmail: text("organizer_email"),
    ...timestamps,
  },
  (table) => [
    check("series_end_once", sql`(${table.endDate} is null) <> (${table.gameCount} is null)`),
    check("series_weekday", sql`${table.weekday} between 1 and 7`),
    check("series_day_offset", sql`${table.dayOffset} between -6 and 6 and (${table.dayOffset} = 0 or ${table.offsetFrom} is not null)`),
    check("series_game_count_positive", sql`${table.gameCount} is null or ${table.gameCount} >= 1`),
    check("series_opens_before_positive", sql`${table.opensBeforeMinutes} >= 0`),
    check("series_cost_nonnegative", sql`${table.costCents} >= 0 and ${table.goalkeeperCostCents} >= 0`),
    check("series_capacity_positive", sql`${table.maxPlayers} >= 1 and ${table.maxGoalkeepers} >= 0`),
    check("series_point_whole", sql`(${table.latitude} is null) = (${table.longitude} is null)`),
    check("series_regulars_window", sql`${table.regularsWindowMinutes} is null or ${table.regularsWindowMinutes} between 60 and 10080`),
    check("series_regulars_games", sql`1 <= ${table.regularsMinGames} and ${table.regularsMinGames} <= ${table.regularsOfLast} and ${table.regularsOfLast} <= 12`),
    check("series_regulars_percent", sql`${table.regularsMaxPercent} between 10 and 100`),
    check("series_guests_per_player", sql`${table.maxGuestsPerPlayer} between 0 and 5`),
  ],
);

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
    /**
     * The venue's point; both null when the organiser typed only a name and address (no map then,
     * directions from the address; docs/decisions/012 and 021).
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationName: text("location_name").notNull().default("Unknown Location"),
    field: text("field"),
    /** The organiser's notes for the players (bibs, parking, level): plain text, line breaks kept. */
    notes: text("notes"),
    costCents: integer("cost_cents").notNull(),
    maxPlayers: integer("max_players").notNull(),
    includeGoalkeepers: boolean("include_goalkeepers").notNull().default(false),
    goalkeeperCostCents: integer("goalkeeper_cost_cents").notNull().default(0),
    maxGoalkeepers: integer("max_goalkeepers").notNull().default(2),
    /** How many guests each player may bring (docs/guests.md); 0: none. */
    maxGuestsPerPlayer: integer("max_guests_per_player").notNull().default(0),
    status: eventStatus("status").notNull().default("active"),
    organizerId: text("organizer_id").references(() => user.id, { onDelete: "set null" }),
    organizerName: text("organizer_name"),
    organizerEmail: text("organizer_email"),
    /**
     * Bumped by every transaction that changes what the game's page or the lists show, in the same
     * transaction as its NOTIFY: live streams carry it as the message id (docs/live-updates.md).
     */
    version: integer("version").notNull().default(0),
    /** The series that generated this game, and the day it was generated for (its key in the series). */
    seriesId: uuid("series_id").references(() => series.id),
    occurrenceDate: date("occurrence_date", { mode: "string" }),
    /** Before this instant the game is shown but cannot be joined; null: open from its creation. */
    registrationOpensAt: timestamp("registration_opens_at", { withTimezone: true }),
    /** A series game with regulars first: its regulars may join from this instant (null: no window). */
    regularsOpenAt: timestamp("regulars_open_at", { withTimezone: true }),
    /**
     * A series game's "new game" mails, sent when it opens rather than when it is generated
     * (series/announce-openings.ts): to its regulars at the window's start, to everyone at the opening.
     */
    regularsAnnouncedAt: timestamp("regulars_announced_at", { withTimezone: true }),
    openingAnnouncedAt: timestamp("opening_announced_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Generation inserts with ON CONFLICT DO NOTHING on this key: two runs or two workers make each game once.
    uniqueIndex("event_series_occurrence_idx").on(table.seriesId, table.occurrenceDate),
    check("event_series_occurrence_whole", sql`(${table.seriesId} is null) = (${table.occurrenceDate} is null)`),
    index("event_status_ends_at_idx").on(table.status, table.endsAt),
    index("event_ends_at_idx").on(table.endsAt),
    index("event_starts_at_idx").on(table.startsAt),
    check("event_cost_nonnegative", sql`${table.costCents} >= 0 and ${table.goalkeeperCostCents} >= 0`),
    check("event_capacity_positive", sql`${table.maxPlayers} >= 1 and ${table.maxGoalkeepers} >= 0`),
    check("event_ends_after_start", sql`${table.endsAt} >= ${table.startsAt}`),
    check("event_point_whole", sql`(${table.latitude} is null) = (${table.longitude} is null)`),
    check("event_guests_per_player", sql`${table.maxGuestsPerPlayer} between 0 and 5`),
  ],
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

export const registrationRole = pgEnum("registration_role", ["player", "goalkeeper"]);

/**
 * pending_payment holds a spot while the card is charged or authenticated (at most 15
 * minutes); promoting holds a spot while a promoted waitlister is charged off-session; confirmed is
 * a spot; waitlisted waits in `position` order. payment_failed, cancelled and refunded are closed.
 * See docs/registrations-and-payments.md, "Registration states".
 */
export const registrationStatus = pgEnum("registration_status", [
  "pending_payment",
  "confirmed",
  "waitlisted",
  "cancelled",
  "refunded",
  "promoting",
  "payment_failed",
]);

export const closedReason = pgEnum("closed_reason", [
  "user_left",
  "event_cancelled",
  "payment_failed",
  "payment_expired",
  "account_deleted",
  "promoted_other_role",
]);

/**
 * Statuses that hold a spot or a waitlist place: at most one such registration per user, event and
 * role. Written from ACTIVE_STATUSES, the list the rules use, so the two cannot disagree.
 */
const ACTIVE = sql.raw(`status in (${ACTIVE_STATUSES.map((status) => `'${status}'`).join(", ")})`);

export const registration = pgTable(
  "registration",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    /**
     * Null once the account is deleted: the row stays, as the ledger points at it
     * (docs/registrations-and-payments.md, "The ledger").
     */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    role: registrationRole("role").notNull(),
    status: registrationStatus("status").notNull(),
    /** Arrival order; waitlists are served by it. */
    position: bigserial("position", { mode: "number" }).notNull(),
    /**
     * The party's price now: the price when joining × (1 + guests). What a charge takes and a release's
     * refund is computed from; a guest removed takes their share off it (docs/guests.md).
     */
    amountCents: integer("amount_cents").notNull().default(0),
    /** Guests in the party (docs/guests.md): the registration holds, or waits for, 1 + guestCount spots. */
    guestCount: integer("guest_count").notNull().default(0),
    /** The saved card a paid join or a waitlist promotion charges. */
    paymentMethodId: text("payment_method_id"),
    /** A waitlister of a paid game agreed to be charged amountCents automatically on promotion. */
    consentToAutoCharge: boolean("consent_to_auto_charge").notNull().default(false),
    refundedCents: integer("refunded_cents"),
    closedReason: closedReason("closed_reason"),
    /** When it joined a waitlist (null: it got a spot at once); the console counts waitlist joins by it. */
    waitlistedAt: timestamp("waitlisted_at", { withTimezone: true }),
    /** When it was moved from the waitlist to a spot (null: never). */
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    /** Check-in at the pitch: when the organiser marked the player present. A registration fact, never money. */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** When the organiser marked a confirmed player absent after the game ("Mark the rest as no-show"); undoable for 24 hours. */
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    /** The card a paid spot or waitlist place is charged to, as its owner saw it ("Visa •••• 4242"), for the organiser's roster. */
    cardLabel: text("card_label"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("registration_active_event_user_role_idx").on(table.eventId, table.userId, table.role).where(ACTIVE),
    index("registration_event_role_status_idx").on(table.eventId, table.role, table.status, table.position),
    index("registration_user_idx").on(table.userId),
    index("registration_created_at_idx").on(table.createdAt),
    check("registration_guest_count", sql`${table.guestCount} >= 0`),
  ],
);

export const guestStatus = pgEnum("guest_status", ["active", "removed"]);

/**
 * A +1 guest (docs/guests.md): a name in a player's party, never an account. It holds a spot (or waits)
 * with its registration; `registration.guest_count` counts the active ones, the count capacity reads.
 */
export const registrationGuest = pgTable(
  "registration_guest",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registration.id, { onDelete: "cascade" }),
    /** The order the player gave them in (1, 2, …). */
    ordinal: integer("ordinal").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    /** Their share of the party's price when joining: what removing them takes off the registration. */
    shareCents: integer("share_cents").notNull(),
    status: guestStatus("status").notNull().default("active"),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** Set when removed from a paid spot: what their share refunded (0 when the fee covers it). */
    refundedCents: integer("refunded_cents"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("registration_guest_ordinal_idx").on(table.registrationId, table.ordinal),
    check("registration_guest_share", sql`${table.shareCents} >= 0`),
  ],
);

export const paymentKind = pgEnum("payment_kind", ["charge", "refund"]);
/**
 * Why money went back, fixed when the refund row is written and never changed after (docs/money.md):
 * the console's classes, the roster and the mails read it, so a stored day never changes class.
 */
export const refundReason = pgEnum("refund_reason", REFUND_REASONS);
export const paymentStatus = pgEnum("payment_status", ["pending", "succeeded", "failed"]);

/**
 * The ledger: every money movement, never deleted (account deletion sets user_id null). A charge row
 * is written (pending) before the gateway is called; a refund row in the same transaction that
 * releases the spot. The idempotency key is the one the gateway gets, so the row and the processor
 * can always be matched, and no key is used twice.
 */
export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => registration.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    kind: paymentKind("kind").notNull(),
    /** A refund of one removed guest's share (key refund-guest:{guestId}); null for every other row. */
    guestId: uuid("guest_id").references(() => registrationGuest.id),
    /** Refunds only: why the money went back (refund_reason); null on charges. */
    reason: refundReason("reason"),
    status: paymentStatus("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The processor's id: the PaymentIntent (charge) or the Refund. */
    gatewayId: text("gateway_id"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    offSession: boolean("off_session").notNull().default(false),
    /** The customer and card charged (charges only): what recovery and the promotion job need. */
    customerId: text("customer_id"),
    paymentMethodId: text("payment_method_id"),
    error: text("error"),
    /** Refund executions tried so far (the job retries with backoff). */
    attempts: integer("attempts").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("payment_registration_idx").on(table.registrationId),
    index("payment_pending_idx").on(table.status, table.kind, table.createdAt),
    index("payment_event_idx").on(table.eventId),
    // The console reads the ledger by when rows were written (docs/product-rules.md, "Organiser's console").
    index("payment_created_at_idx").on(table.createdAt),
    check("payment_amount_nonnegative", sql`${table.amountCents} >= 0`),
    check("payment_refund_reason", sql`(${table.kind} = 'refund') = (${table.reason} is not null)`),
  ],
);

/** Stripe webhook events handled, by their id: a replayed delivery is recognised and acknowledged. */
export const stripeEvent = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).defaultNow().notNull(),
});

/** A payment a card holder disputed with their bank (charge.dispute.created): shown to admins. */
export const paymentDispute = pgTable(
  "payment_dispute",
  {
    id: text("id").primaryKey(),
    /** The PaymentIntent disputed, and the ledger's view of it when known. */
    chargeGatewayId: text("charge_gateway_id").notNull(),
    registrationId: uuid("registration_id").references(() => registration.id),
    eventId: uuid("event_id").references(() => event.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    ...timestamps,
  },
  (table) => [index("payment_dispute_event_idx").on(table.eventId)],
);

// --- the simulated card processor's own state, as an external processor's would be ---
// (docs/registrations-and-payments.md, "Simulated")

export const simCustomer = pgTable("sim_customer", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

export const simPaymentMethod = pgTable(
  "sim_payment_method",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").references(() => simCustomer.id),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /**
     * How the test card behaves (docs/registrations-and-payments.md, "Test cards"); the card number
     * itself is never stored.
     */
    behaviour: text("behaviour").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("sim_payment_method_customer_idx").on(table.customerId)],
);

export const simCharge = pgTable(
  "sim_charge",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    offSession: boolean("off_session").notNull(),
    /** succeeded | requires_action | failed | canceled */
    status: text("status").notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    clientSecret: text("client_secret").notNull(),
    registrationId: text("registration_id"),
    eventId: text("event_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("sim_charge_registration_idx").on(table.registrationId)],
);

export const simRefund = pgTable("sim_refund", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  chargeId: text("charge_id")
    .notNull()
    .references(() => simCharge.id),
  amountCents: integer("amount_cents").notNull(),
  /** succeeded | failed */
  status: text("status").notNull(),
  failureMessage: text("failure_message"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

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

// --- first-party analytics (docs/decisions/018-first-party-analytics.md): counts, never who ---

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

/**
 * The console's closed days, summed once per organiser's zone (docs/console-rollups.md): a day is
 * written only when it ended three days ago or more, and a trigger on `payment`, `registration` and
 * `event` deletes the day that any later change touches, so that the next overview sums it again.
 */
export const consoleDay = pgTable(
  "console_day",
  {
    timeZone: text("time_zone").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** The day's first and last instant (exclusive) in UTC, which the trigger looks up. */
    rangeStart: timestamp("range_start", { withTimezone: true }).notNull(),
    rangeEnd: timestamp("range_end", { withTimezone: true }).notNull(),
    /** The day's facts as `DayFacts` (src/server/console/day-facts.ts). */
    facts: jsonb("facts").notNull(),
  },
  (table) => [primaryKey({ columns: [table.timeZone, table.day] }), index("console_day_range_start_idx").on(table.rangeStart)],
);

// --- fair teams and ratings (docs/teams-and-ratings.md) ---

/**
 * The community a rating belongs to: today the one group the admins run. Every rating and team sheet
 * carries it, so that organisers with communities of their own need no change to these tables.
 */
export const DEFAULT_COMMUNITY = "default";

/** A game's teams, as the admin saved them; shown to the players once published. */
export const teamSheet = pgTable(
  "team_sheet",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => event.id, { onDelete: "cascade" }),
    community: text("community").notNull().default(DEFAULT_COMMUNITY),
    teamCount: integer("team_count").notNull(),
    /** Null: a draft only the admins see. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("team_sheet_community_idx").on(table.community),
    check("team_sheet_team_count", sql`${table.teamCount} between 2 and 4`),
  ],
);

/**
 * Who is in which team (0-based), and whether the admin locked them there. A member is a player (their
 * registration) or a +1 guest (their guest row), exactly one of the two (docs/teams-and-ratings.md,
 * "Guests"); each is in at most one team, as the primary key on the registration once made sure.
 */
export const teamMember = pgTable(
  "team_member",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id").references(() => registration.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id").references(() => registrationGuest.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => teamSheet.eventId, { onDelete: "cascade" }),
    team: integer("team").notNull(),
    locked: boolean("locked").notNull().default(false),
  },
  (table) => [
    index("team_member_event_idx").on(table.eventId),
    uniqueIndex("team_member_registration_idx").on(table.registrationId),
    uniqueIndex("team_member_guest_idx").on(table.guestId),
    check("team_member_team", sql`${table.team} between 0 and 3`),
    check("team_member_one_kind", sql`(${table.registrationId} is null) <> (${table.guestId} is null)`),
  ],
);

/**
 * A game's result: one row per short game, in the order entered. Entering the result again replaces
 * every row, and the ratings are replayed from the whole history (never applied twice).
 */
export const gameScore = pgTable(
  "game_score",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => teamSheet.eventId, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    teamA: integer("team_a").notNull(),
    teamB: integer("team_b").notNull(),
    goalsA: integer("goals_a").notNull(),
    goalsB: integer("goals_b").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.seq] }),
    check("game_score_goals", sql`${table.goalsA} between 0 and 99 and ${table.goalsB} between 0 and 99`),
    check("game_score_teams", sql`${table.teamA} <> ${table.teamB} and ${table.teamA} between 0 and 3 and ${table.teamB} between 0 and 3`),
  ],
);

/**
 * A player's rating in a community (Weng-Lin: mu, and sigma its uncertainty), admins' eyes only.
 * mu, sigma and games are derived: recomputed from the seed and every result (teams/recompute-ratings.ts);
 * stars are the organiser's rough rating, the seed of a new player's mu.
 */
export const playerRating = pgTable(
  "player_rating",
  {
    community: text("community").notNull().default(DEFAULT_COMMUNITY),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    stars: integer("stars"),
    mu: doublePrecision("mu").notNull(),
    sigma: doublePrecision("sigma").notNull(),
    games: integer("games").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (table) => [primaryKey({ columns: [table.community, table.userId] }), check("player_rating_stars", sql`${table.stars} is null or ${table.stars} between 1 and 5`)],
);

// --- calendar feed and game reminders (docs/calendar-and-reminders.md) ---

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
