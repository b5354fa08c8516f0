import { availabilityText } from "#shared/event-availability.ts";
import type { EventSummary } from "#shared/events.ts";
import { INTL_LOCALES, type Language } from "#shared/language.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";

/** Intl uses a narrow no-break space before AM/PM; plain spaces read the same and survive every mail client. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Sun, Dec 6, 2026" (French: "dim. 6 déc. 2026") in the event's own time zone. */
export function formatEventDay(startsAt: string | Date, timeZone: string, language: Language = "en"): string {
  return plainSpaces(formatter(language, timeZone, "day").format(new Date(startsAt)));
}

/** "10:00 AM – 11:30 AM" (French: "10 h 00 – 11 h 30") in the event's own time zone. */
export function formatEventHours(startsAt: string | Date, endsAt: string | Date, timeZone: string, language: Language = "en"): string {
  const time = formatter(language, timeZone, "hours");
  return plainSpaces(`${time.format(new Date(startsAt))} – ${time.format(new Date(endsAt))}`);
}

/** "10:00 AM" (French: "10 h 00") in the event's own time zone. */
export function formatEventTime(at: string | Date, timeZone: string, language: Language = "en"): string {
  return plainSpaces(formatter(language, timeZone, "hours").format(new Date(at)));
}

const FORMATS = {
  day: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  hours: { hour: "numeric", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

// Every game page's preview and every mail formats with these: making a formatter costs far more
// than using one. One per language, zone and format; zones are a few hundred names.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, timeZone: string, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${format}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(INTL_LOCALES[language], { timeZone, ...FORMATS[format] });
    if (formatters.size < 5_000) formatters.set(key, made);
  }
  return made;
}

/**
 * "Sun, Dec 6, 2026, 10:00 AM – 11:30 AM (Eastern Time)": on the game's clocks, its zone named as
 * people say it (the mails). French: "dim. 6 déc. 2026, 10 h 00 – 11 h 30 (heure de l’Est)".
 */
export function formatEventWhen(event: { startsAt: string | Date; endsAt: string | Date; timeZone: string }, language: Language = "en"): string {
  const { startsAt, endsAt, timeZone } = event;
  return `${formatEventDay(startsAt, timeZone, language)}, ${formatEventHours(startsAt, endsAt, timeZone, language)} (${timeZoneName(timeZone, startsAt, language)})`;
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
