import { and, eq, inArray } from "drizzle-orm";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import { cardHold, event as eventTable, registration } from "#server/db/schema.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { readLedger } from "#server/money/read-money.ts";
import type { RegistrationDeps } from "./deps.ts";
import { enqueueIn } from "./jobs.ts";
import { closeRegistration } from "./queries.ts";
import { releaseConfirmedSpot } from "./release-spot.ts";
import { type EventRow, withEventLock } from "#server/events/game-lock.ts";
import type { Tx } from "#server/db/client.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/**
 * An admin cancels the game: status cancelled, every held spot refunded in full (the
 * players did nothing wrong), waitlists closed, everyone mailed once. A spot whose charge is still
 * running is released too; if that charge succeeds it is refunded in full when it lands. Cancelling
 * twice changes nothing and refunds nothing twice. The organiser's `message`, if any, goes into every
 * mail. Returns false when it was already cancelled.
 * See docs/registrations-and-payments.md, "Admin cancels the game".
 */
export async function cancelEvent(deps: RegistrationDeps, options: CancelOptions & { eventId: string }): Promise<boolean> {
  if (!isEventId(options.eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const changed = await withEventLock(deps.database, options.eventId, (tx, locked) => cancelLockedEvent(tx, deps, locked, options), { announce: (cancelled) => cancelled });
  deps.listCache?.invalidate();
  return changed;
}

export interface CancelOptions {
  message?: string;
  /** A game-on game called off at its decision with too few players (decide-game.ts). */
  notEnough?: { players: number; minPlayers: number };
}

/** The cancel itself, inside the caller's lock of the game (`locked`: its row as locked). */
export async function cancelLockedEvent(tx: Tx, deps: RegistrationDeps, locked: EventRow, options: CancelOptions): Promise<boolean> {
  if (locked.status === "cancelled") return false;
  // The decision's captures are running: calling off waits for them (then refunds in full).
  if (locked.gameOnState === "deciding") throw new AppError("conflict", errorText("errors.gameOn.deciding"));
  // A call-off (docs/game-on.md): the reason is kept on the game, shown on its page and in every
  // mail; a game-on game before its decision is called off, its holds let go.
  await tx.db
    .update(eventTable)
    .set({ status: "cancelled", cancelReason: options.message || null, ...(locked.gameOnState === "open" && { gameOnState: "called_off" as const, gameOnDecidedAt: new Date() }) })
    .where(eq(eventTable.id, locked.id));
  const event = { ...locked, status: "cancelled" as const };
  const active = await tx.db
    .select()
    .from(registration)
    .where(and(eq(registration.eventId, event.id), inArray(registration.status, [...ACTIVE_STATUSES])));
  for (const reg of active) {
    if (reg.status === "confirmed") {
      await releaseConfirmedSpot(tx, deps, event, reg, { closedReason: "event_cancelled", refundDue: (paid) => paid, mail: false });
    } else {
      await closeRegistration(tx, reg.id, { status: "cancelled", closedReason: "event_cancelled" });
    }
  }
  const enqueue = enqueueIn(tx, deps);
  const released = await tx.db
    .select({ registrationId: cardHold.registrationId })
    .from(cardHold)
    .where(and(eq(cardHold.eventId, event.id), eq(cardHold.status, "releasing")));
  // Each person's mail names the refund rows this cancel wrote for them (docs/mails.md).
  const written = (await readLedger(tx.db, { registrationIds: active.map((reg) => reg.id) })).filter((entry) => entry.kind === "refund" && entry.reason === "admin_cancel");
  for (const userId of new Set(active.map((reg) => reg.userId).filter((id): id is string => id !== null))) {
    const theirs = new Set(active.filter((reg) => reg.userId === userId).map((reg) => reg.id));
    const refundIds = written.filter((entry) => theirs.has(entry.registrationId)).map((entry) => entry.id);
    const holdReleased = released.some((hold) => theirs.has(hold.registrationId));
    await enqueue.mail({ kind: "event_cancelled", eventId: event.id, userId, refundIds, ...(holdReleased && { holdReleased }), ...(options.notEnough && { notEnough: options.notEnough }), ...(options.message ? { message: options.message } : {}) });
  }
  return true;
}
