import type { SeriesView } from "#shared/series.ts";
import { zonedTimeToUtc } from "#shared/zoned-time.ts";
import { formatDate } from "#web/features/events/format.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * "Every Thursday, 7:00 PM" on the series' clock, in the screens' language: the weekday of its last
 * game, which is the one its games are played on now, also after they moved to another day.
 */
export function scheduleText(series: Pick<SeriesView, "lastDate" | "localTime" | "timeZone">): string {
  const last = zonedTimeToUtc(series.lastDate, series.localTime, series.timeZone).toISOString();
  const weekday = formatDate(last, { weekday: "long", timeZone: series.timeZone });
  const time = formatDate(last, { hour: "numeric", minute: "2-digit", hour12: true, timeZone: series.timeZone });
  return t("admin.series.every", { weekday, time });
}

/** How long before kick-off the games open, in whole days (the form's unit). */
export function opensDaysOf(series: Pick<SeriesView, "opensBeforeMinutes">): number {
  return Math.round(series.opensBeforeMinutes / (24 * 60));
}

/**
 * The series' "Regulars first" rule in a sentence ("Players who held a spot in 3 of the last 4 games
 * can join 24 hours before everyone, for up to 70% of the spots."), or that it has none.
 */
export function regularsText(series: Pick<SeriesView, "regulars">): string {
  const rule = series.regulars;
  if (!rule) return t("admin.series.noRegulars");
  return t("admin.series.regularsRule", { minGames: rule.minGames, ofLast: rule.ofLast, hours: Math.round(rule.windowMinutes / 60), percent: rule.maxPercent });
}
