import type { Period } from "#shared/console-period.ts";
import { addDays } from "#shared/console-period.ts";
import { zonedTimeToUtc } from "#shared/zoned-time.ts";
import type { Database } from "#server/db/client.ts";
import { type DayFacts, emptyDay, sumDays } from "./day-facts.ts";

/**
 * The facts of every day of a period, closed days from `console_day` and the others from the rows
 * (docs/console-rollups.md). A closed day that is not stored yet (the first overview in a zone, a
 * day that just closed, or one a later change deleted) is summed and stored on the way.
 */

/** A day is summed for good once it ended this long ago. The trigger skips rows younger than two days. */
export const CLOSED_AFTER_MS = 3 * 86_400_000;
/** Held exclusively while closed days are summed and stored; the trigger takes it shared. */
const SUMMING_LOCK = 7_301_015;

interface Day {
  date: string;
  start: Date;
  end: Date;
}

export async function factsOfPeriod(database: Database, period: Period, now: Date): Promise<DayFacts[]> {
  const days: Day[] = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    days.push({ date, start: zonedTimeToUtc(date, "00:00", period.timeZone), end: zonedTimeToUtc(addDays(date, 1), "00:00", period.timeZone) });
  }
  const closed = days.filter((day) => day.end.getTime() <= now.getTime() - CLOSED_AFTER_MS);
  const open = days.slice(closed.length);

  // The stored days and the open ones are read side by side (on PostgreSQL, on two connections).
  const none = new Map<string, DayFacts>();
  const [stored, live] = await Promise.all([
    closed.length > 0 ? closedDays(database, period.timeZone, closed, now) : none,
    open.length > 0 ? sumDays(database.pool, { start: open[0]!.start, end: period.end, timeZone: period.timeZone, now }) : none,
  ]);
  const facts = new Map([...stored, ...live]);
  return days.map((day) => facts.get(day.date) ?? emptyDay(day.date));
}

/** Closed days from their stored sums; those not stored yet are summed and stored on the way. */
async function closedDays(database: Database, timeZone: string, closed: Day[], now: Date): Promise<Map<string, DayFacts>> {
  const { rows } = await database.pool.query<{ day: string; facts: DayFacts }>(
    `select to_char(day, 'YYYY-MM-DD') as day, facts from console_day where time_zone = $1 and day >= $2 and day <= $3`,
    [timeZone, closed[0]!.date, closed.at(-1)!.date],
  );
  const facts = new Map(rows.map((row) => [row.day, row.facts]));
  const missing = closed.filter((day) => !facts.has(day.date));
  if (missing.length > 0) for (const [date, day] of await sumAndStore(database, timeZone, missing, now)) facts.set(date, day);
  return facts;
}

/**
 * Sums closed days and stores them, in one transaction that first takes the summing lock: a change
 * to an old row holds the lock shared until it commits, so the sums read here see every change
 * committed before, and a change after waits for this commit and then deletes the days it touches.
 * The database's own clock decides what is closed when storing, the same clock the trigger reads.
 */
async function sumAndStore(database: Database, timeZone: string, days: Day[], now: Date): Promise<Map<string, DayFacts>> {
  const client = await database.pool.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock($1)", [SUMMING_LOCK]);
    const summed = new Map<string, DayFacts>();
    for (const run of contiguousRuns(days)) {
      const facts = await sumDays(client, { start: run[0]!.start, end: run.at(-1)!.end, timeZone, now });
      for (const day of run) summed.set(day.date, facts.get(day.date) ?? emptyDay(day.date));
    }
    const rows = days.map((day) => ({ day: day.date, range_start: day.start.toISOString(), range_end: day.end.toISOString(), facts: summed.get(day.date) }));
    await client.query(
      `insert into console_day (time_zone, day, range_start, range_end, facts)
       select $1, day, range_start, range_end, facts
         from jsonb_to_recordset($2::jsonb) as x(day date, range_start timestamptz, range_end timestamptz, facts jsonb)
        where range_end <= now() - make_interval(secs => $3::double precision / 1000)
       on conflict do nothing`,
      [timeZone, JSON.stringify(rows), CLOSED_AFTER_MS],
    );
    await client.query("commit");
    return summed;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Consecutive days in runs, so that each run is summed with one range's queries. */
function contiguousRuns(days: Day[]): Day[][] {
  const runs: Day[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1)!.end.getTime() === day.start.getTime()) run.push(day);
    else runs.push([day]);
  }
  return runs;
}
