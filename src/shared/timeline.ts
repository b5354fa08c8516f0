import type { EventSummary } from "./events.ts";

/** The fields the timeline needs; EventSummary has them all. */
export type TimelineEvent = Pick<EventSummary, "startsAt" | "endsAt" | "status">;

export type TimelineGroupKey = "today" | "tomorrow" | "thisWeek" | "thisWeekend" | "nextWeek" | "thisMonth" | "nextMonth" | `month:${string}`;

export interface TimelineGroup<T> {
  key: TimelineGroupKey;
  label: string;
  events: T[];
}

const FIXED_LABELS = {
  today: "Today",
  tomorrow: "Tomorrow",
  thisWeek: "This Week",
  thisWeekend: "This Weekend",
  nextWeek: "Next Week",
  thisMonth: "This Month",
  nextMonth: "Next Month",
} as const;

const MS_PER_DAY = 86_400_000;

/**
 * The home screen timeline, as calendar days in the viewer's time zone with weeks
 * starting on Monday: Today; Tomorrow; This Week (later days up to Friday); This Weekend (Saturday and
 * Sunday of this week); Next Week; This Month; Next Month; then one group per month ('MMMM yyyy').
 * Events in progress belong to Today; cancelled and finished events are left out; empty groups are
 * omitted; each group is sorted by start (docs/product-rules.md, "Timeline").
 */
export function groupTimeline<T extends TimelineEvent>(events: readonly T[], options: { now: Date; timeZone: string }): TimelineGroup<T>[] {
  const { now, timeZone } = options;
  const today = calendarDay(now, timeZone);
  const weekday = (today.dayNumber + 3) % 7; // 1970-01-01 was a Thursday; Monday = 0.
  const monday = today.dayNumber - weekday;
  const friday = monday + 4;
  const sunday = monday + 6;
  const nextSunday = monday + 13;
  const nextMonth = today.month === 12 ? { year: today.year + 1, month: 1 } : { year: today.year, month: today.month + 1 };

  const groups = new Map<TimelineGroupKey, TimelineGroup<T>>();
  const sorted = events
    .filter((event) => event.status !== "cancelled" && Date.parse(event.endsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

  for (const event of sorted) {
    const day = calendarDay(new Date(event.startsAt), timeZone);
    let key: TimelineGroupKey;
    let label: string;
    if (day.dayNumber <= today.dayNumber) key = "today"; // includes events in progress since an earlier day
    else if (day.dayNumber === today.dayNumber + 1) key = "tomorrow";
    else if (day.dayNumber <= friday) key = "thisWeek";
    else if (day.dayNumber <= sunday) key = "thisWeekend";
    else if (day.dayNumber <= nextSunday) key = "nextWeek";
    else if (day.year === today.year && day.month === today.month) key = "thisMonth";
    else if (day.year === nextMonth.year && day.month === nextMonth.month) key = "nextMonth";
    else key = `month:${day.year}-${String(day.month).padStart(2, "0")}`;

    if (key.startsWith("month:")) label = monthLabel(day.year, day.month);
    else label = FIXED_LABELS[key as keyof typeof FIXED_LABELS];

    const group = groups.get(key);
    if (group) group.events.push(event);
    else groups.set(key, { key, label, events: [event] });
  }
  // Events were visited in start order and every group covers a later span than the one before,
  // so insertion order is already the timeline order.
  return [...groups.values()];
}

interface CalendarDay {
  year: number;
  month: number;
  day: number;
  /** Days since 1970-01-01 of this calendar date: differences count calendar days. */
  dayNumber: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone. */
export function calendarDay(instant: Date, timeZone: string): CalendarDay {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const year = part("year");
  const month = part("month");
  const day = part("day");
  return { year, month, day, dayNumber: Date.UTC(year, month - 1, day) / MS_PER_DAY };
}

const monthFormatter = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** 'MMMM yyyy', e.g. "March 2026". */
function monthLabel(year: number, month: number): string {
  return monthFormatter.format(new Date(Date.UTC(year, month - 1, 1)));
}
