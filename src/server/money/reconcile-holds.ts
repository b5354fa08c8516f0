import { OPEN_HOLD_STATUSES } from "#shared/holds.ts";
import type { CardHoldRow } from "./hold-ledger.ts";
import type { OpenHold } from "./processors/gateway.ts";
import type { AuditedEntry } from "./read-money.ts";

type Problem = (cents: number, what: string) => void;

/**
 * Reconciliation's checks of card holds (docs/money.md, "Holds in the money module"), beside those of
 * the money in reconcile.ts. A hold is not money, but a card held without the ledger knowing, or a
 * ledger that counts on a hold the processor no longer has, is a discrepancy of its amount:
 * - every hold open at the processor is a ledger hold in an open state (`held`, `capturing`,
 *   `releasing`) for the same amount;
 * - every ledger hold `held` is open at the processor (one that lapsed unnoticed shows here);
 * - every `captured` hold has its succeeded charge row of `captureCents` (the processor's charge of
 *   that amount is then checked with every other charge);
 * - a hold let go (`released`, `failed`) has no succeeded charge: it left no money.
 * Holds still being placed (`scheduled`, `pending`, `requires_action`) are not compared: their
 * outcome is being learnt, as a pending charge's is.
 */
export function checkHolds(holds: CardHoldRow[], openHolds: OpenHold[], ledger: AuditedEntry[], problem: Problem): { open: number; heldCents: number } {
  const byGatewayId = new Map(holds.filter((hold) => hold.gatewayId).map((hold) => [hold.gatewayId!, hold]));
  const openAtProcessor = new Set(openHolds.map((open) => open.holdId));
  const rows = new Map(ledger.map((entry) => [entry.id, entry]));
  const succeededCharges = new Set(ledger.filter((entry) => entry.kind === "charge" && entry.status === "succeeded" && entry.gatewayId).map((entry) => entry.gatewayId!));
  const isOpen = (hold: CardHoldRow) => (OPEN_HOLD_STATUSES as readonly string[]).includes(hold.status);

  for (const open of openHolds) {
    const hold = byGatewayId.get(open.holdId);
    if (!hold || !isOpen(hold)) {
      problem(open.amountCents, `hold ${open.holdId} (registration ${open.registrationId ?? "?"}) is open at the processor but ${hold ? `${hold.status} in the ledger` : "not in the ledger"}`);
    } else if (hold.amountCents !== open.amountCents) {
      problem(open.amountCents - hold.amountCents, `hold ${open.holdId}: processor ${open.amountCents}, ledger ${hold.amountCents}`);
    }
  }
  for (const hold of holds) {
    if (hold.status === "held" && !(hold.gatewayId && openAtProcessor.has(hold.gatewayId))) {
      problem(hold.amountCents, `ledger hold ${hold.id} (registration ${hold.registrationId}) is held but the processor holds nothing for it`);
    }
    if (hold.status === "captured") {
      const charge = hold.chargePaymentId ? rows.get(hold.chargePaymentId) : undefined;
      if (!charge || charge.kind !== "charge" || charge.status !== "succeeded" || charge.gatewayId !== hold.gatewayId) {
        problem(hold.captureCents ?? hold.amountCents, `captured hold ${hold.id} (registration ${hold.registrationId}) has no succeeded charge in the ledger`);
      } else if (charge.amountCents !== hold.captureCents) {
        problem(charge.amountCents - (hold.captureCents ?? 0), `captured hold ${hold.id}: charge ${charge.amountCents}, capture ${hold.captureCents}`);
      }
    }
    if ((hold.status === "released" || hold.status === "failed") && hold.gatewayId && succeededCharges.has(hold.gatewayId)) {
      problem(hold.amountCents, `hold ${hold.id} (registration ${hold.registrationId}) is ${hold.status} but a charge on it succeeded`);
    }
  }
  const open = holds.filter(isOpen);
  return { open: open.length, heldCents: open.reduce((sum, hold) => sum + hold.amountCents, 0) };
}
