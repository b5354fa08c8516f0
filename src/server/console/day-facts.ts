import type pg from "pg";
import type { LedgerGroup } from "#shared/ledger.ts";
import { ledgerByDay } from "#server/money/read-money.ts";

/** A game as the overview lists it. */
export interface GameFact {
  id: string;
  title: string;
  startsAt: string;
  status: "active" | "cancelled";
  playersHeld: number;
  maxPlayers: number;
  goalkeepersHeld: number;
  maxGoalkeepers: number;
}

/**
 * Everything the overview needs from one day in the organiser's zone: the games that kick off that
 * day (with what happened to their spots) and the ledger rows and registrations written that day.
 * Days add up, except players, which are kept as ids so that a period counts each person once.
 */
export interface DayFacts {
  date: string;
  games: GameFact[];
  /** People holding a spot in a game of the day that was played (kicked off, not cancelled). */
  playerIds: string[];
  lateCancels: number;
  noShows: number;
  waitlistJoins: number;
  promotions: number;
  ledger: LedgerGroup[];
  registrations: number;
}

export const emptyDay = (date: string): DayFacts => ({
  date,
  games: [],
  playerIds: [],
  lateCancels: 0,
  noShows: 0,
  waitlistJoins: 0,
  promotions: 0,
  ledger: [],
  registrations: 0,
});

/**
 * Sums the days between `start` and `end` (UTC instants at the zone's midnights) from the rows
 * themselves: four indexed queries over the range, grouped by the day in `timeZone`. Used for the
 * days that are still open and for closed days not summed yet (docs/console-rollups.md).
 */
export async function sumDays(
  client: pg.Pool | pg.PoolClient,
  range: { start: Date; end: Date; timeZone: string; now: Date },
): Promise<Map<string, DayFacts>> {
  const { start, end, timeZone, now } = range;
  // A pool runs the reads side by side on its connections (on PostgreSQL; the embedded database
  // takes them in turn); one client is given them one after the other, as it runs one at a time.
  let previous: Promise<unknown> = Promise.resolve();
  const query = <T extends Record<string, unknown>>(text: string, values: unknown[]): Promise<T[]> => {
    if (!("release" in client)) return client.query<T>(text, values).then((result) => result.rows);
    const next = previous.then(() => client.query<T>(text, values)).then((result) => result.rows);
    previous = next.catch(() => undefined);
    return next;
  };
  const dayOf = (column: string) => `to_char(${column} at time zone $3, 'YYYY-MM-DD')`;

  const [games, people, ledger, joins] = await Promise.all([
    query<{ date: string; id: string; title: string; starts_at: Date; status: "active" | "cancelled"; players_held: number; max_players: number; goalkeepers_held: number; max_goalkeepers: number }>(
      `select ${dayOf("e.starts_at")} as date, e.id, e.title, e.starts_at, e.status, e.max_players,
              case when e.include_goalkeepers then e.max_goalkeepers else 0 end as max_goalkeepers,
              coalesce(held.players, 0)::int as players_held, coalesce(held.goalkeepers, 0)::int as goalkeepers_held
         from event e
         left join lateral (
           -- a party fills 1 + its guests' spots (docs/guests.md); a spot being paid for is held, as the
           -- game's page, the roster and capacity count it
           select sum(1 + r.guest_count) filter (where r.role = 'player') as players, sum(1 + r.guest_count) filter (where r.role = 'goalkeeper') as goalkeepers
             from registration r where r.event_id = e.id and r.status in ('confirmed', 'pending_payment', 'promoting')
         ) held on true
        where e.starts_at >= $1 and e.starts_at < $2
        order by e.starts_at, e.id`,
      [start, end, timeZone],
    ),
    query<{ date: string; player_ids: string[] | null; late_cancels: number; no_shows: number; waitlist_joins: number; promotions: number }>(
      `select ${dayOf("e.starts_at")} as date,
              array_agg(distinct coalesce(r.user_id, r.id::text)) filter (where r.status = 'confirmed' and e.status = 'active' and e.starts_at <= $4) as player_ids,
              count(*) filter (where r.closed_reason = 'user_left' and r.status in ('cancelled', 'refunded') and (r.waitlisted_at is null or r.promoted_at is not null)
                               and r.updated_at >= e.starts_at - interval '48 hours')::int as late_cancels,
              count(*) filter (where r.no_show_at is not null)::int as no_shows,
              count(*) filter (where r.waitlisted_at is not null)::int as waitlist_joins,
              count(*) filter (where r.promoted_at is not null)::int as promotions
         from registration r join event e on e.id = r.event_id
        where e.starts_at >= $1 and e.starts_at < $2
        group by 1`,
      [start, end, timeZone, now],
    ),
    ledgerByDay(query, { start, end, timeZone }),
    query<{ date: string; registrations: number }>(
      `select ${dayOf("r.created_at")} as date, count(*)::int as registrations
         from registration r where r.created_at >= $1 and r.created_at < $2 group by 1`,
      [start, end, timeZone],
    ),
  ]);

  const days = new Map<string, DayFacts>();
  const day = (date: string) => {
    let facts = days.get(date);
    if (!facts) days.set(date, (facts = emptyDay(date)));
    return facts;
  };
  for (const game of games) {
    day(game.date).games.push({
      id: game.id,
      title: game.title,
      startsAt: game.starts_at.toISOString(),
      status: game.status,
      playersHeld: game.players_held,
      maxPlayers: game.max_players,
      goalkeepersHeld: game.goalkeepers_held,
      maxGoalkeepers: game.max_goalkeepers,
    });
  }
  for (const row of people) {
    Object.assign(day(row.date), {
      playerIds: row.player_ids ?? [],
      lateCancels: row.late_cancels,
      noShows: row.no_shows,
      waitlistJoins: row.waitlist_joins,
      promotions: row.promotions,
    });
  }
  for (const { date, group } of ledger) day(date).ledger.push(group);
  for (const row of joins) day(row.date).registrations = row.registrations;
  return days;
}
