// The organiser's console: its stored days (docs/console-rollups.md).
import { date, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The console's closed days, summed once per organiser's zone (docs/console-rollups.md): a day is
 * written only when it ended three days ago or more, and a trigger on `payment`, `registration` and
 * `event` deletes the day that any later change touches, so that the next overview sums it again.
 */
export const consoleDay = pgTable(
  "console_day",
  {
    timeZone: text("time_zone").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** The day's first and last instant (exclusive) in UTC, which the trigger looks up. */
    rangeStart: timestamp("range_start", { withTimezone: true }).notNull(),
    rangeEnd: timestamp("range_end", { withTimezone: true }).notNull(),
    /** The day's facts as `DayFacts` (src/server/console/day-facts.ts). */
    facts: jsonb("facts").notNull(),
  },
  (table) => [primaryKey({ columns: [table.timeZone, table.day] }), index("console_day_range_start_idx").on(table.rangeStart)],
);
