import type { Language } from "#shared/language.ts";
import { type FeeRule, formatCents, processingFeeCents, refundAfterFeeCents } from "#shared/money.ts";
import { cancellationDeadline, isCancellable } from "#shared/registrations.ts";
import { formatInZone } from "#shared/time-zone-name.ts";
import { translatorFor } from "#server/i18n/translate.ts";

/** What the sentences below need to know about a game, a price and the rules in force. */
export interface PolicyFacts {
  game: { startsAt: Date; timeZone: string };
  /** The price of the spot in cents (0: free). */
  priceCents: number;
  currency: string;
  feeRule: FeeRule;
  now: Date;
  /** The reader's language; English when not given. */
  language?: Language;
}

type Detail = [string, string];

const translatorOf = (facts: Pick<PolicyFacts, "language">) => translatorFor(facts.language ?? "en");
const deadlineOf = (facts: PolicyFacts) => formatInZone(cancellationDeadline(facts.game.startsAt), facts.game.timeZone, facts.language);

/**
 * What a receipt ("Payment confirmed", "You're in") says about giving the spot up: until when, on
 * the game's clocks, and what a cancel then refunds: the price minus the processing fee, which
 * the processor keeps (docs/product-rules.md, "Registration rules").
 */
export function spotCancelPolicy(facts: PolicyFacts): { paragraph: string; details: Detail[] } {
  const t = translatorOf(facts);
  const deadline = deadlineOf(facts);
  if (!isCancellable(facts.game.startsAt, facts.now)) return { paragraph: t("mail.policy.tooLate"), details: [] };
  if (facts.priceCents === 0) return { paragraph: t("mail.policy.freeCancel", { deadline }), details: [[t("mail.policy.cancelBy"), deadline]] };
  const { refund, paid, fee } = refundFigures(facts);
  return {
    paragraph: t("mail.policy.paidCancel", { deadline, refund, paid, fee }),
    details: [
      [t("mail.policy.cancelBy"), deadline],
      [t("mail.policy.refundIfYouCancel"), t("mail.policy.refundFigures", { refund, paid, fee })],
    ],
  };
}

/**
 * How a waitlist place is given up, and with it (paid games) the consent to be charged: leave the
 * waitlist on the game's page, which the 24-hour window allows until the deadline.
 */
export function waitlistWithdrawal(facts: PolicyFacts, gameUrl: string): { paragraph: string; details: Detail[] } {
  const t = translatorOf(facts);
  const deadline = deadlineOf(facts);
  const paid = facts.priceCents > 0;
  if (!isCancellable(facts.game.startsAt, facts.now)) {
    return { paragraph: paid ? t("mail.policy.waitlistTooLatePaid") : t("mail.policy.waitlistTooLateFree"), details: [] };
  }
  return {
    paragraph: t(paid ? "mail.policy.withdrawPaid" : "mail.policy.withdrawFree", { deadline, gameUrl }),
    details: [[paid ? t("mail.policy.withdrawBy") : t("mail.policy.leaveBy"), deadline]],
  };
}

/** For a paid waitlister: what cancelling the spot, once it is theirs, would refund; null once the deadline is past. */
export function laterCancelRefund(facts: PolicyFacts): [string] | null {
  if (facts.priceCents === 0 || !isCancellable(facts.game.startsAt, facts.now)) return null;
  const { refund, paid, fee } = refundFigures(facts);
  return [translatorOf(facts)("mail.policy.laterCancel", { deadline: deadlineOf(facts), refund, paid, fee })];
}

/** The figures of a cancel, each written in the configured currency and the reader's language. */
export function refundFigures(facts: Pick<PolicyFacts, "priceCents" | "currency" | "feeRule" | "language">) {
  const money = (cents: number) => formatCents(cents, facts.currency, facts.language);
  return {
    paid: money(facts.priceCents),
    fee: money(processingFeeCents(facts.priceCents, facts.feeRule)),
    refund: money(refundAfterFeeCents(facts.priceCents, facts.feeRule)),
  };
}
