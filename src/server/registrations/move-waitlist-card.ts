import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { isCancellable, type WaitlistPlaceOnCard } from "#shared/registrations.ts";
import type { Db } from "#server/db/client.ts";
import { event, registration } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";
import { closeRegistration } from "./queries.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { translate } from "#server/i18n/translate.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** Its English, what the tests compare; thrown by key ("errors.cards.inUse"). */
export const CARD_IN_USE = translate("en", "errors.cards.inUse");
/** Its English, what the tests compare; thrown by key ("errors.cards.paymentInProgress"). */
export const CARD_PAYMENT_IN_PROGRESS = translate("en", "errors.cards.paymentInProgress");
/** Its English, what the tests compare; thrown by key ("errors.cards.chooseAnother"). */
export const CHOOSE_ANOTHER_CARD = translate("en", "errors.cards.chooseAnother");
/** Its English, what the tests compare; thrown by key ("errors.registration.leaveWaitlistTooLate"). */
export const LEAVE_TOO_LATE = translate("en", "errors.registration.leaveWaitlistTooLate");

/**
 * The user's waitlist places that a promotion would charge to this card: waiting, with consent to
 * be charged, in games still to come that are not cancelled (nobody is promoted once a game starts).
 */
export async function waitlistPlacesOnCard(db: Db, options: { userId: string; cardId: string; now: Date }): Promise<WaitlistPlaceOnCard[]> {
  const rows = await db
    .select({ eventId: event.id, title: event.title, startsAt: event.startsAt, timeZone: event.timeZone, role: registration.role })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    .where(
      and(
        eq(registration.userId, options.userId),
        eq(registration.paymentMethodId, options.cardId),
        eq(registration.status, "waitlisted"),
        eq(registration.consentToAutoCharge, true),
        eq(event.status, "active"),
        gt(event.startsAt, options.now),
      ),
    )
    .orderBy(asc(event.startsAt), asc(registration.role));
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString(), canLeave: isCancellable(row.startsAt, options.now) }));
}

/**
 * Whether a promotion is charging this card right now (its registration is `promoting`): the charge
 * was sent with the card, so the card must stay until the charge has landed.
 */
export async function paymentInProgressOnCard(db: Db, options: { userId: string; cardId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: registration.id })
    .from(registration)
    .where(and(eq(registration.userId, options.userId), eq(registration.paymentMethodId, options.cardId), eq(registration.status, "promoting")))
    .limit(1);
  return Boolean(row);
}

/**
 * Before a card is removed: its waitlist places move to another saved card of the same user
 * (`replaceWith`, checked by the caller), or are given up (`leave`, as leaving a waitlist does,
 * and like it not within 24 hours of the game: then nothing changes, 422). Each game under its event
 * lock, so no promotion of that game can take the old card meanwhile; a promotion that took it
 * already (`promoting`) stops everything with a 409, the games done so far keep their change.
 * Returns how many places changed.
 */
export async function moveWaitlistPlaces(
  deps: RegistrationDeps,
  options: { userId: string; cardId: string; action: { replaceWith: string; label: string } | { leave: true } },
): Promise<number> {
  const { userId, cardId, action } = options;
  const places = await waitlistPlacesOnCard(deps.database.db, { userId, cardId, now: nowOf(deps) });
  if ("leave" in action && places.some((place) => !place.canLeave)) throw new AppError("rule", errorText("errors.registration.leaveWaitlistTooLate"));
  let changed = 0;
  try {
    for (const eventId of new Set(places.map((place) => place.eventId))) {
      changed += await withEventLock(deps.database, eventId, async (tx, game) => {
        // Read again under the lock: a promotion may have taken the place since.
        const mine = await tx.db
          .select()
          .from(registration)
          .where(
            and(
              eq(registration.eventId, eventId),
              eq(registration.userId, userId),
              eq(registration.paymentMethodId, cardId),
              inArray(registration.status, ["waitlisted", "promoting"]),
            ),
          );
        if (mine.some((reg) => reg.status === "promoting")) throw new AppError("conflict", errorText("errors.cards.paymentInProgress"));
        if (game.status !== "active" || game.startsAt.getTime() <= nowOf(deps).getTime()) return 0;
        const waiting = mine.filter((reg) => reg.status === "waitlisted" && reg.consentToAutoCharge);
        // The window may have closed since the check above.
        if ("leave" in action && waiting.length > 0 && !isCancellable(game.startsAt, nowOf(deps))) throw new AppError("rule", errorText("errors.registration.leaveWaitlistTooLate"));
        for (const reg of waiting) {
          if ("replaceWith" in action) {
            await tx.db
              .update(registration)
              .set({ paymentMethodId: action.replaceWith, cardLabel: action.label })
              .where(and(eq(registration.id, reg.id), eq(registration.status, "waitlisted")));
          } else {
            await closeRegistration(tx, reg.id, { status: "cancelled", closedReason: "user_left" });
          }
        }
        return waiting.length;
      }, { announce: (moved) => moved > 0 });
    }
  } finally {
    // The event pages list who waits (and the home lists are shared): whatever changed is shown.
    if (changed > 0) deps.listCache?.invalidate();
  }
  return changed;
}
