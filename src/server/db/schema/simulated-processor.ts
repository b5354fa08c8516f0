// The simulated card processor's own state, as an external processor's would be
// (money/processors/simulated.ts). Here, not beside the simulator: the database layer assembles every
// table, and a table file in a feature folder would make it import that folder
// (docs/architecture.md).
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
    /** succeeded | requires_action | requires_capture (a hold) | failed | canceled */
    status: text("status").notNull(),
    /** automatic (a charge) | manual (a hold, captured later up to its amount: docs/game-on.md) */
    captureMethod: text("capture_method").notNull().default("automatic"),
    /** What a capture took (a hold only), at most amountCents. */
    amountCaptured: integer("amount_captured"),
    /** A hold the card networks let go of if not captured by then (7 days, as Stripe's online card payments). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** requested (released by the caller) | automatic (expired): why a hold was canceled. */
    cancellationReason: text("cancellation_reason"),
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
