import type { SeriesView } from "../../../shared/series.ts";
import { zonedTimeToUtc } from "../../../shared/zoned-time.ts";
import { formatDate } from "../events/format.ts";
import { t } from "../../i18n/i18n.ts";

/** "Every Thursday, 7:00 PM" on the series' clock, in the screens' language. */
export function scheduleText(series: Pick<SeriesView, "firstDate" | "localTime" | "timeZone">): string {
  const first = zonedTimeToUtc(series.firstDate, series.localTime, series.timeZone).toISOString();
  const weekday = formatDate(first, { weekday: "long", timeZone: series.timeZone });
  const time = formatDate(first, { hour: "numeric", minute: "2-digit", hour12: true, timeZone: series.timeZone });
  return t("admin.series.every", { weekday, time });
}

/** How long before kick-off the games open, in whole days (the form's unit). */
export function opensDaysOf(series: Pick<SeriesView, "opensBeforeMinutes">): number {
  return Math.round(series.opensBeforeMinutes / (24 * 60));
}
