import type { EventSummary } from "#shared/events.ts";
import { isRegistrationOpen, isRegularsWindow } from "#shared/registration-opening.ts";
import { formatDate } from "#web/features/events/format.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * While a series' game is not open to everyone yet, when it opens, on the game's own clock: "Opens
 * Tue, Dec 1, 7:00 PM"; with regulars first, when they may join too ("Regulars can join from Mon,
 * Nov 30, 7:00 PM. Everyone can join from Tue, Dec 1, 7:00 PM."), or that they may now. Null once it
 * is open (or for a game that was never closed). The weekday alone would be ambiguous a week ahead.
 */
export function opensText(event: Pick<EventSummary, "registrationOpensAt" | "regularsOpenAt" | "timeZone">, now: Date): string | null {
  if (isRegistrationOpen(event, now) || event.registrationOpensAt === null) return null;
  const when = openingTime(event.registrationOpensAt, event.timeZone);
  if (event.regularsOpenAt === null) return t("event.page.opens", { when });
  if (isRegularsWindow(event, now)) return t("event.page.regularsNow", { when });
  return t("event.page.regularsFrom", { regulars: openingTime(event.regularsOpenAt, event.timeZone), when });
}

export function openingTime(iso: string, timeZone: string): string {
  return formatDate(iso, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone });
}
