import { gameAvailability, viewerAvailability, type ViewerAvailability } from "#shared/event-availability.ts";
import type { EventSummary } from "#shared/events.ts";
import type { MyActiveRegistration } from "#shared/my-registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { formatDate } from "./format.ts";
import { myStateText } from "./my-state-text.ts";

/** What a home card says and offers this viewer (docs/product-rules.md, "What each viewer is told"). */
export interface CardWords {
  /** The line under the price: the viewer's place, or what they can do and from when; null when the counts say it all. */
  status: string | null;
  tone: "green" | "amber" | "slate";
  /** The button's words, or null: no button while nothing can be done yet. */
  action: string | null;
}

const SIX_DAYS_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * The card's words from the one availability rule (src/shared/event-availability.ts): the shared
 * list's facts, the viewer's own places and whether they are a regular (their own request, never the
 * shared list). Times are on the game's clock, as its page says them: "Fri 7:00 PM" within the
 * week, with the date further ahead, where a weekday alone would be ambiguous.
 */
export function cardWords(event: EventSummary, now: Date, viewer: { signedIn: boolean; mine: readonly MyActiveRegistration[]; regular: boolean }): CardWords {
  const seen = viewerAvailability(gameAvailability(event, now), viewer);
  return { ...statusOf(seen, event, now, viewer.mine), action: actionWords(seen) };
}

function statusOf(seen: ViewerAvailability, event: EventSummary, now: Date, mine: readonly MyActiveRegistration[]): Pick<CardWords, "status" | "tone"> {
  const when = (iso: string) => cardTime(iso, event.timeZone, now);
  switch (seen.kind) {
    case "mine":
      return { status: myStateText(mine), tone: "green" };
    case "regularJoinNow":
      return { status: t("home.card.regularJoinNow"), tone: "green" };
    case "regularFrom":
      return { status: t("home.card.regularFrom", { when: when(seen.regularsOpenAt) }), tone: "slate" };
    case "regularsOnly":
      return { status: t("home.card.regularsOnlyUntil", { when: when(seen.opensAt) }), tone: "slate" };
    case "notOpen":
      return { status: t("home.card.opens", { when: when(seen.opensAt) }), tone: "slate" };
    case "full":
      return { status: t("home.card.fullWaitlist", { count: seen.waiting }), tone: "amber" };
    case "started":
      return { status: t("home.card.started"), tone: "slate" };
    case "cancelled":
    case "finished":
    case "open":
      return { status: null, tone: "slate" };
  }
}

function actionWords(seen: ViewerAvailability): string | null {
  switch (seen.action) {
    case "register":
      return t(seen.kind === "regularJoinNow" ? "home.card.joinNow" : "home.card.register");
    case "waitlist":
      return t("home.card.joinWaitlist");
    case "moreInfo":
      return t("home.card.moreInfo");
    case "none":
      return null;
  }
}

/** "Fri 7:00 PM" on the game's clock; "Fri, Dec 4, 7:00 PM" when more than six days away. */
export function cardTime(iso: string, timeZone: string, now: Date): string {
  const far = Date.parse(iso) - now.getTime() > SIX_DAYS_MS;
  return formatDate(iso, { weekday: "short", ...(far && { month: "short", day: "numeric" }), hour: "numeric", minute: "2-digit", hour12: true, timeZone });
}
