import { and, eq, sql } from "drizzle-orm";
import { cardHold } from "#server/db/schema.ts";
import type { MoneyDeps } from "./deps.ts";
import { type CardHoldRow, holdById, holdLookupOf, releaseKey } from "./hold-ledger.ts";
import { GatewayUnavailableError } from "./processors/gateway.ts";

/**
 * The release job (and the recovery sweep): lets go of a hold in `releasing` (the rules wrote it,
 * with its reason, under the game's lock). Nothing is taken, so nothing goes in the ledger.
 *
 * A row with no processor id was never placed, or its placing answer was lost: unless it was a
 * scheduled hold whose time has not come, the processor is asked (never guessed), and a hold found
 * there is released like any. The release is sent with `release:{registrationId}`; releasing twice,
 * or releasing a hold that expired, answers released. A processor that says the hold was CAPTURED
 * contradicts the ledger (only a capture job captures, and the rules never release a capturing
 * hold): the row is left `releasing`, and the contradiction is logged loudly for a person, every
 * time the sweep meets it, and shown by reconciliation. An unknown outcome throws (the job retries,
 * then the sweep). Returns the row as it is after this call.
 */
export async function releaseHold(deps: MoneyDeps, holdId: string, now: Date = new Date()): Promise<CardHoldRow> {
  const { db } = deps.database;
  const hold = await holdById(db, holdId);
  if (!hold) throw new Error(`no card hold ${holdId}`);
  if (hold.status !== "releasing") return hold;
  const releasing = and(eq(cardHold.id, hold.id), eq(cardHold.status, "releasing"));
  const released = async (gatewayId: string | null) => {
    const [row] = await db.update(cardHold).set({ status: "released", gatewayId, error: null }).where(releasing).returning();
    return row ?? (await holdById(db, holdId))!;
  };

  let gatewayId = hold.gatewayId;
  if (!gatewayId && hold.attempts === 0 && hold.placeAfter && hold.placeAfter > now) return released(null);
  const [counted] = await db
    .update(cardHold)
    .set({ attempts: sql`${cardHold.attempts} + 1` })
    .where(releasing)
    .returning({ id: cardHold.id });
  if (!counted) return (await holdById(db, holdId))!;

  if (!gatewayId) {
    const found = await deps.gateway.findHold(holdLookupOf(hold));
    if (!found || found.status === "failed" || found.status === "released") return released(found?.holdId ?? null);
    gatewayId = found.holdId;
  }
  const outcome = await deps.gateway.releaseHold({ holdId: gatewayId, idempotencyKey: releaseKey(hold.registrationId) });
  switch (outcome.status) {
    case "released":
    case "failed":
      // Let go, or never held: no money moved.
      return released(gatewayId);
    case "captured":
      console.error(
        `MONEY: card hold ${hold.id} (registration ${hold.registrationId}) is being released, but the processor says ${gatewayId} was captured (${outcome.capturedCents} cents); left releasing for a person to look at`,
      );
      return (await holdById(db, holdId))!;
    default:
      throw new GatewayUnavailableError(`the release of ${gatewayId} answered ${outcome.status}`);
  }
}
