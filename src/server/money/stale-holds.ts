import { and, asc, eq, inArray, lt, or } from "drizzle-orm";
import { cardHold } from "#server/db/schema.ts";
import { translate } from "#server/i18n/translate.ts";
import { captureHold } from "./capture-hold.ts";
import type { MoneyDeps } from "./deps.ts";
import { type CardHoldRow, holdLookupOf, releaseKey } from "./hold-ledger.ts";
import { GatewayUnavailableError, type HoldOutcome } from "./processors/gateway.ts";
import { releaseHold } from "./release-hold.ts";
import { EXPIRED, PAYMENT_HOLD_MS, PROMOTION_STALL_MS } from "./stale-payments.ts";

/**
 * The holds the recovery sweep (registrations/recover.ts) looks at again: docs/money.md, "Holds in
 * the money module". A capture or release whose job was lost is done again here (the same keys make
 * it once); a hold still being placed past its limit is looked up at the processor and handed to the
 * rules with what the processor says, as stale charges are.
 */

/** A capture or release untouched this long lost its job (a crash, the last retry spent): the sweep does it. */
export const HOLD_STEP_STALL_MS = 10 * 60_000;

/** Holds `capturing` or `releasing` not updated for HOLD_STEP_STALL_MS, oldest first. */
export function staleHoldSteps(deps: Pick<MoneyDeps, "database">, now: number): Promise<CardHoldRow[]> {
  return deps.database.db
    .select()
    .from(cardHold)
    .where(and(inArray(cardHold.status, ["capturing", "releasing"]), lt(cardHold.updatedAt, new Date(now - HOLD_STEP_STALL_MS))))
    .orderBy(asc(cardHold.updatedAt));
}

export interface HoldStepsReport {
  /** The rows this sweep settled (captured, failed, released), for the rules to apply what follows for the spot. */
  settled: CardHoldRow[];
  /** Rows left for the next sweep: the processor unreachable, or an error logged with the row's id. */
  unsettled: number;
}

/**
 * Executes every stale capture and release again, each on its own: one the processor cannot answer
 * now is left for the next sweep, any other error is logged with its id, and the sweep goes on.
 */
export async function recoverHoldSteps(deps: MoneyDeps, now: number): Promise<HoldStepsReport> {
  const report: HoldStepsReport = { settled: [], unsettled: 0 };
  for (const hold of await staleHoldSteps(deps, now)) {
    try {
      const after = hold.status === "capturing" ? await captureHold(deps, hold.id) : await releaseHold(deps, hold.id, new Date(now));
      if (after.status === hold.status) report.unsettled += 1;
      else report.settled.push(after);
    } catch (error) {
      report.unsettled += 1;
      if (error instanceof GatewayUnavailableError) console.warn(`recovery: card hold ${hold.id} (${hold.status}, registration ${hold.registrationId}) waits for the processor: ${error.message}`);
      else console.error(`recovery: card hold ${hold.id} (${hold.status}, registration ${hold.registrationId}) could not be settled:`, error);
    }
  }
  return report;
}

/**
 * Holds still `pending` past their limit, oldest first: placed on the spot (the player's dialog)
 * after PAYMENT_HOLD_MS, from the waitlist or by the scheduling job after PROMOTION_STALL_MS. Counted
 * from the row's last change: a scheduled hold becomes pending when its job places it.
 */
export function staleHolds(deps: Pick<MoneyDeps, "database">, now: number): Promise<CardHoldRow[]> {
  return deps.database.db
    .select()
    .from(cardHold)
    .where(
      and(
        eq(cardHold.status, "pending"),
        or(
          and(eq(cardHold.offSession, false), lt(cardHold.updatedAt, new Date(now - PAYMENT_HOLD_MS))),
          and(eq(cardHold.offSession, true), lt(cardHold.updatedAt, new Date(now - PROMOTION_STALL_MS))),
        ),
      ),
    )
    .orderBy(asc(cardHold.updatedAt));
}

/**
 * What became of a hold nobody finished placing in time, learnt from the processor (by its id when
 * the row has it, else from a consistent list, never by placing it again). One still waiting for the
 * bank's check is released first (key `release:{registrationId}`), so it can never be authorised
 * later, and is then an expiry (`failed`, code `expired`), as is a hold the processor never saw; a
 * hold that was placed meanwhile is returned as it is (held, failed, …). The rules write it with
 * recordHoldOutcome and apply it to the spot.
 */
export async function learnExpiredHold(deps: Pick<MoneyDeps, "gateway">, hold: CardHoldRow): Promise<HoldOutcome> {
  const notInTime = { code: EXPIRED, message: translate("en", "errors.ledger.notInTime") };
  const found = await deps.gateway.findHold(holdLookupOf(hold));
  if (!found) return { status: "failed", holdId: null, amountCents: hold.amountCents, ...notInTime };
  if (found.status !== "requires_action") return found;
  const released = await deps.gateway.releaseHold({ holdId: found.holdId, idempotencyKey: releaseKey(hold.registrationId) });
  // Authorised in the very moment it was let go: it is held, and the rules decide.
  if (released.status !== "released") return released;
  return { status: "failed", holdId: found.holdId, amountCents: hold.amountCents, ...notInTime };
}
