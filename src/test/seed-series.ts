import { addDays, isoWeekday } from "#shared/series-schedule.ts";
import { dateInZone } from "#shared/zoned-time.ts";

/** For tests: the first Thursday at least `days` days from today in `timeZone` (a series' first game). */
export function thursdayFrom(days: number, timeZone: string): string {
  let date = addDays(dateInZone(new Date(), timeZone), days);
  while (isoWeekday(date) !== 4) date = addDays(date, 1);
  return date;
}
