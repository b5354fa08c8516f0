import { dateInZone, wallClockAt, zonedTimeToUtc } from "./zoned-time.ts";

/**
 * When a weekly series' games fall (docs/series.md). Days are calendar days "yyyy-MM-dd" in the
 * series' zone, stepped 7 days at a time; each game's instant is computed from that day and the wall
 * time in the zone, so a 19:00 game is at 19:00 before and after a daylight-saving change.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a "yyyy-MM-dd" calendar day (no zone: a day is a day). */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function dateOfDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const weekday = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export interface SeriesSchedule {
  firstDate: string;
  localTime: string;
  timeZone: string;
  durationMinutes: number;
  endDate: string | null;
  gameCount: number | null;
  opensBeforeMinutes: number;
  /** The games keyed on or after `offsetFrom` are played `dayOffset` days (-6 … 6) from their key. */
  dayOffset: number;
  offsetFrom: string | null;
}

export interface Occurrence {
  /** The day the game was generated for: its key in the series, 7 × n days after the first date. */
  date: string;
  /** The day it is played: its key, moved when the following games were moved to another weekday. */
  day: string;
  startsAt: Date;
  endsAt: Date;
  registrationOpensAt: Date;
}

/** The day the game keyed `date` is played on (docs/series.md, "Moving the following games to another day"). */
export function playedOn(schedule: Pick<SeriesSchedule, "dayOffset" | "offsetFrom">, date: string): string {
  return schedule.offsetFrom !== null && date >= schedule.offsetFrom ? addDays(date, schedule.dayOffset) : date;
}

/** The series' game keyed `date` (a day of the series). */
export function occurrenceOn(schedule: SeriesSchedule, date: string): Occurrence {
  const day = playedOn(schedule, date);
  const startsAt = zonedTimeToUtc(day, schedule.localTime, schedule.timeZone);
  return {
    date,
    day,
    startsAt,
    endsAt: new Date(startsAt.getTime() + schedule.durationMinutes * 60_000),
    registrationOpensAt: new Date(startsAt.getTime() - schedule.opensBeforeMinutes * 60_000),
  };
}

/** The key of the series' last game, or null when it has none (an end date before its first). */
export function lastDateOf(schedule: Pick<SeriesSchedule, "firstDate" | "endDate" | "gameCount">): string | null {
  if (schedule.gameCount !== null) return addDays(schedule.firstDate, 7 * (schedule.gameCount - 1));
  if (schedule.endDate === null || schedule.endDate < schedule.firstDate) return null;
  const weeks = Math.floor((dayNumber(schedule.endDate) - dayNumber(schedule.firstDate)) / 7);
  return addDays(schedule.firstDate, 7 * weeks);
}

/**
 * The games that should exist now: every game of the series played from today (in its zone) up to
 * `horizonDays` ahead, whose kick-off is still to come. Past weeks are skipped without being walked,
 * so the work is proportional to the horizon, not to the series' age. A game is played at most 6 days
 * from its key, so the walk starts a week early and stops at the first game past the horizon.
 */
export function occurrencesWithin(schedule: SeriesSchedule, options: { now: Date; horizonDays: number }): Occurrence[] {
  const last = lastDateOf(schedule);
  if (last === null) return [];
  const today = dayNumber(dateInZone(options.now, schedule.timeZone));
  const first = dayNumber(schedule.firstDate);
  const horizon = today + options.horizonDays;
  const skipWeeks = Math.max(0, Math.floor((today - 7 - first) / 7));
  const occurrences: Occurrence[] = [];
  let previous: Occurrence | undefined;
  for (let key = first + skipWeeks * 7; key <= dayNumber(last); key += 7) {
    const date = dateOfDayNumber(key);
    if (dayNumber(playedOn(schedule, date)) > horizon) break;
    const occurrence = (previous && sameWallTimeAWeekLater(schedule, previous, date)) ?? occurrenceOn(schedule, date);
    if (occurrence.startsAt.getTime() > options.now.getTime()) occurrences.push(occurrence);
    previous = occurrence;
  }
  return occurrences;
}

/**
 * Most weeks have no change of clocks: a week after the previous game is the right instant when the
 * zone's clock then shows the wanted day and time, which one reading confirms (zonedTimeToUtc takes
 * several). A year of games for 200 series is ten thousand of these (bench/series.ts).
 */
function sameWallTimeAWeekLater(schedule: SeriesSchedule, previous: Occurrence, date: string): Occurrence | undefined {
  const startsAt = new Date(previous.startsAt.getTime() + 7 * DAY_MS);
  const wall = wallClockAt(startsAt.getTime(), schedule.timeZone);
  const [hour, minute] = schedule.localTime.split(":").map(Number);
  const shown = `${String(wall.year).padStart(4, "0")}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
  // The week the following games moved to another weekday is not a week after the one before it.
  const day = playedOn(schedule, date);
  if (shown !== day || wall.hour !== hour || wall.minute !== minute) return undefined;
  return {
    date,
    day,
    startsAt,
    endsAt: new Date(startsAt.getTime() + schedule.durationMinutes * 60_000),
    registrationOpensAt: new Date(startsAt.getTime() - schedule.opensBeforeMinutes * 60_000),
  };
}
