import type pg from "pg";

export const SEED = {
  users: 500,
  upcomingEvents: 1_000,
  completedEvents: 10_000,
  /** Registrations per event: the first `maxPlayers` are confirmed, the rest waitlisted. */
  registrationsPerEvent: 14,
  maxPlayers: 12,
};

/** A club's worth, for page loads (npm run bench:lighthouse): a home list a phone shows in full. */
export const SMALL_SEED: typeof SEED = { ...SEED, users: 60, upcomingEvents: 12, completedEvents: 40 };

/** Bulk SQL (generate_series), so ten thousand events take seconds, not minutes. */
export async function seed(pool: pg.Pool, counts: typeof SEED = SEED): Promise<void> {
  const { users, upcomingEvents, completedEvents, registrationsPerEvent, maxPlayers } = counts;
  await pool.query(
    `insert into "user" (id, name, email, email_verified, first_name, last_name)
     select 'bench-user-' || g, 'Player ' || g, 'player' || g || '@bench.example', true, 'Player', g::text
     from generate_series(1, $1::int) g`,
    [users],
  );
  const eventColumns = `title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name, field,
    cost_cents, max_players, include_goalkeepers, goalkeeper_cost_cents, max_goalkeepers, organizer_name, organizer_email`;
  const eventValues = (start: string) => `
     'Game ' || g, ${start}, ${start} + interval '90 minutes', 'America/New_York', 90,
     40.7 + (g % 100) / 1000.0, -73.9 - (g % 100) / 1000.0, 'Pitch ' || (g % 50) || ', Riverside Park', null,
     1000 + (g % 5) * 250, ${maxPlayers}, g % 2 = 0, 0, 2, 'Olive Organiser', 'olive@bench.example'`;
  await pool.query(
    `insert into event (${eventColumns})
     select ${eventValues("now() + interval '1 hour' + g * interval '37 minutes'")} from generate_series(1, $1::int) g`,
    [upcomingEvents],
  );
  await pool.query(
    `insert into event (${eventColumns})
     select ${eventValues("now() - interval '3 hours' - g * interval '47 minutes'")} from generate_series(1, $1::int) g`,
    [completedEvents],
  );
  await pool.query(
    `insert into registration (event_id, user_id, role, status)
     select e.id, 'bench-user-' || (1 + (e.n * 7 + k) % $1::int), 'player',
            (case when k < $3::int then 'confirmed' else 'waitlisted' end)::registration_status
     from (select id, row_number() over (order by starts_at) as n from event) e
     cross join generate_series(0, $2::int - 1) k`,
    [users, registrationsPerEvent, maxPlayers],
  );
  // Steady state: PostgreSQL's autovacuum would have set the visibility map by now, which is what
  // makes the spot counts index-only scans. PGlite has no autovacuum (see jobs/maintenance.ts).
  // BENCH_NO_VACUUM=1 measures the state right after a bulk load instead.
  await pool.query(process.env.BENCH_NO_VACUUM ? "analyze" : "vacuum analyze");
}
