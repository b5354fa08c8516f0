import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalAlarmType, ICalCalendarMethod, type ICalCalendar, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import type { Language } from "#shared/language.ts";
import { translate } from "#server/i18n/translate.ts";

/**
 * Games as iCalendar (RFC 5545) events: the one-game file of "Add to calendar" and the mails, and
 * the personal feed (docs/calendar-and-reminders.md). Written by ical-generator; the VTIMEZONE of
 * each game's zone comes from @touch4it/ical-timezones, so a calendar shows the game at its local
 * time on the pitch's clocks, whatever zone the reader is in.
 */

/** What a calendar entry says about a game. */
export interface CalendarGame {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  /** IANA zone of the game: DTSTART and DTEND are written on its clocks, with its TZID. */
  timeZone: string;
  locationName: string;
  latitude: number | null;
  longitude: number | null;
  field: string | null;
  notes: string | null;
  /** Cancelled for this reader: the game was cancelled, or (in a feed) its owner gave the spot up. */
  cancelled: boolean;
  /** The latest change that the entry shows (calendarSequence). */
  changedAt: Date;
}

export interface CalendarSite {
  appName: string;
  publicUrl: string;
}

/**
 * SEQUENCE must grow with every change a calendar should take over (RFC 5545 §3.8.7.4). We count
 * whole seconds from this instant to the latest change of the game or of the reader's spot: every
 * such change writes updated_at, so the number only grows, and nothing has to be stored or bumped
 * by the code that changes games and spots. It stays below 2^31 until 2094.
 */
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

export function calendarSequence(...changes: Date[]): number {
  const latest = Math.max(...changes.map((date) => date.getTime()));
  return Math.max(0, Math.floor((latest - SEQUENCE_EPOCH_MS) / 1000));
}

/** The UID of a game's entry: the same in every file, mail and feed, so calendars update it rather than add another. */
export function calendarUid(site: Pick<CalendarSite, "publicUrl">, gameId: string): string {
  return `event-${gameId}@${new URL(site.publicUrl).hostname}`;
}

export const gameUrl = (site: Pick<CalendarSite, "publicUrl">, gameId: string) => `${site.publicUrl}/event/${gameId}`;

/** A calendar to add games to: METHOD:PUBLISH (an entry to keep, not an invitation to answer). */
export function newCalendar(site: CalendarSite, options: { name?: string; refreshSeconds?: number } = {}): ICalCalendar {
  return ical({
    prodId: { company: site.appName, product: "games", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name } : {}),
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: how often a subscribed calendar should ask again.
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
    // No zone of its own: each game names its zone, and the generator writes a VTIMEZONE for each.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
}

/** The words of a game's description in a calendar, in the reader's language. */
const CALENDAR_TEXTS: Record<Language, { field: (field: string) => string; cancelled: string; seeGame: (url: string) => string }> = {
  en: { field: (field) => `Field: ${field}`, cancelled: "This game is cancelled for you.", seeGame: (url) => `See the game: ${url}` },
  fr: { field: (field) => `Terrain : ${field}`, cancelled: "Cette partie est annulée pour vous.", seeGame: (url) => `Voir la partie : ${url}` },
};

/**
 * The alarms of an entry, as the reminder mails (docs/calendar-and-reminders.md, "Alarms"): 24 hours
 * and 2 hours before kick-off, relative to DTSTART, so they follow a moved game. Given only when the
 * reader has game reminders on, and never on a cancelled entry (nothing left to be reminded of).
 */
export const ALARMS_BEFORE_SECONDS = { "24h": 24 * 3600, "2h": 2 * 3600 } as const;

/** What an entry says besides the game: its reader's language, and whether it rings (their reminder setting). */
export interface EntryOptions {
  language?: Language;
  /** The reader's "Game reminders" setting; on by default, as the setting is. */
  alarms?: boolean;
}

export function addGame(calendar: ICalCalendar, site: CalendarSite, game: CalendarGame, options: EntryOptions = {}): void {
  const { language = "en", alarms = true } = options;
  const url = gameUrl(site, game.id);
  const texts = CALENDAR_TEXTS[language];
  const description = [game.field ? texts.field(game.field) : null, game.notes, game.cancelled ? texts.cancelled : null, texts.seeGame(url)]
    .filter(Boolean)
    .join("\n\n");
  calendar.createEvent({
    id: calendarUid(site, game.id),
    // As luxon times in the game's zone: ical-generator writes a plain Date with the clock of the
    // process's own zone (TZ), which would put a 7 PM game in London at 7 PM of wherever the server is.
    start: DateTime.fromJSDate(game.startsAt, { zone: game.timeZone }),
    end: DateTime.fromJSDate(game.endsAt, { zone: game.timeZone }),
    timezone: game.timeZone,
    summary: game.title,
    description,
    location: {
      title: game.locationName,
      ...(game.latitude !== null && game.longitude !== null ? { geo: { lat: game.latitude, lon: game.longitude } } : {}),
    },
    url,
    status: game.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: calendarSequence(game.changedAt),
    lastModified: game.changedAt,
    stamp: new Date(),
    alarms:
      alarms && !game.cancelled
        ? (["24h", "2h"] as const).map((kind) => ({
            type: ICalAlarmType.display,
            // A number is seconds before the start: TRIGGER;RELATED=START:-P1D / -PT2H.
            trigger: ALARMS_BEFORE_SECONDS[kind],
            description: translate(language, kind === "24h" ? "mail.calendar.alarm24h" : "mail.calendar.alarm2h", { title: game.title }),
          }))
        : [],
  });
}

/**
 * The calendar as RFC 5545 text: every line, the last one included, ends with CRLF (§3.1).
 * ical-generator ends lines with CRLF and folds them at 75 octets, but leaves the last line bare.
 */
export function icsText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/** One game as a file of its own (the event page's "Add to calendar", the mails' attachment). */
export function gameIcs(site: CalendarSite, game: CalendarGame, options: EntryOptions = {}): string {
  const calendar = newCalendar(site);
  addGame(calendar, site, game, options);
  return icsText(calendar);
}

/** A file name for a game's .ics: its title in plain letters, or "game". */
export function icsFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60);
  return `${slug || "game"}.ics`;
}

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** A game row as the one-game file shows it: cancelled when the game is, changed when the game last was. */
export function calendarGameOf(
  row: Omit<CalendarGame, "cancelled" | "changedAt"> & { status: "active" | "cancelled"; updatedAt: Date },
): CalendarGame {
  const { status, updatedAt, ...facts } = row;
  return { ...facts, cancelled: status === "cancelled", changedAt: updatedAt };
}
