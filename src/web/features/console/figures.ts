import type { ConsoleOverview, RosterEntry } from "#shared/console.ts";
import { addDays, daysBetween } from "#shared/console-period.ts";
import { formatDate } from "#web/features/events/format.ts";
import { currentIntlLocale, t, type MessageKey } from "#web/i18n/i18n.ts";

/**
 * The console's figures as the screen shows them: days and weeks for the charts, percentages, the
 * words for a registration's state. Pure, so the tests pin them down.
 */

/** Past this many days a period's money and registrations are drawn per week: 731 daily bars say nothing. */
export const WEEKLY_AFTER_DAYS = 62;

export type Unit = "day" | "week";

export function unitFor(period: { from: string; to: string }): Unit {
  return daysBetween(period.from, period.to) + 1 > WEEKLY_AFTER_DAYS ? "week" : "day";
}

export interface Bucket {
  /** The first and last day the bucket covers, both inside the period. */
  from: string;
  to: string;
  collectedCents: number;
  refundedCents: number;
  registrations: number;
}

/**
 * The overview's days added up per day or per week. Weeks run Monday to Sunday, as "This week"
 * does; the first and last may be cut by the period, and say so by their `from` and `to`.
 */
export function bucketDays(daily: ConsoleOverview["daily"], unit: Unit): Bucket[] {
  return bucketSeries(
    daily.map((day) => ({ date: day.date, values: [day.collectedCents, day.refundedCents, day.registrations] })),
    unit,
  ).map(({ from, to, values: [collectedCents = 0, refundedCents = 0, registrations = 0] }) => ({ from, to, collectedCents, refundedCents, registrations }));
}

/** Days' figures (each day a row of numbers, in order) added up per day or per Monday-to-Sunday week. */
export function bucketSeries(days: { date: string; values: number[] }[], unit: Unit): { from: string; to: string; values: number[] }[] {
  const buckets: { from: string; to: string; values: number[] }[] = [];
  for (const day of days) {
    const weekStart = addDays(day.date, -((new Date(`${day.date}T00:00:00Z`).getUTCDay() + 6) % 7));
    const last = buckets[buckets.length - 1];
    if (last && unit === "week" && last.from >= weekStart) {
      last.to = day.date;
      last.values = last.values.map((value, index) => value + (day.values[index] ?? 0));
    } else {
      buckets.push({ from: day.date, to: day.date, values: [...day.values] });
    }
  }
  return buckets;
}

const dayAt = (date: string) => `${date}T12:00:00Z`;

/** "Mar 1": a day on a chart's axis. */
export function shortDay(date: string): string {
  return formatDate(dayAt(date), { timeZone: "UTC", month: "short", day: "numeric" });
}

/** "Mon, Mar 1, 2021": a day in a table. */
export function longDay(date: string): string {
  return formatDate(dayAt(date), { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", year: "numeric" });
}

/** "Mar 1 – Mar 7, 2021", or one day alone. */
export function dayRange(from: string, to: string): string {
  const year = (date: string) => formatDate(dayAt(date), { timeZone: "UTC", year: "numeric" });
  if (from === to) return formatDate(dayAt(from), { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
  const start = year(from) === year(to) ? shortDay(from) : formatDate(dayAt(from), { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
  return `${start} – ${formatDate(dayAt(to), { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" })}`;
}

/** A kick-off or a join on the viewer's clock: "Mar 5, 2021, 7:00 PM". */
export function dateTime(iso: string, timeZone?: string): string {
  return formatDate(iso, { timeZone, month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
}

/** Whole percent ("75%", "75 %"), or null when there is nothing to divide by. */
export function percent(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return wholePercent(Math.round((part / whole) * 100));
}

/** A whole number of percent as the screens' language writes it: "75%", "75 %". */
export function wholePercent(value: number): string {
  return new Intl.NumberFormat(currentIntlLocale(), { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
}

/** A count as the screens' language writes it: "1,200", "1 200". */
export function count(value: number): string {
  return value.toLocaleString(currentIntlLocale());
}

const STATUS_WORDS: Record<RosterEntry["status"], MessageKey> = {
  confirmed: "admin.status.confirmed",
  pending_payment: "admin.status.paying",
  promoting: "admin.status.promoting",
  waitlisted: "admin.status.waitlisted",
  payment_failed: "admin.status.paymentFailed",
  cancelled: "admin.status.cancelled",
  refunded: "admin.status.refunded",
};

export function statusWord(status: RosterEntry["status"]): string {
  return t(STATUS_WORDS[status]);
}

export function roleWord(role: RosterEntry["role"]): string {
  return t(role === "goalkeeper" ? "admin.goalkeeper" : "admin.player");
}

const REFUND_WORDS: Record<NonNullable<RosterEntry["refundStatus"]>, MessageKey> = {
  succeeded: "admin.refund.succeeded",
  pending: "admin.refund.pending",
  failed: "admin.refund.failed",
};

export function refundStatusWord(status: RosterEntry["refundStatus"]): string | null {
  return status ? t(REFUND_WORDS[status]) : null;
}

/** Checked in, marked absent, or neither yet. */
export function attendanceWord(entry: Pick<RosterEntry, "checkedIn" | "noShow">): string {
  return entry.checkedIn ? t("admin.checkedIn") : entry.noShow ? t("admin.noShow") : "—";
}

/** Whether a period has anything to show at all: no game, no payment and no registration in it. */
export function isEmptyPeriod(overview: ConsoleOverview): boolean {
  const refunds = overview.money.refunds;
  return (
    overview.perGame.length === 0 &&
    overview.money.charges === 0 &&
    Object.values(refunds).every((cents) => cents === 0) &&
    overview.daily.every((day) => day.collectedCents === 0 && day.refundedCents === 0 && day.registrations === 0)
  );
}
