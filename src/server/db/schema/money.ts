// The payment ledger (docs/registrations-and-payments.md, "The ledger"), the processor's webhook
// events and disputes.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { HOLD_RELEASE_REASONS, HOLD_STATUSES } from "#shared/holds.ts";
import { REFUND_REASONS } from "#shared/ledger.ts";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";
import { event } from "./games.ts";
import { registration, registrationGuest } from "./registrations.ts";

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

export const holdStatus = pgEnum("hold_status", HOLD_STATUSES);
export const holdReleaseReason = pgEnum("hold_release_reason", HOLD_RELEASE_REASONS);

/**
 * Card holds of game-on games (docs/game-on.md), apart from the money in `payment`: a hold moves no
 * money. Its capture writes a charge row (key `capture:{registrationId}`, the hold's processor id),
 * and from then on the money is an ordinary charge. One hold per registration, key
 * `hold:{registrationId}`; its release is sent with `release:{registrationId}`.
 */
export const cardHold = pgTable(
  "card_hold",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .unique()
      .references(() => registration.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: holdStatus("status").notNull(),
    /** What the card is held for: the party's price when the hold was placed; a capture takes at most this. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The processor's id of the hold (Stripe: a PaymentIntent with capture_method manual). */
    gatewayId: text("gateway_id"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    offSession: boolean("off_session").notNull().default(false),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    /** A scheduled hold is placed from this instant (the decision minus HOLD_PLACED_WITHIN_HOURS). */
    placeAfter: timestamp("place_after", { withTimezone: true }),
    /** When the processor lets the hold go if it is not captured. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** What the capture takes (≤ amountCents), fixed when `capturing` is written: the party's price then. */
    captureCents: integer("capture_cents"),
    releaseReason: holdReleaseReason("release_reason"),
    /** The charge row its capture wrote (null until captured). */
    chargePaymentId: uuid("charge_payment_id").references(() => payment.id),
    error: text("error"),
    /** Processor calls tried so far for the current step (the jobs retry with backoff). */
    attempts: integer("attempts").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("card_hold_status_idx").on(table.status, table.updatedAt),
    index("card_hold_event_idx").on(table.eventId),
    check("card_hold_amount_positive", sql`${table.amountCents} > 0`),
    check("card_hold_capture", sql`(${table.status} in ('capturing', 'captured')) <= (${table.captureCents} is not null) and coalesce(${table.captureCents}, 0) <= ${table.amountCents}`),
    check("card_hold_release_reason", sql`(${table.status} in ('releasing', 'released')) <= (${table.releaseReason} is not null)`),
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
