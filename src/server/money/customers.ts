import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema.ts";
import type { PaymentGateway } from "./processors/gateway.ts";

/** Each gateway's customer id lives in its own column, so switching PAYMENTS never mixes them. */
export function customerColumn(gateway: PaymentGateway) {
  return gateway.mode === "stripe" ? user.stripeCustomerId : user.simulatedCustomerId;
}

/** The user's customer at the processor, or null when they have none yet. */
export async function findCustomerId(db: Db, gateway: PaymentGateway, userId: string): Promise<string | null> {
  const column = customerColumn(gateway);
  const [row] = await db.select({ customerId: column }).from(user).where(eq(user.id, userId));
  return row?.customerId ?? null;
}

/**
 * One customer per user, created on first need. Two requests at once both ask the processor with
 * the same idempotency key, so they get the same customer, and only the first stores it.
 */
export async function ensureCustomerId(db: Db, gateway: PaymentGateway, account: { id: string; email: string }): Promise<string> {
  const existing = await findCustomerId(db, gateway, account.id);
  if (existing) return existing;
  const created = await gateway.createCustomer({ email: account.email, idempotencyKey: `customer:${account.id}` });
  const column = customerColumn(gateway);
  await db
    .update(user)
    .set(gateway.mode === "stripe" ? { stripeCustomerId: created } : { simulatedCustomerId: created })
    .where(and(eq(user.id, account.id), isNull(column)));
  return (await findCustomerId(db, gateway, account.id)) ?? created;
}
