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
