import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { ACTIVE_STATUSES, isCancellable } from "#shared/registrations.ts";
import { refundAfterFeeCents, type FeeRule } from "#shared/money.ts";
import { registration, user } from "#server/db/schema.ts";
import { mailLanguage } from "#server/mail/mail-language.ts";
import { feeRuleOf, nowOf, type RegistrationDeps } from "./deps.ts";
import { REGISTRATION_MAIL_QUEUE, type RegistrationMailJob } from "./jobs.ts";
import { activeRegistrationsOf, closeRegistration } from "./queries.ts";
import { promoteNext } from "./promote-next.ts";
import { releaseConfirmedSpot } from "./release-spot.ts";
import { withEventLock } from "#server/events/game-lock.ts";

/** Games that have ended keep their history: deleting an account releases only the others. */
export function releasedOnDeletion(event: { endsAt: Date }, now: Date): boolean {
  return event.endsAt.getTime() >= now.getTime();
}

/**
 * What deleting the account gives back for a confirmed spot's charge: what a cancellation would
 * (price − fee) while the start is at least 24 hours away and the game not cancelled; else nothing.
 * The release and its preview (preview-account-deletion.ts) both use it.
 */
export function deletionRefundDue(event: { status: string; startsAt: Date }, now: Date, rule: FeeRule): (paidCents: number) => number {
  const refundable = event.status !== "cancelled" && isCancellable(event.startsAt, now);
  return (paidCents) => (refundable ? refundAfterFeeCents(paidCents, rule) : 0);
}

/** How long a deletion that began counts: longer than any release takes, short enough to heal a crash. */
export const DELETION_MARK_MS = 10 * 60_000;

/**
 * Before an account is deleted: first the account is marked as being deleted, in its own short
 * transaction that locks the user's row (a join holds that row shared inside the game's lock until it
 * commits, so a join either finished before the mark, and its spot is released below, or sees the
 * mark and is refused); then its spots are released.
 */
export async function prepareAccountDeletion(deps: RegistrationDeps, userId: string): Promise<void> {
  const client = await deps.database.pool.connect();
  try {
    await client.query("begin");
    await client.query(`select id from "user" where id = $1 for update`, [userId]);
    await client.query(
      `insert into account_deletion (user_id, started_at) values ($1, now()) on conflict (user_id) do update set started_at = excluded.started_at`,
      [userId],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await releaseUserRegistrations(deps, userId);
}

/**
 * Each upcoming spot is released as a cancellation would
 * be (refund = price − fee while the start is ≥ 24 h away, nothing inside it) and the next waitlister
 * promoted; waitlist places go. The rows and the ledger stay; deleting the user then sets their user
 * id null. Games that have ended keep their history untouched.
 */
export async function releaseUserRegistrations(deps: RegistrationDeps, userId: string): Promise<void> {
  const events = await deps.database.db
    .selectDistinct({ eventId: registration.eventId })
    .from(registration)
    .where(and(eq(registration.userId, userId), inArray(registration.status, [...ACTIVE_STATUSES])));
  for (const { eventId } of events) {
    await withEventLock(deps.database, eventId, async (tx, event) => {
      const now = nowOf(deps);
      if (!releasedOnDeletion(event, now)) return false;
      for (const reg of await activeRegistrationsOf(tx, event.id, userId)) {
        if (reg.status === "confirmed") {
          await releaseConfirmedSpot(tx, deps, event, reg, {
            closedReason: "account_deleted",
            refundDue: deletionRefundDue(event, now, feeRuleOf(deps)),
            mail: false,
          });
        } else {
          // A charge still running is refunded in full if it lands (apply-charge.ts).
          await closeRegistration(tx, reg.id, { status: "cancelled", closedReason: "account_deleted" });
          if (reg.status !== "waitlisted") await promoteNext(tx, deps, event, reg.role);
        }
      }
      return true;
    }, { announce: (released) => released });
  }
  deps.listCache?.invalidate();
  await queueRefundMail(deps, userId);
}

/**
 * One mail, once every game is released: each paid spot the deletion gave up and what goes back for
 * it. Each game is released in its own transaction, so there is none to write the job in; it is
 * queued once they have all committed. The account still exists here: a deletion that crashed and
 * is tried again finds the same rows, and its address.
 */
async function queueRefundMail(deps: RegistrationDeps, userId: string): Promise<void> {
  if (!deps.jobs) return;
  const [person] = await deps.database.db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, userId));
  const released = await deps.database.db
    .select({ id: registration.id })
    .from(registration)
    // refunded_cents is set (0 or more) on exactly the paid spots a release gave up (release-spot.ts).
    .where(and(eq(registration.userId, userId), eq(registration.closedReason, "account_deleted"), isNotNull(registration.refundedCents)));
  if (!person || released.length === 0) return;
  // The language travels with the job too: the account is gone when the mail is written.
  const job: RegistrationMailJob = { kind: "account_deleted", to: person.email, language: mailLanguage(person.language), registrationIds: released.map((row) => row.id) };
  await deps.jobs.send(REGISTRATION_MAIL_QUEUE, job);
}
