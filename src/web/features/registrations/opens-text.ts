import type { EventSummary } from "../../../shared/events.ts";
import { isRegistrationOpen } from "../../../shared/registration-opening.ts";
import { formatDate } from "../events/format.ts";
import { t } from "../../i18n/i18n.ts";

/**
 * "Opens Tue, Dec 1, 7:00 PM" on the game's own clock, while a series' game is not open yet; null once
 * it is (or for a game that was never closed). The weekday alone would be ambiguous a week ahead.
 */
export function opensText(event: Pick<EventSummary, "registrationOpensAt" | "timeZone">, now: Date): string | null {
  if (isRegistrationOpen(event, now) || event.registrationOpensAt === null) return null;
  const when = formatDate(event.registrationOpensAt, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone: event.timeZone });
  return t("event.page.opens", { when });
}
