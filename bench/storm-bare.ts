// The floor the join storm is compared with (docs/testing-and-budgets.md, "Budgets"): the same lock-check-insert transaction the
// join runs under the event lock, sent by bare `pg` with no HTTP, no auth, no processor: 1,000 at
// once over a pool as large as the app's, on the same database, against a game of the same size.
import pg from "pg";
import { APP_POOL_SIZE } from "#server/db/client.ts";
import { percentile } from "./storm-http.ts";
import { GAME, insertGame, type StormUser } from "./storm-seed.ts";

export interface Throughput {
  perSecond: number;
  p50: number;
  p99: number;
  /** The event lock's hold time (granted → COMMIT returned), where measured. */
  hold?: { p50: number; p99: number };
}

/** Runs the transactions on a game of its own, then deletes it, so the storm's game is left as it was. */
export async function bareLockCheckInsert(url: string, users: StormUser[]): Promise<Throughput> {
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL_SIZE });
  pool.on("error", () => undefined);
  try {
    const eventId = await insertGame(pool, "Bare pg lane");
    const started = performance.now();
    const holds: number[] = [];
    const latencies = await Promise.all(
      users.map(async (user) => {
        const sent = performance.now();
        holds.push(await lockCheckInsert(pool, eventId, user));
        return performance.now() - sent;
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    await pool.query("delete from registration where event_id = $1", [eventId]);
    await pool.query("delete from event where id = $1", [eventId]);
    latencies.sort((a, b) => a - b);
    holds.sort((a, b) => a - b);
    return {
      perSecond: users.length / elapsedSeconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      hold: { p50: percentile(holds, 0.5), p99: percentile(holds, 0.99) },
    };
  } finally {
    await pool.end();
  }
}

/**
 * join.ts's transaction in SQL as it was before the join was shortened (one statement per step): lock
 * the event, check duplicates and capacity, insert. Returns how long the lock was held, ms.
 */
async function lockCheckInsert(pool: pg.Pool, eventId: string, user: StormUser): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const { rows: events } = await client.query<{ max_players: number; max_goalkeepers: number }>(
      "select max_players, max_goalkeepers from event where id = $1 for update",
      [eventId],
    );
    const granted = performance.now();
    const { rows: mine } = await client.query(
      `select id from registration where event_id = $1 and user_id = $2 and status in ('pending_payment', 'promoting', 'confirmed', 'waitlisted')`,
      [eventId, user.id],
    );
    if (mine.length > 0) throw new Error(`${user.id} is already registered in the bare lane`);
    const { rows: held } = await client.query<{ held: number }>(
      `select count(*)::int as held from registration
       where event_id = $1 and role = $2 and status in ('pending_payment', 'promoting', 'confirmed')`,
      [eventId, user.role],
    );
    const capacity = user.role === "player" ? events[0]!.max_players : events[0]!.max_goalkeepers;
    const open = held[0]!.held < capacity;
    await client.query(
      `insert into registration (event_id, user_id, role, status, amount_cents, payment_method_id, consent_to_auto_charge)
       values ($1, $2, $3, $4, $5, $6, $7) returning id, position`,
      [eventId, user.id, user.role, open ? "pending_payment" : "waitlisted", GAME.costCents, user.paymentMethodId ?? null, !open],
    );
    await client.query("commit");
    return performance.now() - granted;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
