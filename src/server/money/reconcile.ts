import { type FeeRule, refundAfterFeeCents } from "#shared/money.ts";
import { holdsSpot } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { readHoldsForAudit } from "./hold-ledger.ts";
import { readLedgerForAudit, removedGuests as readRemovedGuests } from "./read-money.ts";
import { checkHolds } from "./reconcile-holds.ts";
import type { PaymentGateway } from "./processors/gateway.ts";

export interface ReconciliationReport {
  charges: number;
  chargedCents: number;
  refunds: number;
  refundedCents: number;
  /** Ledger refunds the processor has not settled yet (they are being executed). */
  pendingRefundCents: number;
  /** Card holds open in the ledger (held, capturing, releasing) and what they hold: not money (reconcile-holds.ts). */
  openHolds: number;
  heldCents: number;
  /** Every discrepancy, in words, with its cents. */
  problems: { cents: number; what: string }[];
  /** Cents the ledger and the processor cannot explain together: 0 when healthy. */
  unexplainedCents: number;
}

/**
 * Compares the ledger with the processor: every charge the processor took belongs to a
 * ledger charge of the same amount whose registration holds a spot, or has a refund of the amount
 * the rules give (price − fee when the user left, the full price when the game was cancelled or the
 * spot was released before the charge landed; a removed guest's share − fee, and the rest of the party's
 * price by those rules: docs/guests.md); every refund the processor made is a ledger refund
 * of the same amount; nothing in the ledger succeeded that the processor does not have; card holds
 * agree with the processor's open holds, and a captured one is a charge (reconcile-holds.ts).
 * See docs/registrations-and-payments.md, "Reconciliation". The rows are read by the money module
 * (docs/money.md); the rules they are checked against are written here, apart from the screens'.
 */
export async function reconcile(db: Db, gateway: PaymentGateway, feeRule: FeeRule): Promise<ReconciliationReport> {
  // Reconciliation is run while the app is quiet: a hold captured between these reads shows as a problem.
  const openHolds = await gateway.listOpenHolds();
  const settled = await gateway.listSettled();
  // Each row with its registration's state, as the code below reads it.
  const ledger = (await readLedgerForAudit(db)).map((entry) => ({
    row: entry,
    regStatus: entry.registration.status,
    closedReason: entry.registration.closedReason,
    refundedCents: entry.registration.refundedCents,
  }));

  const problems: ReconciliationReport["problems"] = [];
  const problem = (cents: number, what: string) => {
    if (cents !== 0) problems.push({ cents: Math.abs(cents), what });
  };

  const ledgerCharges = new Map(ledger.filter((l) => l.row.kind === "charge" && l.row.gatewayId).map((l) => [l.row.gatewayId!, l]));
  const ledgerRefunds = new Map(ledger.filter((l) => l.row.kind === "refund" && l.row.gatewayId).map((l) => [l.row.gatewayId!, l]));
  // Guests removed from a paid spot (docs/guests.md): each share refunded on its own, by the cancel rule,
  // and no longer part of what the registration holds.
  const removedGuests = await readRemovedGuests(db);
  const removedShares = new Map<string, number>();
  const guestRefunds = new Map<string, number>();
  for (const guest of removedGuests) removedShares.set(guest.registrationId, (removedShares.get(guest.registrationId) ?? 0) + guest.shareCents);
  for (const { row } of ledger) {
    if (row.kind === "refund" && row.guestId && row.status !== "failed") guestRefunds.set(row.guestId, (guestRefunds.get(row.guestId) ?? 0) + row.amountCents);
  }
  for (const guest of removedGuests) {
    const byRule = Math.min(guest.shareCents, refundAfterFeeCents(guest.shareCents, feeRule));
    const refunding = guestRefunds.get(guest.id) ?? 0;
    if (guest.refundedCents !== byRule) problem(byRule - guest.refundedCents, `guest ${guest.id} records ${guest.refundedCents} refunded, the rules give ${byRule}`);
    else if (refunding !== byRule) problem(byRule - refunding, `guest ${guest.id} (registration ${guest.registrationId}) refunds ${refunding}, the rules give ${byRule}`);
  }

  const refundsByRegistration = new Map<string, { succeeded: number; pending: number }>();
  for (const { row } of ledger) {
    if (row.kind !== "refund" || row.guestId) continue;
    const sums = refundsByRegistration.get(row.registrationId) ?? { succeeded: 0, pending: 0 };
    if (row.status === "succeeded") sums.succeeded += row.amountCents;
    if (row.status === "pending") sums.pending += row.amountCents;
    refundsByRegistration.set(row.registrationId, sums);
  }

  // The processor's side: each charge and refund must be in the ledger, settled, with its amount.
  const processorChargeIds = new Set<string>();
  for (const charge of settled.charges) {
    processorChargeIds.add(charge.chargeId);
    const entry = ledgerCharges.get(charge.chargeId);
    if (!entry || entry.row.status !== "succeeded") {
      problem(charge.amountCents, `charge ${charge.chargeId} (registration ${charge.registrationId ?? "?"}) is not a succeeded charge in the ledger`);
    } else if (entry.row.amountCents !== charge.amountCents) {
      problem(charge.amountCents - entry.row.amountCents, `charge ${charge.chargeId}: processor ${charge.amountCents}, ledger ${entry.row.amountCents}`);
    }
  }
  for (const refund of settled.refunds) {
    const entry = ledgerRefunds.get(refund.refundId);
    if (!entry || entry.row.status === "failed") problem(refund.amountCents, `refund ${refund.refundId} is not in the ledger`);
    else if (entry.row.amountCents !== refund.amountCents) problem(refund.amountCents - entry.row.amountCents, `refund ${refund.refundId}: amounts differ`);
  }

  // The ledger's side: each succeeded charge is a held spot, or refunded by the rules.
  for (const { row, regStatus, closedReason, refundedCents } of ledger) {
    if (row.kind === "refund" && row.status === "succeeded" && !settled.refunds.some((r) => r.refundId === row.gatewayId)) {
      problem(row.amountCents, `ledger refund ${row.id} succeeded but the processor has no such refund`);
    }
    if (row.kind !== "charge" || row.status !== "succeeded") continue;
    if (!row.gatewayId || !processorChargeIds.has(row.gatewayId)) {
      problem(row.amountCents, `ledger charge ${row.id} succeeded but the processor has no such charge`);
      continue;
    }
    const refunds = refundsByRegistration.get(row.registrationId) ?? { succeeded: 0, pending: 0 };
    const refunding = refunds.succeeded + refunds.pending;
    if (holdsSpot(regStatus)) {
      problem(refunding, `registration ${row.registrationId} holds a spot and was refunded`);
      continue;
    }
    // What the party held when released: the charge less the shares of guests removed before.
    const held = row.amountCents - (removedShares.get(row.registrationId) ?? 0);
    const byRule = Math.min(held, refundAfterFeeCents(held, feeRule));
    // Leaving refunds price − fee; an account deletion the same, or nothing inside 24 h; a spot released
    // before its charge landed (any other reason) gets everything back.
    const allowed = closedReason === "user_left" ? [byRule] : closedReason === "account_deleted" ? [byRule, 0, held] : [held];
    if (!allowed.includes(refunding)) {
      problem(allowed[0]! - refunding, `registration ${row.registrationId} (${closedReason ?? regStatus}) refunds ${refunding}, the rules give ${allowed.join(" or ")}`);
    } else if ((refundedCents ?? 0) !== refunding) {
      problem(refunding - (refundedCents ?? 0), `registration ${row.registrationId} records ${refundedCents ?? 0} refunded, the ledger ${refunding}`);
    }
  }

  const holds = checkHolds(await readHoldsForAudit(db), openHolds, ledger.map((l) => l.row), problem);

  const charges = ledger.filter((l) => l.row.kind === "charge" && l.row.status === "succeeded");
  const refunds = ledger.filter((l) => l.row.kind === "refund" && l.row.status === "succeeded");
  return {
    charges: charges.length,
    chargedCents: charges.reduce((sum, l) => sum + l.row.amountCents, 0),
    refunds: refunds.length,
    refundedCents: refunds.reduce((sum, l) => sum + l.row.amountCents, 0),
    pendingRefundCents: ledger.filter((l) => l.row.kind === "refund" && l.row.status === "pending").reduce((sum, l) => sum + l.row.amountCents, 0),
    openHolds: holds.open,
    heldCents: holds.heldCents,
    problems,
    unexplainedCents: problems.reduce((sum, p) => sum + p.cents, 0),
  };
}
