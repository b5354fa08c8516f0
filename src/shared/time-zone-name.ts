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
export function timeZoneName(timeZone: string, at: Date | string = new Date()): string {
  // The generic name does not depend on the day; an unreadable one is not worth failing a mail for.
  const instant = Number.isNaN(new Date(at).getTime()) ? new Date() : new Date(at);
  const generic = nameIn(timeZone, "longGeneric", instant);
  if (generic === null) return timeZone;
  if (!isBareOffset(generic)) return generic;
  const specific = nameIn(timeZone, "long", instant);
  if (specific === "Coordinated Universal Time") return "UTC";
  return specific !== null && !isBareOffset(specific) ? specific : generic;
}

const isBareOffset = (name: string) => /^GMT([+-]|$)/.test(name);

// One formatter per zone and style: making an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function nameIn(timeZone: string, style: "longGeneric" | "long", at: Date): string | null {
  const key = `${timeZone}|${style}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style });
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
 * the zone named as people say it (a deadline, the moment someone agreed to something).
 */
export function formatInZone(at: Date | string, timeZone: string): string {
  const known = nameIn(timeZone, "long", new Date()) !== null;
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: known ? timeZone : "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(at));
  // Intl puts a narrow no-break space before AM/PM, and "at" between date and time in newer ICU.
  return `${text.replace(/[\u202f\u00a0]/g, " ").replace(" at ", ", ")} ${known ? timeZoneName(timeZone, at) : "UTC"}`;
}
