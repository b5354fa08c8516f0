import { addDays, DEFAULT_PERIOD_DAYS, type PeriodResult, resolvePeriod } from "#shared/console-period.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import type { MessageKey } from "#web/i18n/i18n.ts";

/**
 * The period the console reports on, as the organiser picks it: a preset or two dates, always whole
 * days in the browser's zone (sent as `tz`, docs/product-rules.md, "Organiser's console"). The
 * choice lives in the address (?period=week, ?from=…&to=…) so that a reload, Back from a roster or a
 * shared link shows the same figures.
 */

export const PRESETS = [
  { id: "last30", label: "admin.period.last30" },
  { id: "week", label: "admin.period.week" },
  { id: "month", label: "admin.period.month" },
  { id: "custom", label: "admin.period.custom" },
] as const satisfies readonly { id: string; label: MessageKey }[];
export type PresetId = (typeof PRESETS)[number]["id"];

export interface DayRange {
  from: string;
  to: string;
}

/** What the address asks for: a preset with its days, or a custom range that may not be valid yet. */
export interface PeriodChoice extends DayRange {
  preset: PresetId;
  /** Why the range in the address cannot be asked for (a custom range only); the form says it. */
  problem: Extract<PeriodResult, { ok: false }> | null;
}

/**
 * The days a preset covers when it is `today` ("YYYY-MM-DD" in the organiser's zone). A week runs
 * Monday to Sunday and a month from its first day to its last, whole, so that games later in them
 * show as upcoming.
 */
export function presetRange(preset: Exclude<PresetId, "custom">, today: string): DayRange {
  if (preset === "week") {
    const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const from = addDays(today, -daysSinceMonday);
    return { from, to: addDays(from, 6) };
  }
  if (preset === "month") {
    const [year, month] = today.split("-").map(Number) as [number, number];
    const from = `${today.slice(0, 7)}-01`;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { from, to: `${today.slice(0, 7)}-${String(lastDay).padStart(2, "0")}` };
  }
  return { from: addDays(today, -(DEFAULT_PERIOD_DAYS - 1)), to: today };
}

/** The period the address names; anything it does not name is the default, the last 30 days. */
export function periodFromSearch(search: URLSearchParams, timeZone: string, now: Date): PeriodChoice {
  const today = dateInZone(now, timeZone);
  const from = search.get("from");
  const to = search.get("to");
  if (from !== null || to !== null) {
    const range = { from: from ?? "", to: to ?? "" };
    const result = resolvePeriod({ ...range, tz: timeZone }, now);
    return { preset: "custom", ...range, problem: result.ok ? null : result };
  }
  const asked = search.get("period");
  const preset = asked === "week" || asked === "month" ? asked : "last30";
  return { preset, ...presetRange(preset, today), problem: null };
}

/** The address's query for a preset or a custom range (the default, the last 30 days, has none). */
export function searchForPeriod(choice: { preset: PresetId } & Partial<DayRange>): URLSearchParams {
  if (choice.preset === "custom") return new URLSearchParams({ from: choice.from ?? "", to: choice.to ?? "" });
  return new URLSearchParams(choice.preset === "last30" ? {} : { period: choice.preset });
}

/**
 * Checks a custom range as the server will (the same rules, resolvePeriod), so that a reversed or
 * too long range is said next to its field without a round trip.
 */
export function checkRange(range: DayRange, timeZone: string, now: Date): PeriodResult {
  return resolvePeriod({ ...range, tz: timeZone }, now);
}
