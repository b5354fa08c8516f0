import { and, asc, eq, inArray } from "drizzle-orm";
import { ACTIVE_STATUSES, type AccountDeletionGame, type AccountDeletionPreview } from "#shared/registrations.ts";
import { event, payment, registration } from "#server/db/schema.ts";
import { feeRuleOf, nowOf, type RegistrationDeps } from "./deps.ts";
import { deletionRefundDue, releasedOnDeletion } from "./release-user.ts";

/**
 * What deleting the account would do, game by game, before the person confirms: the same rule the
 * deletion applies (release-user.ts: deletionRefundDue, releasedOnDeletion), read without a lock, so
 * it is what happens if nothing changes meanwhile (docs/registrations-and-payments.md, "Account deletion").
 */
export async function previewAccountDeletion(deps: RegistrationDeps, userId: string): Promise<AccountDeletionPreview> {
  const { db } = deps.database;
  const now = nowOf(deps);
  const rows = await db
    .select({
      registrationId: registration.id,
      role: registration.role,
      status: registration.status,
      event: { id: event.id, title: event.title, startsAt: event.startsAt, endsAt: event.endsAt, timeZone: event.timeZone, status: event.status },
      paidCents: payment.amountCents,
      amountCents: registration.amountCents,
    })
    .from(registration)
    .innerJoin(event, eq(event.id, registration.eventId))
    // One charge row per registration (docs/registrations-and-payments.md, "Invariants", 4).
    .leftJoin(payment, and(eq(payment.registrationId, registration.id), eq(payment.kind, "charge"), eq(payment.status, "succeeded")))
    .where(and(eq(registration.userId, userId), inArray(registration.status, [...ACTIVE_STATUSES])))
    .orderBy(asc(event.startsAt), asc(registration.role));

  const games: AccountDeletionGame[] = [];
  for (const row of rows) {
    if (!releasedOnDeletion(row.event, now)) continue;
    // What the party holds now: the charge less the shares of guests removed since (docs/guests.md).
    const paidCents = Math.min(row.paidCents ?? 0, row.amountCents);
    let outcome: AccountDeletionGame["outcome"];
    let refundCents = 0;
    if (row.status === "waitlisted") outcome = "waitlist";
    else if (row.status !== "confirmed") outcome = "payment_running";
    else if (paidCents === 0) outcome = "free";
    else {
      // As releaseConfirmedSpot computes it: never more than was paid.
      refundCents = Math.min(paidCents, deletionRefundDue(row.event, now, feeRuleOf(deps))(paidCents));
      outcome = refundCents > 0 ? "refund" : "inside_window";
    }
    games.push({
      eventId: row.event.id,
      title: row.event.title,
      startsAt: row.event.startsAt.toISOString(),
      endsAt: row.event.endsAt.toISOString(),
      timeZone: row.event.timeZone,
      role: row.role,
      outcome,
      paidCents,
      refundCents,
    });
  }
  return { games, refundCents: games.reduce((sum, game) => sum + game.refundCents, 0) };
}
