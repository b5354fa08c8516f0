import type { Language } from "#shared/language.ts";
import type { MailAttachment } from "#server/mail/mailer.ts";
import { calendarGameOf, type CalendarSite, gameIcs, icsFileName } from "./game-calendar.ts";

/**
 * A game's .ics for a mail ("Payment confirmed", "You're in"): mail clients offer to add it to the
 * calendar. The method goes in the content type too, as RFC 6047 asks of iCalendar sent by mail.
 */
export function gameCalendarAttachment(
  site: CalendarSite,
  game: Parameters<typeof calendarGameOf>[0],
  reader: { language: Language; /** Their "Game reminders": the entry's alarms follow it. */ alarms: boolean },
): MailAttachment {
  return {
    filename: icsFileName(game.title),
    content: gameIcs(site, calendarGameOf(game), reader),
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
  };
}
