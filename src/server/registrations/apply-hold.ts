import { and, eq } from "drizzle-orm";
import { cardHold, registration } from "#server/db/schema.ts";
import type { Tx } from "#server/db/client.ts";
import type { HoldOutcome } from "#server/money/processors/gateway.ts";
import { type CardHoldRow, recordHoldOutcome } from "#server/money/hold-ledger.ts";
import { type EventRow, withEventLock } from "#server/events/game-lock.ts";
import { type HoldReleaseReason, LET_GO_STATUSES } from "#shared/holds.ts";
import type { RegistrationDeps } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { promoteNext } from "./promote-next.ts";
import { closeOtherWaitlist, closeRegistration, moveRegistration, type RegistrationRow } from "./queries.ts";

/** The card hold of a registration (one at most: its key is hold:{registrationId}), read in the caller's transaction. */
export async function holdOf(tx: Pick<Tx, "db">, registrationId: string): Promise<CardHoldRow | undefined> {
  const [row] = await tx.db.select().from(cardHold).where(eq(cardHold.registrationId, registrationId));
  return row;
}

/**
 * Records what the processor says about placing a registration's card hold, whoever learnt it (the
 * join request, the browser after the bank's check, the promotion job, recovery, the webhook), and
 * what it means for the spot (docs/game-on.md, "Holds and spots"). Under the game's lock, applied
 * once: the hold leaves `pending`/`requires_action` here, so a second caller with the same news
 * changes nothing.
 * - held, the spot still held for it: the spot is confirmed and the person told; if the game was
 *   decided meanwhile (on), the hold is captured at once like the others;
 * - held, the spot released meanwhile (a call-off, an account deletion): the hold is let go;
 * - refused (or released by the processor): the spot is released and the next waitlister tried.
 */
export async function applyHoldOutcome(deps: RegistrationDeps, registrationId: string, outcome: HoldOutcome): Promise<RegistrationRow> {
  const [found] = await deps.database.db.select({ eventId: registration.eventId }).from(registration).where(eq(registration.id, registrationId));
  if (!found) throw new Error(`no registration ${registrationId}`);
  const result = await withEventLock(
    deps.database,
    found.eventId,
    async (tx, event) => {
      const [current] = await tx.db.select().from(registration).where(eq(registration.id, registrationId));
      const reg = current!;
      const hold = await holdOf(tx, reg.id);
      if (!hold || (hold.status !== "pending" && hold.status !== "requires_action")) return { reg, changed: false };
      const after = await recordHoldOutcome(tx, hold.id, outcome);
      if (after.status === "requires_action" || after.status === "pending") return { reg, changed: false };
      const enqueue = enqueueIn(tx, deps);
      // A scheduled hold (placeAfter set) is placed for a spot already confirmed (decide-game.ts).
      const scheduled = reg.status === "confirmed" && hold.placeAfter !== null;
      const waiting = reg.status === "pending_payment" || reg.status === "promoting" || scheduled;

      if (after.status === "held") {
        if (!waiting) {
          await letGo(tx, deps, after, "spot_lost");
          return { reg, changed: false };
        }
        if (scheduled) {
          if (event.gameOnState === "on" || event.gameOnState === "deciding") await startCapture(tx, deps, after, captureCentsOf(event, reg));
          return { reg, changed: false };
        }
        await moveRegistration(tx, reg.id, "confirmed");
        await closeOtherWaitlist(tx, reg);
        await enqueue.mail({ kind: "hold_placed", registrationId: reg.id, ...(reg.status === "promoting" && { promoted: true }) });
        // Decided while this hold was being placed: it is captured like the others (decide-game.ts).
        if (event.gameOnState === "on" || event.gameOnState === "deciding") await startCapture(tx, deps, after, captureCentsOf(event, reg));
        return { reg: { ...reg, status: "confirmed" as const }, changed: true };
      }

      // Refused, or let go by the processor before anyone asked: nothing was taken.
      if (!waiting) return { reg, changed: false };
      await closeRegistration(tx, reg.id, { status: "payment_failed", closedReason: "payment_failed" });
      await enqueue.mail({ kind: reg.status === "promoting" ? "promotion_failed" : "hold_failed", registrationId: reg.id });
      await promoteNext(tx, deps, event, reg.role);
      return { reg: { ...reg, status: "payment_failed" as const }, changed: true };
    },
    { announce: (applied) => applied.changed },
  );
  if (result.changed) deps.listCache?.invalidate();
  return result.reg;
}

/**
 * Decides to let a hold go, under the game's lock: `releasing` with its reason, and a job tells the
 * processor (release:{registrationId}). A hold never placed (scheduled) is released without a call
 * (money/release-hold.ts). Nothing was taken, so nothing is refunded.
 */
export async function letGo(tx: Tx, deps: RegistrationDeps, hold: CardHoldRow, reason: HoldReleaseReason): Promise<void> {
  if (!(LET_GO_STATUSES as readonly string[]).includes(hold.status)) return;
  await tx.db.update(cardHold).set({ status: "releasing", releaseReason: reason, attempts: 0 }).where(eq(cardHold.id, hold.id));
  await enqueueIn(tx, deps).release(hold.id);
}

/**
 * What a hold placed after the decision began captures: the party's price, or on a split pitch the
 * share decided (the game's price from then on, decide-game.ts) for each player spot.
 */
export function captureCentsOf(event: EventRow, reg: Pick<RegistrationRow, "role" | "guestCount" | "amountCents">): number {
  return event.pitchCostCents !== null && reg.role === "player" ? event.costCents * (1 + reg.guestCount) : reg.amountCents;
}

/** Decides to capture a held hold for the party's price now (never more than held), under the game's lock; a job makes it. */
export async function startCapture(tx: Tx, deps: RegistrationDeps, hold: CardHoldRow, partyCents: number): Promise<void> {
  if (hold.status !== "held") return;
  await tx.db
    .update(cardHold)
    .set({ status: "capturing", captureCents: Math.min(partyCents, hold.amountCents), attempts: 0 })
    .where(eq(cardHold.id, hold.id));
  await enqueueIn(tx, deps).capture(hold.id);
}

export type { EventRow };

/**
 * A hold the processor let go before it was captured (it expired): nothing can be taken on it, so
 * its spot is released, its player told, and the next waitlister tried (docs/game-on.md, "Faults").
 * Applied once, under the game's lock: only a hold still `held` changes.
 */
export async function expireHold(deps: RegistrationDeps, holdId: string): Promise<void> {
  const [found] = await deps.database.db.select({ eventId: cardHold.eventId }).from(cardHold).where(eq(cardHold.id, holdId));
  if (!found) return;
  const changed = await withEventLock(
    deps.database,
    found.eventId,
    async (tx, event) => {
      const [hold] = await tx.db.update(cardHold).set({ status: "failed", error: "hold_expired" }).where(and(eq(cardHold.id, holdId), eq(cardHold.status, "held"))).returning();
      if (!hold) return false;
      const [reg] = await tx.db.select().from(registration).where(eq(registration.id, hold.registrationId));
      if (reg?.status !== "confirmed") return true;
      await closeRegistration(tx, reg.id, { status: "payment_failed", closedReason: "payment_expired" });
      await enqueueIn(tx, deps).mail({ kind: "hold_failed", registrationId: reg.id });
      await promoteNext(tx, deps, event, reg.role);
      return true;
    },
    { announce: (result) => result },
  );
  if (changed) deps.listCache?.invalidate();
}
