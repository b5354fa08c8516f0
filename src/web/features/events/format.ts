import { formatCents } from "#web/i18n/format-money.ts";
import { currentIntlLocale, currentLanguage, t } from "#web/i18n/i18n.ts";
import { serverRender } from "#web/lib/server-render.ts";

/** What a timestamp that cannot be read shows as: the original product's text (docs/product-rules.md, "Constants"). */
export const INVALID_DATE = "Invalid Date";

/**
 * Dates are shown in the viewer's zone (unless `options.timeZone` says another), in the screens'
 * language: US English as the original product writes them (docs/product-rules.md, "Constants"), or
 * Canadian French ("sam. 6 déc., 19 h 00"), with the platform's Intl (no date library in the screens' code).
 */
export function formatDate(iso: string, options: Intl.DateTimeFormatOptions): string {
  const locale = currentIntlLocale();
  // Named always: on the server the viewer's zone is not the process's (docs/server-rendering.md).
  const timeZone = options.timeZone || viewerTimeZone();
  const key = formatKey(locale, timeZone, options);
  const textKey = `${key}|${iso}`;
  const known = written.get(textKey);
  if (known !== undefined) return known;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  // Newer ICU puts a narrow no-break space before AM/PM; the original product writes a plain space.
  let text = formatterFor(key, locale, timeZone, options).format(date).replace(/\u202f/g, " ");
  // French's "19 h 00" and "30 nov." are each one thing to read: bound with no-break spaces, a line
  // never ends at "19 h" or at "30" (Intl writes plain ones; on a 320 px phone a series' games wrapped
  // there). docs/languages.md, "Dates, times, numbers and money".
  if (currentLanguage() === "fr") text = text.replace(/(?<=\d) (?=\p{L})|(?<=\d h) (?=\d)/gu, "\u00a0");
  if (written.size >= 2000) written.clear();
  written.set(textKey, text);
  return text;
}

// Making an Intl.DateTimeFormat costs far more than using one, and the home screen formats about a
// hundred dates in its first render: one formatter per set of options, made once. Using one is still
// most of a date's cost (a game's page formats a dozen per render, the same for everyone who opens
// it, as the cards are): each text is kept too, a few thousand at most. The key is written without
// copying or serialising the options. docs/server-rendering.md, "What a render costs".
const formatters = new Map<string, Intl.DateTimeFormat>();
const written = new Map<string, string>();

function formatKey(locale: string, timeZone: string, asked: Intl.DateTimeFormatOptions): string {
  let key = `${locale}|${timeZone}`;
  for (const name in asked) {
    const value = asked[name as keyof Intl.DateTimeFormatOptions];
    if (name !== "timeZone" && value !== undefined) key += `|${name}=${String(value)}`;
  }
  return key;
}

function formatterFor(key: string, locale: string, timeZone: string, asked: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = { ...asked, timeZone };
    // The 12-hour clock is English's; French reads the 24-hour one ("19 h 00").
    const { hour12, ...rest } = options;
    formatter = new Intl.DateTimeFormat(locale, locale === "en-US" ? options : { ...rest, ...(hour12 === undefined ? {} : { hourCycle: "h23" }) });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 'MMMM d, yyyy', e.g. "March 14, 2026". */
export function formatLongDate(iso: string): string {
  return formatDate(iso, { month: "long", day: "numeric", year: "numeric" });
}

/**
 * The zone the viewer's clock shows, the one the functions above format in: while a page the server
 * rendered is rendered or hydrated, the zone it was rendered in (docs/server-rendering.md).
 */
export function viewerTimeZone(): string {
  return serverRender()?.device.timeZone ?? browserTimeZone();
}

// Asking Intl for the browser's zone makes a whole formatter, and home formats a few dates per card:
// on a phone that was a third of a hydration task (docs/server-rendering.md, "What the first modules
// evaluate"). Asked again after a minute, so a phone that crossed a border soon shows its new clock.
let browserZone: { timeZone: string; readAt: number } | undefined;

function browserTimeZone(): string {
  const now = Date.now();
  if (!browserZone || now - browserZone.readAt >= 60_000 || now < browserZone.readAt) {
    browserZone = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, readAt: now };
  }
  return browserZone.timeZone;
}

/** 'h:mm a', e.g. "9:05 PM". */
export function formatTime(iso: string): string {
  return formatDate(iso, { hour: "numeric", minute: "2-digit", hour12: true });
}

/** "10:00 AM - 11:30 AM" */
export function formatHours(startsAt: string, endsAt: string): string {
  return `${formatTime(startsAt)} - ${formatTime(endsAt)}`;
}

/** The card badge: "Sat" and "14". */
export function formatDayBadge(iso: string): { weekday: string; day: string } {
  return { weekday: formatDate(iso, { weekday: "short" }), day: formatDate(iso, { day: "numeric" }) };
}

/** "Free" when there is nothing to pay, else "$12.50" (in `currency`). */
export function formatPrice(cents: number, currency: string): string {
  return cents === 0 ? t("shell.price.free") : formatCents(cents, currency);
}

/** 90 → "1 hour 30 minutes"; 60 → "1 hour"; 45 → "45 minutes". */
export function formatDuration(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts = [];
  if (hours > 0) parts.push(t("shell.duration.hours", { count: hours }));
  if (minutes > 0 || hours === 0) parts.push(t("shell.duration.minutes", { count: minutes }));
  return parts.join(" ");
}

/** The goalkeeper line of a card: "2 goalkeepers, Free" or the original product's 'No goalkeepers'. */
export function formatGoalkeepers(event: { includeGoalkeepers: boolean; maxGoalkeepers: number; goalkeeperCostCents: number }, currency: string): string {
  if (!event.includeGoalkeepers) return t("shell.goalkeepers.none");
  const count = t("shell.goalkeepers.count", { count: event.maxGoalkeepers });
  return `${count}, ${formatPrice(event.goalkeeperCostCents, currency)}`;
}

/** An event is completed once its end is past (docs/product-rules.md, "Events"). */
export function isCompleted(event: { endsAt: string }, now: number = Date.now()): boolean {
  return Date.parse(event.endsAt) <= now;
}
