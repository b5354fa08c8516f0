import type { EventChange } from "../../shared/events.ts";
import type { Language } from "../../shared/language.ts";
import type { Tx } from "./transaction.ts";
import type { RegistrationDeps } from "./deps.ts";

/** Background work of registrations and payments (workers.ts runs them). */
export const PROMOTE_QUEUE = "registration-promote";
export const REFUND_QUEUE = "payment-refund";
export const REGISTRATION_MAIL_QUEUE = "registration-mail";
export const RECOVER_QUEUE = "payment-recover";

export interface PromoteJob {
  registrationId: string;
}
export interface RefundJob {
  paymentId: string;
}

/**
 * Every mail a registration can cause. The worker writes it when it runs, from the ledger rows it
 * reports (their amounts never change) and what the job carries of its moment, so a mail sent late
 * still tells that moment (docs/mails.md).
 */
export type RegistrationMailJob =
  | { kind: "payment_confirmed"; registrationId: string }
  | { kind: "promoted"; registrationId: string }
  | { kind: "promotion_failed"; registrationId: string }
  /** `refundId`: the refund row it reports (absent in jobs queued before it was added: the release's row). */
  | { kind: "refund"; registrationId: string; refundId?: string }
  /** A guest taken out of a paid party: the receipt of their share's refund (docs/mails.md). */
  | { kind: "guest_removed"; registrationId: string; guestId: string }
  | { kind: "late_charge_refunded"; registrationId: string }
  /** `message`: the organiser's words to the players, if any (docs/product-rules.md, "Editing and cancelling a game"). */
  | { kind: "event_cancelled"; eventId: string; userId: string; message?: string }
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
  /** A free spot taken at once ("You're in"). */
  | { kind: "joined"; registrationId: string }
  /**
   * A waitlist place; for a paid game, the written record of the consent to an automatic charge.
   * `amountCents`: what was consented to at that moment (the party's price then; absent in older jobs).
   */
  | { kind: "waitlisted"; registrationId: string; amountCents?: number }
  /**
   * What an account deletion refunded, game by game. The address travels with the job: the account
   * (and so the registrations' link to it) is gone by the time the mail is written.
   */
  | { kind: "account_deleted"; to: string; /** The account's language (absent in jobs queued before it was added: English). */ language?: Language; registrationIds: string[] };

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
    refund: (paymentId: string) => send(REFUND_QUEUE, { paymentId } satisfies RefundJob),
    mail: (job: RegistrationMailJob) => send(REGISTRATION_MAIL_QUEUE, job),
    /** Several mails with one statement (the joins of one turn of the lock, join-batch.ts). */
    mails: async (jobs: RegistrationMailJob[]) => {
      if (deps.jobs && jobs.length > 0) await deps.jobs.sendMany(jobs.map((data) => ({ queue: REGISTRATION_MAIL_QUEUE, data })), { client: tx.client });
    },
  };
}
