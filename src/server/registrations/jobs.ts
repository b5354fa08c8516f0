import type { EventChange } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import type { Tx } from "#server/db/client.ts";
import { enqueueCapture, enqueueRelease } from "#server/money/hold-jobs.ts";
import { REFUND_QUEUE, type RefundJob } from "#server/money/refund-jobs.ts";
import type { RegistrationDeps } from "./deps.ts";
import { SPOT_OPENED_QUEUE, type SpotOpenedJob } from "./spot-opened.ts";

/** Background work of registrations and payments (workers.ts runs them). */
export const PROMOTE_QUEUE = "registration-promote";
export const REGISTRATION_MAIL_QUEUE = "registration-mail";
export const RECOVER_QUEUE = "payment-recover";

export interface PromoteJob {
  registrationId: string;
}

/**
 * Every mail a registration can cause. The worker writes it when it runs, which can be minutes later
 * (a burst, a retry, a crash), so a job carries its moment: the ids of the ledger rows it reports
 * (their amounts never change once written) and what else was true then, and the mail tells that
 * moment (docs/mails.md). Every field added since a kind first existed is optional: a job queued
 * before it was added is still sent, from what its registration says now.
 */
export type RegistrationMailJob = (
  /** `chargeId`: the charge that succeeded. */
  | { kind: "payment_confirmed"; registrationId: string; chargeId?: string }
  /** `chargeId`: the off-session charge that succeeded; none for a free spot. */
  | { kind: "promoted"; registrationId: string; chargeId?: string }
  /** `chargeId`: the charge that failed; none when the card could not even be tried. */
  | { kind: "promotion_failed"; registrationId: string; chargeId?: string }
  /** `refundId`: the refund row it reports (older jobs: the registration's release refund). */
  | { kind: "refund"; registrationId: string; refundId?: string }
  /** A guest taken out of a paid party: the receipt of their share; `refundId` absent when the fee covers the share. */
  | { kind: "guest_removed"; registrationId: string; guestId: string; refundId?: string }
  /** `chargeId`: the charge that landed; `refundId`: the refund of all of it. */
  | { kind: "late_charge_refunded"; registrationId: string; chargeId?: string; refundId?: string }
  /**
   * `message`: the organiser's words to the players, if any (docs/product-rules.md, "Editing and
   * cancelling a game"); `refundIds`: the refund rows this cancel wrote for the person (older jobs:
   * their registrations' `admin_cancel` refunds).
   */
  | {
      kind: "event_cancelled";
      eventId: string;
      userId: string;
      message?: string;
      refundIds?: string[];
      /** Game on: the game was called off at its decision with too few players ("Called off: 7 of 10"). */
      notEnough?: { players: number; minPlayers: number };
      /** Game on: the person's card hold was let go (nothing was charged). */
      holdReleased?: boolean;
    }
  /** What an edit changed, as it was at the edit: a later edit sends its own mail. */
  | {
      kind: "event_changed";
      eventId: string;
      userId: string;
      changes: EventChange[];
      /** The same in each other language, for its readers. */
      changesIn?: Partial<Record<Language, EventChange[]>>;
      /** A price changed: the mail says it is for new registrations only. */
      priceChanged?: boolean;
    }
  /**
   * Game on (docs/game-on.md): a spot whose card is held (or will be, `scheduled`), charged only if the
   * game is on; `promoted` when it came from the waitlist.
   */
  | { kind: "hold_placed"; registrationId: string; promoted?: boolean }
  /** A game-on spot given up before the decision: the hold let go, nothing charged. */
  | { kind: "hold_released"; registrationId: string }
  /** A hold that could not be placed or captured (declined, expired): the spot is released, nothing charged. */
  | { kind: "hold_failed"; registrationId: string }
  /** The decision: enough players, the hold captured (`chargeId`: the capture's charge row). */
  | { kind: "game_on"; registrationId: string; chargeId: string; players: number }
  /** A free spot taken at once ("You're in"). */
  | { kind: "joined"; registrationId: string }
  /**
   * A waitlist place; for a paid game, the written record of the consent to an automatic charge, as
   * it was given: `amountCents` (the party's price then), `guests` (their names then) and `cardLabel`
   * (the card named then). A guest removed or a card changed since does not rewrite the record.
   */
  | { kind: "waitlisted"; registrationId: string; amountCents?: number; guests?: string[]; cardLabel?: string | null }
  /**
   * What an account deletion refunded, game by game. The address travels with the job: the account
   * (and so the registrations' link to it) is gone by the time the mail is written.
   */
  | { kind: "account_deleted"; to: string; /** The account's language (absent in jobs queued before it was added: English). */ language?: Language; registrationIds: string[] }
) & {
  /**
   * When the change it reports was made (an ISO instant, set by `enqueueIn` inside that change's
   * transaction): the guests a party had then, the order of one person's mails, and part of the
   * key of a mail that has no row of its own (an edit's). Absent in older jobs.
   */
  asOf?: string;
};

/**
 * Jobs are written inside the transaction that needs them, so a change and its follow-up work commit
 * together; a crash between them cannot lose a refund or a promotion.
 */
export function enqueueIn(tx: Tx, deps: RegistrationDeps) {
  const send = async (queue: string, data: object) => {
    if (deps.jobs) await deps.jobs.send(queue, data, { client: tx.client });
  };
  return {
    promotion: (registrationId: string) => send(PROMOTE_QUEUE, { registrationId } satisfies PromoteJob),
    /** A spot free that no one waits for (spot-opened.ts). */
    spotOpened: (eventId: string) => send(SPOT_OPENED_QUEUE, { eventId } satisfies SpotOpenedJob),
    refund: (paymentId: string) => send(REFUND_QUEUE, { paymentId } satisfies RefundJob),
    /** A card hold just made `capturing` / `releasing` (money/hold-jobs.ts). */
    capture: (holdId: string) => enqueueCapture(deps.jobs, holdId, tx),
    release: (holdId: string) => enqueueRelease(deps.jobs, holdId, tx),
    mail: (job: RegistrationMailJob) => send(REGISTRATION_MAIL_QUEUE, withMoment(job)),
    /** Several mails with one statement (the joins of one turn of the lock, join-batch.ts). */
    mails: async (jobs: RegistrationMailJob[]) => {
      if (deps.jobs && jobs.length > 0) await deps.jobs.sendMany(jobs.map((job) => ({ queue: REGISTRATION_MAIL_QUEUE, data: withMoment(job) })), { client: tx.client });
    },
  };
}

/** A mail job stamped with the moment it was queued, inside the transaction of the change it reports. */
function withMoment(job: RegistrationMailJob): RegistrationMailJob {
  return { ...job, asOf: job.asOf ?? new Date().toISOString() };
}
