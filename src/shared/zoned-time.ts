/**
 * Wall-clock time in an IANA time zone ↔ instants, with Intl only (no date library on the server).
 * Events are entered as the organiser's local date and time; they are stored as instants.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock shown in `timeZone` at the instant `epochMs`. */
export function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 0,
    day: values.day ?? 0,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  };
}

/** Milliseconds the zone is ahead of UTC at the instant `epochMs` (negative west of Greenwich). */
function offsetAt(epochMs: number, timeZone: string): number {
  const wall = wallClockAt(epochMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether "yyyy-MM-dd" names a real calendar day (no 2026-02-30). */
export function isValidDate(date: string): boolean {
  const match = DATE_PATTERN.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** Whether "HH:mm" is a time of day from 00:00 to 23:59. */
export function isValidTime(time: string): boolean {
  const match = TIME_PATTERN.exec(time);
  return Boolean(match) && Number(match![1]) <= 23 && Number(match![2]) <= 59;
}

/**
 * The instant at which the clocks in `timeZone` show `date` ("yyyy-MM-dd") `time` ("HH:mm").
 * Daylight-saving transitions are resolved like Temporal's "compatible" disambiguation: a time
 * that happens twice (clocks go back) is the earlier instant; a time skipped when clocks go forward
 * is moved forward by the gap (02:30 on a spring-forward night becomes 03:30).
 * Throws a RangeError for a malformed date or time.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  if (!isValidDate(date)) throw new RangeError(`invalid date: ${date}`);
  if (!isValidTime(time)) throw new RangeError(`invalid time: ${time}`);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);

  // Offsets a day either side bracket any transition near this wall time (zones change at most once a day).
  const offsetBefore = offsetAt(wallAsUtc - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wallAsUtc + DAY_MS, timeZone);
  const candidates = [...new Set([wallAsUtc - offsetBefore, wallAsUtc - offsetAfter])]
    .filter((instant) => instant + offsetAt(instant, timeZone) === wallAsUtc)
    .sort((a, b) => a - b);
  // No candidate means the wall time fell into a gap: read it with the offset in force before it.
  return new Date(candidates[0] ?? wallAsUtc - offsetBefore);
}

/** "yyyy-MM-dd" of the day it is in `timeZone` at `now`. */
export function dateInZone(now: Date, timeZone: string): string {
  const wall = wallClockAt(now.getTime(), timeZone);
  return `${String(wall.year).padStart(4, "0")}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
}
