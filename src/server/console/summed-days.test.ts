import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedYear, YEAR } from "#bench/console-seed.ts";
import { addDays, type Period, resolvePeriod } from "#shared/console-period.ts";
import { dateInZone, zonedTimeToUtc } from "#shared/zoned-time.ts";
import { createTestDatabase } from "#test/database.ts";
import type { Database } from "#server/db/client.ts";
import { emptyDay, sumDays } from "./day-facts.ts";
import { getOverview } from "./get-overview.ts";
import { CLOSED_AFTER_MS, factsOfPeriod } from "./summed-days.ts";

/**
 * The console's stored day sums (docs/console-rollups.md) against the rows: a period read from them
 * says what the rows say, and a change to an old row deletes the day it touches, at once and in the
 * same transaction, also while a day is being summed.
 */
let database: Database;
const now = new Date();
const money = { currency: "cad", feeRule: { feePercent: 2.9, feeFixedCents: 30 } };
const periodIn = (timeZone: string, days = 30): Period => {
  const to = dateInZone(now, timeZone);
  const result = resolvePeriod({ tz: timeZone, from: addDays(to, -(days - 1)), to }, now);
  if (!result.ok) throw new Error(result.message);
  return result.period;
};
const storedDays = async (timeZone: string) =>
  (await database.pool.query<{ day: string }>(`select to_char(day, 'YYYY-MM-DD') as day from console_day where time_zone = $1 order by day`, [timeZone])).rows.map((row) => row.day);
/** What the ledger holds for a period, straight from its rows. */
const ledgerTotals = async (period: Period) =>
  (
    await database.pool.query<{ gross: number; pending: number }>(
      `select coalesce(sum(amount_cents) filter (where kind = 'charge' and status = 'succeeded'), 0)::int as gross,
              coalesce(sum(amount_cents) filter (where kind = 'refund' and status = 'pending'), 0)::int as pending
         from payment where created_at >= $1 and created_at < $2`,
      [period.start, period.end],
    )
  ).rows[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  // Sixty games, one every 8¾ hours back from now: three weeks of closed days and a few open ones.
  await seedYear(database.pool, { ...YEAR, games: 60, users: 80 });
});
afterAll(async () => {
  await database?.close();
});

describe("the console's stored day sums", () => {
  it("stores each closed day once, and a period read from them equals one summed from the rows", async () => {
    const period = periodIn("America/Toronto");
    const first = await getOverview(database, { period, now, ...money });
    const closed = first.daily
      .map((day) => day.date)
      .filter((date) => zonedTimeToUtc(addDays(date, 1), "00:00", period.timeZone).getTime() <= now.getTime() - CLOSED_AFTER_MS);
    expect(closed.length).toBeGreaterThan(20);
    expect(await storedDays("America/Toronto")).toEqual(closed);

    // Every stored day holds exactly what its rows sum to now.
    const fromRows = await sumDays(database.pool, { start: period.start, end: period.end, timeZone: period.timeZone, now });
    const facts = await factsOfPeriod(database, period, now);
    for (const day of facts) expect(day, day.date).toEqual(fromRows.get(day.date) ?? emptyDay(day.date));

    const second = await getOverview(database, { period, now, ...money });
    expect(second).toEqual(first);
    expect(first.money.grossCents).toBe((await ledgerTotals(period)).gross);
    expect(first.games.held).toBeGreaterThan(20);
  });

  it("forgets a closed day when one of its ledger rows changes, and the next overview counts the change", async () => {
    const period = periodIn("America/Toronto");
    await getOverview(database, { period, now, ...money });
    const { rows } = await database.pool.query<{ id: string; day: string }>(
      `select p.id, to_char(p.created_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day from payment p
        where p.kind = 'refund' and p.created_at < now() - interval '10 days' and p.created_at >= $1 order by p.created_at limit 1`,
      [period.start],
    );
    const refund = rows[0]!;
    expect(await storedDays("America/Toronto")).toContain(refund.day);

    await database.pool.query(`update payment set status = 'pending' where id = $1`, [refund.id]);
    expect(await storedDays("America/Toronto")).not.toContain(refund.day);
    const after = await getOverview(database, { period, now, ...money });
    expect(after.money.refunds.pendingCents).toBe(941);
    expect(after.money.refunds.pendingCents).toBe((await ledgerTotals(period)).pending);
    expect(await storedDays("America/Toronto")).toContain(refund.day);
    await database.pool.query(`update payment set status = 'succeeded' where id = $1`, [refund.id]);
  });

  it("forgets a game's day when a registration of it changes (a no-show marked late)", async () => {
    const period = periodIn("America/Toronto");
    const before = await getOverview(database, { period, now, ...money });
    const { rows } = await database.pool.query<{ id: string; day: string }>(
      `select r.id, to_char(e.starts_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day
         from registration r join event e on e.id = r.event_id
        where r.status = 'confirmed' and e.starts_at < now() - interval '10 days' and e.starts_at >= $1 limit 1`,
      [period.start],
    );
    expect(await storedDays("America/Toronto")).toContain(rows[0]!.day);
    await database.pool.query(`update registration set no_show_at = now() where id = $1`, [rows[0]!.id]);
    expect(await storedDays("America/Toronto")).not.toContain(rows[0]!.day);
    const after = await getOverview(database, { period, now, ...money });
    expect(after.noShows).toBe(before.noShows + 1);
  });

  it("keeps a stored day's refunds in their class when the registration they came from moves on", async () => {
    // A refund's class is its row's reason, fixed when it was written (docs/money.md): a registration
    // closed again later (here: its game cancelled after the player had left) changes no stored day.
    const period = periodIn("America/Toronto");
    const before = await getOverview(database, { period, now, ...money });
    const { rows } = await database.pool.query<{ registration_id: string; day: string }>(
      `select p.registration_id, to_char(p.created_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day from payment p join registration r on r.id = p.registration_id
        where p.kind = 'refund' and p.status = 'succeeded' and p.created_at < now() - interval '10 days' and p.created_at >= $1
          and to_char(r.created_at at time zone 'America/Toronto', 'YYYY-MM-DD') <> to_char(p.created_at at time zone 'America/Toronto', 'YYYY-MM-DD')
        order by p.created_at limit 1`,
      [period.start],
    );
    const refund = rows[0]!;
    expect(await storedDays("America/Toronto")).toContain(refund.day);
    await database.pool.query(`update registration set closed_reason = 'event_cancelled' where id = $1`, [refund.registration_id]);

    const after = await getOverview(database, { period, now, ...money });
    expect(after.money.refunds).toEqual(before.money.refunds);
    // The refund's day is still stored, and still what its rows say.
    expect(await storedDays("America/Toronto")).toContain(refund.day);
    const fromRows = await sumDays(database.pool, { start: period.start, end: period.end, timeZone: period.timeZone, now });
    const stored = (await factsOfPeriod(database, period, now)).find((day) => day.date === refund.day);
    expect(stored).toEqual(fromRows.get(refund.day));
  });

  it("keeps the sums of each time zone apart, each exact for its own days", async () => {
    const period = periodIn("Asia/Kolkata", 20);
    const overview = await getOverview(database, { period, now, ...money });
    expect((await storedDays("Asia/Kolkata")).length).toBeGreaterThan(10);
    expect(overview.money.grossCents).toBe((await ledgerTotals(period)).gross);
    expect(overview.daily.reduce((total, day) => total + day.collectedCents, 0)).toBe(overview.money.grossCents);
  });

  it("makes a change to an old row wait while days are being summed, then forget what was summed", async () => {
    const period = periodIn("Europe/Lisbon");
    await getOverview(database, { period, now, ...money });
    const { rows } = await database.pool.query<{ id: string; day: string }>(
      `select p.id, to_char(p.created_at at time zone 'Europe/Lisbon', 'YYYY-MM-DD') as day from payment p
        where p.kind = 'charge' and p.created_at < now() - interval '10 days' and p.created_at >= $1 limit 1`,
      [period.start],
    );
    const summing = await database.pool.connect();
    try {
      // What summing does first: hold the summing lock in an open transaction.
      await summing.query("begin");
      await summing.query("select pg_advisory_xact_lock(7301015)");
      let changed = false;
      const change = database.pool.query(`update payment set amount_cents = amount_cents + 1 where id = $1`, [rows[0]!.id]).then(() => (changed = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changed).toBe(false);
      await summing.query("commit");
      await change;
    } finally {
      summing.release();
    }
    expect(await storedDays("Europe/Lisbon")).not.toContain(rows[0]!.day);
    const after = await getOverview(database, { period, now, ...money });
    expect(after.money.grossCents).toBe((await ledgerTotals(period)).gross);
  });
});
