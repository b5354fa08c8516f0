import { executeRefund } from "#server/money/execute-refund.ts";
import type { PaymentRow } from "#server/money/ledger.ts";
import { GatewayUnavailableError } from "#server/money/processors/gateway.ts";
import { learnExpiredCharge, staleCharges, staleRefunds } from "#server/money/stale-payments.ts";
import { applyChargeOutcome } from "./apply-charge.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { runPromotion } from "./run-promotion.ts";
import { learnExpiredHold, recoverHoldSteps, staleHolds } from "#server/money/stale-holds.ts";
import { applyHoldOutcome } from "./apply-hold.ts";
import { placeLateHold } from "./decide-game.ts";

export interface RecoveryReport {
  charges: number;
  refunds: number;
  /** Card holds whose lost capture or release was done (money/stale-holds.ts). */
  holds: number;
  /** Rows left for the next sweep: the processor unreachable, or an error logged with the row's id. */
  unsettled: number;
}

/**
 * The recovery sweep (a job every minute, and after a crash): every charge still pending past its
 * limit is looked up at the processor (by its id when the ledger has it, else from a consistent list,
 * never by making it again) and settled by what really happened (confirmed, refunded, or released);
 * a charge still waiting for authentication is cancelled first, so it can never land later. Refunds
 * left pending are asked about and executed again with their own key, and so are card holds whose
 * capture or release lost its job (money/stale-holds.ts). Each row is settled on its
 * own: one that fails is logged with its id and left for the next sweep, and the sweep goes on.
 */
export async function recoverPayments(deps: RegistrationDeps): Promise<RecoveryReport> {
  const now = nowOf(deps).getTime();
  const report: RecoveryReport = { charges: 0, refunds: 0, holds: 0, unsettled: 0 };
  const settle = async (row: Pick<PaymentRow, "kind" | "id" | "registrationId"> | { kind: "hold"; id: string; registrationId: string }, work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch (error) {
      report.unsettled += 1;
      // An unreachable processor is expected now and then; anything else is a defect to look at.
      if (error instanceof GatewayUnavailableError) console.warn(`recovery: ${row.kind} ${row.id} (registration ${row.registrationId}) waits for the processor: ${error.message}`);
      else console.error(`recovery: ${row.kind} ${row.id} (registration ${row.registrationId}) could not be settled:`, error);
      return false;
    }
  };

  for (const charge of await staleCharges(deps, now)) {
    const settled = await settle(charge, async () => {
      if (charge.offSession) return runPromotion(deps, charge.registrationId);
      await applyChargeOutcome(deps, charge.registrationId, await learnExpiredCharge(deps, charge));
    });
    if (settled) report.charges += 1;
  }

  for (const refund of await staleRefunds(deps, now)) {
    if (await settle(refund, () => executeRefund(deps, refund.id))) report.refunds += 1;
  }

  // Game on (docs/game-on.md): a card hold still being placed past its limit is settled the same way:
  // off-session (a promotion, a scheduled hold) it is made again with its key; on-session it is
  // looked up (one at the bank's check is let go first) and its outcome applied to the spot.
  for (const hold of await staleHolds(deps, now)) {
    const row = { kind: "hold" as const, id: hold.id, registrationId: hold.registrationId };
    const settled = await settle(row, async () => {
      if (hold.offSession) return placeLateHold(deps, hold.id);
      await applyHoldOutcome(deps, hold.registrationId, await learnExpiredHold(deps, hold));
    });
    if (settled) report.holds += 1;
  }
  // Captures and releases whose job was lost are made again with their keys (money/stale-holds.ts).
  const holdSteps = await recoverHoldSteps(deps, now);
  report.holds += holdSteps.settled.length;
  report.unsettled += holdSteps.unsettled;
  return report;
}
