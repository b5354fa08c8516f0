import { refundAfterFeeCents, type FeeRule } from "#shared/money.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";
import { cancellationDeadline, isCancellable } from "#shared/registrations.ts";
import { renderedTimeZoneName } from "#web/lib/rendered-zone-name.ts";
import { formatDate, viewerTimeZone } from "#web/features/events/format.ts";
import { isKnownTimeZone, sameClockTime } from "#web/features/events/game-time.ts";

/**
 * The cancellation policy in the words a player reads before paying and on their status box: the
 * deadline (24 hours before kick-off, docs/product-rules.md, "Registration rules") on the clocks
 * where the game is played, and what a cancel then gives back (price − processing fee, the function
 * the server refunds with).
 */

type Game = { startsAt: string; timeZone: string };

/**
 * "Wed, Nov 25, 7:30 PM" in the game's zone; when the viewer's clock shows another time, the zone
 * is named as people say it: "Wed, Nov 25, 7:30 PM Eastern Time".
 */
export function formatCancelDeadline(game: Game, viewerZone: string = viewerTimeZone()): string {
  const zone = isKnownTimeZone(game.timeZone) ? game.timeZone : viewerZone;
  const deadline = cancellationDeadline(game.startsAt).toISOString();
  const text = formatDate(deadline, { timeZone: zone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
  if (sameClockTime([deadline], zone, viewerZone)) return text;
  return `${text} ${renderedTimeZoneName(zone, deadline, currentLanguage())}`;
}

/** Whether the deadline is still ahead: the rule the server cancels by (cancelling is allowed up to and including it). */
function beforeDeadline(game: Game, now: Date): boolean {
  return isCancellable(game.startsAt, now);
}

export interface PolicyInput {
  game: Game;
  priceCents: number;
  rule: FeeRule;
  currency: string;
  now: Date;
  viewerZone?: string;
}

/**
 * The sentence shown before the Pay button: "$12.00 now; cancel by Wed, Nov 25, 7:30 PM for $11.35
 * back." Inside the last 24 hours, that the spot can no longer be cancelled.
 */
export function paymentPolicy({ game, priceCents, rule, currency, now, viewerZone }: PolicyInput): string {
  const money = (cents: number) => formatCents(cents, currency);
  const price = money(priceCents);
  if (!beforeDeadline(game, now)) return t("event.policy.payNoCancel", { price });
  const deadline = formatCancelDeadline(game, viewerZone);
  const refund = refundAfterFeeCents(priceCents, rule);
  if (refund === 0) return t("event.policy.payNothingBack", { price, deadline });
  return t("event.policy.pay", { price, deadline, refund: money(refund) });
}

/**
 * For a paid waitlist (the dialog says first that the card is charged automatically when a spot
 * frees up): until when the place, or the spot it becomes, can be given up, and for what.
 */
export function waitlistPolicy({ game, priceCents, rule, currency, now, viewerZone }: PolicyInput): string {
  if (!beforeDeadline(game, now)) return t("event.policy.waitlistNoCancel");
  const deadline = formatCancelDeadline(game, viewerZone);
  const refund = refundAfterFeeCents(priceCents, rule);
  return t("event.policy.waitlist", { deadline, refund: formatCents(refund, currency) });
}

/**
 * The status box's line about cancelling a spot held: until when, for how much; or that the time
 * has passed. Nothing once the game has started (the page says the rule there).
 */
export function spotDeadlineLine({ game, priceCents, rule, currency, now, viewerZone }: PolicyInput): string | undefined {
  if (now.getTime() >= Date.parse(game.startsAt)) return undefined;
  const deadline = formatCancelDeadline(game, viewerZone);
  if (!beforeDeadline(game, now)) return t("event.policy.spotEnded", { deadline });
  if (priceCents <= 0) return t("event.policy.spotFree", { deadline });
  return t("event.policy.spot", { deadline, refund: formatCents(refundAfterFeeCents(priceCents, rule), currency) });
}

/** The same for a waitlist place: it can be left until the deadline, at no cost. */
export function waitlistDeadlineLine({ game, now, viewerZone }: Pick<PolicyInput, "game" | "now" | "viewerZone">): string | undefined {
  if (now.getTime() >= Date.parse(game.startsAt)) return undefined;
  const deadline = formatCancelDeadline(game, viewerZone);
  if (!beforeDeadline(game, now)) return t("event.policy.waitlistEnded", { deadline });
  return t("event.policy.waitlistUntil", { deadline });
}
