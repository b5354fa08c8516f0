import { availabilityText } from "../../shared/event-availability.ts";
import type { EventSummary } from "../../shared/events.ts";
import { INTL_LOCALES, type Language } from "../../shared/language.ts";
import { timeZoneName } from "../../shared/time-zone-name.ts";

/** Intl uses a narrow no-break space before AM/PM; plain spaces read the same and survive every mail client. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Sun, Dec 6, 2026" (French: "dim. 6 déc. 2026") in the event's own time zone. */
export function formatEventDay(startsAt: string | Date, timeZone: string, language: Language = "en"): string {
  return plainSpaces(
    new Intl.DateTimeFormat(INTL_LOCALES[language], { timeZone, weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(new Date(startsAt)),
  );
}

/** "10:00 AM – 11:30 AM" (French: "10 h 00 – 11 h 30") in the event's own time zone. */
export function formatEventHours(startsAt: string | Date, endsAt: string | Date, timeZone: string, language: Language = "en"): string {
  const time = new Intl.DateTimeFormat(INTL_LOCALES[language], { timeZone, hour: "numeric", minute: "2-digit" });
  return plainSpaces(`${time.format(new Date(startsAt))} – ${time.format(new Date(endsAt))}`);
}

/** "Sun, Dec 6, 2026, 10:00 AM – 11:30 AM (Eastern Time)": on the game's clocks, its zone named as people say it (the mails). */
export function formatEventWhen(event: { startsAt: string | Date; endsAt: string | Date; timeZone: string }): string {
  const { startsAt, endsAt, timeZone } = event;
  return `${formatEventDay(startsAt, timeZone)}, ${formatEventHours(startsAt, endsAt, timeZone)} (${timeZoneName(timeZone, startsAt)})`;
}

/** "Sun, Dec 6, 2026 · 10:00 AM – 11:30 AM · Riverside Park · 5 spots left" — link previews, in the viewer's language. */
export function describeEvent(event: EventSummary, now: Date, language: Language = "en"): string {
  return [
    formatEventDay(event.startsAt, event.timeZone, language),
    formatEventHours(event.startsAt, event.endsAt, event.timeZone, language),
    event.locationName,
    availabilityText(event, now, language),
  ].join(" · ");
}
