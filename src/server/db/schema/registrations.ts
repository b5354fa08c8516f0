// Registrations: spots, waitlist places and +1 guests.
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";
import { event } from "./games.ts";

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

/**
 * "Tell me if a spot opens" (docs/notifications.md, "A freed spot"): someone not on a full game's
 * lists asks to be told when a spot frees and no one waits for it. `notifiedAt`: the last push, so
 * several spots freed within a minute are told once; a later opening is told again.
 */
export const spotWatch = pgTable(
  "spot_watch",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    askedAt: timestamp("asked_at", { withTimezone: true }).defaultNow().notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);
