import { INTL_LOCALES, type Language } from "./language.ts";

/**
 * A time zone as people say it ("Eastern Time", "Central European Time"), not its IANA id
 * ("America/Toronto"): the mails and the screens name a game's zone with this, in US English like
 * the rest of the app's dates (docs/product-rules.md, "Events").
 *
 * Intl's generic name ("Eastern Time") holds all year, where the specific one changes with daylight
 * saving ("Eastern Daylight Time"). Where the platform has no generic name it offers a bare offset
 * ("GMT+00:00"); then the zone's own name is used when it has one ("Japan Standard Time"), "UTC"
 * for UTC, and the offset only when nothing else exists. A zone the platform does not know (an
 * older ICU) is shown as its id rather than throwing.
 */
export function timeZoneName(timeZone: string, at: Date | string = new Date(), language: Language = "en"): string {
  // The generic name does not depend on the day; an unreadable one is not worth failing a mail for.
  const instant = Number.isNaN(new Date(at).getTime()) ? new Date() : new Date(at);
  // Each game's page and mail names its zone, and asking Intl costs more than the rest of the line:
  // a name is remembered for its quarter-hour, as a zone's offset (and so its specific name) changes
  // only at one (offsets are whole quarter-hours, and clocks change at a whole hour or half-hour of
  // the zone's own time).
  const key = `${timeZone}|${language}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  let name = names.get(key);
  if (name === undefined) {
    name = nameAt(timeZone, instant, language);
    // Bounded: the games of a few weeks in a few zones; a flood of other instants only costs Intl again.
    if (names.size >= 2_000) names.clear();
    names.set(key, name);
  }
  return name;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const names = new Map<string, string>();

function nameAt(timeZone: string, instant: Date, language: Language): string {
  const generic = nameIn(timeZone, "longGeneric", instant, language);
  if (generic === null) return timeZone;
  if (!isBareOffset(generic)) return generic;
  const specific = nameIn(timeZone, "long", instant, language);
  if (specific === "Coordinated Universal Time" || specific === "temps universel coordonné") return "UTC";
  return specific !== null && !isBareOffset(specific) ? specific : generic;
}

const isBareOffset = (name: string) => /^GMT([+-]|$)/.test(name);

// One formatter per zone and style: making an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function nameIn(timeZone: string, style: "longGeneric" | "long", at: Date, language: Language = "en"): string | null {
  const key = `${timeZone}|${style}|${language}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat(INTL_LOCALES[language], { timeZone, timeZoneName: style });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  if (formatter === null) return null;
  return formatter.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * "Saturday, December 5, 2026, 7:30 PM Eastern Time": an instant on the clocks of `timeZone`, with
 * the zone named as people say it (a deadline, the moment someone agreed to something). French:
 * "samedi 5 décembre 2026 à 19 h 30, heure de l’Est".
 */
export function formatInZone(at: Date | string, timeZone: string, language: Language = "en"): string {
  const known = nameIn(timeZone, "long", new Date()) !== null;
  const text = new Intl.DateTimeFormat(INTL_LOCALES[language], {
    timeZone: known ? timeZone : "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(at));
  // Intl puts a narrow no-break space before AM/PM, and "at" between date and time in newer ICU.
  const plain = text.replace(/[\u202f\u00a0]/g, " ");
  const zone = known ? timeZoneName(timeZone, at, language) : "UTC";
  return language === "en" ? `${plain.replace(" at ", ", ")} ${zone}` : `${plain}, ${zone}`;
}

// Asked for each game on a screen and each page rendered: making a formatter to find out costs far
// more than remembering.
const knownZones = new Map<string, boolean>();

/** Whether this runtime knows the IANA zone (an older ICU may not; a cookie may say anything). */
export function isKnownTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      known = true;
    } catch {
      known = false;
    }
    // Zones are a few hundred names; anything else is not kept.
    if (knownZones.size < 1_000) knownZones.set(timeZone, known);
  }
  return known;
}
