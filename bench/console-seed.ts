// The seeded year of bench:console (1,000 games, 25,000 registrations with their charges and refunds),
// in bulk SQL so that seeding takes seconds.
import type pg from "pg";

export const YEAR = { games: 1_000, registrationsPerGame: 25, maxPlayers: 20, users: 600 };

/** A year of weekly-ish games in bulk SQL: 20 confirmed and paid, 3 left with a refund, 2 waitlisted each. */
export async function seedYear(pool: pg.Pool, size: typeof YEAR = YEAR) {
  await pool.query(
    `insert into "user" (id, name, email, email_verified, first_name, last_name)
     select 'console-user-' || g, 'Player ' || g, 'p' || g || '@bench.example', true, 'Player', g::text from generate_series(1, $1::int) g`,
    [size.users],
  );
  await pool.query(
    `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, cost_cents, max_players, include_goalkeepers, max_goalkeepers, status)
     select 'Game ' || g, now() - g * interval '8 hours 45 minutes', now() - g * interval '8 hours 45 minutes' + interval '90 minutes', 'America/Toronto', 90,
            45.5, -73.6, 1000, $2, true, 2, case when g % 40 = 0 then 'cancelled' else 'active' end::event_status
       from generate_series(1, $1::int) g`,
    [size.games, size.maxPlayers],
  );
  await pool.query(
    `insert into registration (event_id, user_id, role, status, amount_cents, card_label, created_at, waitlisted_at, refunded_cents, closed_reason)
     select e.id, 'console-user-' || (1 + (abs(hashtext(e.id::text)) + n) % $2), 'player',
            (case when n <= 20 then 'confirmed' when n <= 23 then 'refunded' else 'waitlisted' end)::registration_status,
            1000, 'Visa •••• 4242', e.starts_at - interval '3 days',
            case when n > 23 then e.starts_at - interval '2 days' end,
            case when n between 21 and 23 then 941 end,
            (case when n between 21 and 23 then 'user_left' end)::closed_reason
       from event e cross join generate_series(1, $1::int) n`,
    [size.registrationsPerGame, size.users],
  );
  await pool.query(
    `insert into payment (registration_id, event_id, user_id, kind, status, amount_cents, currency, gateway_id, idempotency_key, created_at)
     select r.id, r.event_id, r.user_id, 'charge', 'succeeded', 1000, 'cad', 'pi_' || r.id, 'charge:' || r.id, r.created_at
       from registration r where r.status in ('confirmed', 'refunded')`,
  );
  await pool.query(
    `insert into payment (registration_id, event_id, user_id, kind, reason, status, amount_cents, currency, gateway_id, idempotency_key, created_at)
     select r.id, r.event_id, r.user_id, 'refund', 'player_cancel', 'succeeded', 941, 'cad', 're_' || r.id, 'refund:' || r.id, r.created_at + interval '1 day'
       from registration r where r.status = 'refunded'`,
  );
  await pool.query("analyze");
}
