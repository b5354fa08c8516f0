import { type FeeRule, formatCents, processingFeeCents, refundAfterFeeCents } from "../../shared/money.ts";
import { cancellationDeadline, isCancellable } from "../../shared/registrations.ts";
import { formatInZone } from "../../shared/time-zone-name.ts";

/** What the sentences below need to know about a game, a price and the rules in force. */
export interface PolicyFacts {
  game: { startsAt: Date; timeZone: string };
  /** The price of the spot in cents (0: free). */
  priceCents: number;
  currency: string;
  feeRule: FeeRule;
  now: Date;
}

type Detail = [string, string];

/**
 * What a receipt ("Payment confirmed", "You're in") says about giving the spot up: until when, on
 * the game's clocks, and what a cancel then refunds: the price minus the processing fee, which
 * the processor keeps (docs/product-rules.md, "Registration rules").
 */
export function spotCancelPolicy(facts: PolicyFacts): { paragraph: string; details: Detail[] } {
  const deadline = formatInZone(cancellationDeadline(facts.game.startsAt), facts.game.timeZone);
  if (!isCancellable(facts.game.startsAt, facts.now)) {
    return { paragraph: "Kick-off is less than 24 hours away, so this spot can no longer be cancelled.", details: [] };
  }
  if (facts.priceCents === 0) {
    return {
      paragraph: `Can't make it? Cancel on the game's page by ${deadline} (24 hours before kick-off), so that your spot goes to the next person on the waitlist.`,
      details: [["Cancel by", deadline]],
    };
  }
  const { refund, paid, fee } = refundFigures(facts);
  return {
    paragraph: `Can't make it? Cancel on the game's page by ${deadline} (24 hours before kick-off) and you get ${refund} back: the ${paid} you paid minus the ${fee} processing fee, which the card processor keeps. After that the spot can no longer be cancelled.`,
    details: [
      ["Cancel by", deadline],
      ["Refund if you cancel", `${refund} (${paid} minus the ${fee} processing fee)`],
    ],
  };
}

/**
 * How a waitlist place is given up, and with it (paid games) the consent to be charged: leave the
 * waitlist on the game's page, which the 24-hour window allows until the deadline.
 */
export function waitlistWithdrawal(facts: PolicyFacts, gameUrl: string): { paragraph: string; details: Detail[] } {
  const deadline = formatInZone(cancellationDeadline(facts.game.startsAt), facts.game.timeZone);
  const paid = facts.priceCents > 0;
  if (!isCancellable(facts.game.startsAt, facts.now)) {
    return {
      paragraph: paid
        ? "Kick-off is less than 24 hours away, so this place and your agreement can no longer be withdrawn: a spot that frees up before kick-off is charged."
        : "Kick-off is less than 24 hours away, so this place can no longer be given up: a spot that frees up before kick-off is yours.",
      details: [],
    };
  }
  const what = paid ? "To withdraw your agreement, leave the waitlist" : "To give up your place, leave the waitlist";
  const after = paid ? "after that your place stays, and a spot that frees up before kick-off is charged" : "after that your place stays";
  // The link ends the sentence with nothing after it: a full stop would be read as part of the address.
  return {
    paragraph: `${what} on the game's page by ${deadline} (24 hours before kick-off); ${after}. Open the game: ${gameUrl}`,
    details: [[paid ? "Withdraw by" : "Leave by", deadline]],
  };
}

/** For a paid waitlister: what cancelling the spot, once it is theirs, would refund; null once the deadline is past. */
export function laterCancelRefund(facts: PolicyFacts): [string] | null {
  if (facts.priceCents === 0 || !isCancellable(facts.game.startsAt, facts.now)) return null;
  const deadline = formatInZone(cancellationDeadline(facts.game.startsAt), facts.game.timeZone);
  const { refund, paid, fee } = refundFigures(facts);
  return [`Once the spot is yours you can still cancel it by ${deadline}, and get ${refund} back (${paid} minus the ${fee} processing fee).`];
}

/** The figures of a cancel, each written in the configured currency. */
export function refundFigures(facts: Pick<PolicyFacts, "priceCents" | "currency" | "feeRule">) {
  const money = (cents: number) => formatCents(cents, facts.currency);
  return {
    paid: money(facts.priceCents),
    fee: money(processingFeeCents(facts.priceCents, facts.feeRule)),
    refund: money(refundAfterFeeCents(facts.priceCents, facts.feeRule)),
  };
}
