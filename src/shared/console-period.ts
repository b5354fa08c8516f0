import { dateInZone, isValidDate, zonedTimeToUtc } from "./zoned-time.ts";
import { errorKey } from "./i18n/error-key.ts";
import type { SharedKey } from "./i18n/catalogs/areas.ts";

/**
 * The period the organiser's console reports on: whole days from `from` to `to` (both included), in
 * the organiser's time zone, at most two years long. Pure, so the browser mirrors what the server
 * refuses (docs/product-rules.md, "Organiser's console").
 */

export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 731;

export interface PeriodQuery {
  from?: string;
  to?: string;
  tz?: string;
}

export interface Period {
  from: string;
  to: string;
  timeZone: string;
  /** The first instant of `from` and the first instant after `to`, in UTC. */
  start: Date;
  end: Date;
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; field: "from" | "to" | "tz"; message: SharedKey };

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

/** Reads a period from a query; without dates, the last 30 days up to today in the zone. */
export function resolvePeriod(query: PeriodQuery, now: Date): PeriodResult {
  const timeZone = query.tz ?? "UTC";
  if (!isTimeZone(timeZone)) return { ok: false, field: "tz", message: errorKey("shared.period.unknownTimeZone") };
  if (query.from !== undefined && !isValidDate(query.from)) return { ok: false, field: "from", message: errorKey("shared.period.startDate") };
  if (query.to !== undefined && !isValidDate(query.to)) return { ok: false, field: "to", message: errorKey("shared.period.endDate") };
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_PERIOD_DAYS - 1) : dateInZone(now, timeZone));
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (from > to) return { ok: false, field: "to", message: errorKey("shared.period.endBeforeStart") };
  if (daysBetween(from, to) + 1 > MAX_PERIOD_DAYS) return { ok: false, field: "to", message: errorKey("shared.period.tooLong") };
  return {
    ok: true,
    period: { from, to, timeZone, start: zonedTimeToUtc(from, "00:00", timeZone), end: zonedTimeToUtc(addDays(to, 1), "00:00", timeZone) },
  };
}
