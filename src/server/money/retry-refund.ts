import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { payment } from "#server/db/schema.ts";
import { isUuid } from "#server/db/ids.ts";
import { AppError } from "#server/http/errors.ts";
import { GatewayUnavailableError } from "./processors/gateway.ts";
import { PAYMENT_FAILED } from "#shared/registrations.ts";
import type { MoneyDeps } from "./deps.ts";
import { REFUND_QUEUE } from "./refund-jobs.ts";

import { firstKeyOf, settleRefundByAsking } from "./settle-refund.ts";
import { errorText } from "#shared/i18n/error-key.ts";

export const NO_FAILED_REFUND = errorText("errors.money.noFailedRefund");

/**
 * An admin retries a refund that failed. The processor is asked first: if any attempt at this
 * refund went through (or is on its way), the row takes that and nothing is sent again. Only when
 * the processor holds none does the row go back to pending under a new key (a processor keeps a
 * refused refund refused under its key) and the refund job runs it. The row moves from failed to
 * pending in one UPDATE, so two clicks start one retry. News about the replaced attempt that
 * arrives later (a webhook) never moves the row again (settle-refund.ts, `isCurrentAttempt`).
 */
export async function retryRefund(deps: MoneyDeps, options: { eventId: string; paymentId: string }): Promise<"retrying" | "already_refunded"> {
  const { database, jobs } = deps;
  if (!isUuid(options.eventId)) throw new AppError("not_found", NO_FAILED_REFUND);
  const [row] = await database.db
    .select()
    .from(payment)
    .where(and(eq(payment.id, options.paymentId), eq(payment.eventId, options.eventId), eq(payment.kind, "refund"), eq(payment.status, "failed")));
  if (!row) throw new AppError("not_found", NO_FAILED_REFUND);
  const learnt = await settleRefundByAsking(deps, row).catch((error: unknown) => {
    if (error instanceof GatewayUnavailableError) throw new AppError("payment_provider", PAYMENT_FAILED);
    throw error;
  });
  if (learnt && learnt.status !== "failed") return "already_refunded";
  const [retried] = await database.db
    .update(payment)
    .set({ status: "pending", error: null, attempts: 0, gatewayId: null, idempotencyKey: `${firstKeyOf(row.idempotencyKey)}:retry:${randomUUID()}` })
    // Only from the attempt just asked about: a Retry or a settlement that committed meanwhile wins.
    .where(and(eq(payment.id, row.id), eq(payment.status, "failed"), eq(payment.idempotencyKey, row.idempotencyKey)))
    .returning({ id: payment.id });
  if (!retried) throw new AppError("not_found", NO_FAILED_REFUND);
  await jobs?.send(REFUND_QUEUE, { paymentId: retried.id });
  return "retrying";
}
