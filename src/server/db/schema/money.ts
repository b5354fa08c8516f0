// The payment ledger (docs/registrations-and-payments.md, "The ledger"), the processor's webhook
// events and disputes.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
