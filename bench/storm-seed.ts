// The storm's people and game. Users and their sessions are written in bulk (1,000 password sign-ins
// would spend the run hashing passwords); the session cookies are signed as better-auth signs them,
// so every request after that is a real signed-in request. Cards are saved through the API.
import { createHmac, randomBytes } from "node:crypto";
import type pg from "pg";
import { type Client, inBatches } from "./storm-http.ts";

export interface StormUser {
  index: number;
  id: string;
  cookie: string;
  role: "player" | "goalkeeper";
  paymentMethodId?: string;
}

export interface GameShape {
  costCents: number;
  goalkeeperCostCents: number;
  maxPlayers: number;
  maxGoalkeepers: number;
}

/** The storm's game. */
export const GAME = { costCents: 1000, goalkeeperCostCents: 1000, maxPlayers: 22, maxGoalkeepers: 2 } as const satisfies GameShape;
/**
 * The game an admin cancels in the refund phase: other prices than the storm's (odd cents, and a
 * goalkeeper price of its own), so "refunded in full" is checked against this game's own prices.
 */
export const CANCELLED_GAME = { costCents: 1235, goalkeeperCostCents: 840, maxPlayers: 20, maxGoalkeepers: 2 } as const satisfies GameShape;

/** The admin (ADMIN_EMAILS) who cancels that game. */
export const ADMIN_EMAIL = "storm-admin@bench.example";

/** better-auth's cookie name on plain http (https adds the __Secure- prefix). */
const SESSION_COOKIE = "better-auth.session_token";
const CARD = { number: "4242 4242 4242 4242", expiry: "12/29", cvc: "123" };

/**
 * better-call's signed cookie: `${value}.${base64 HMAC-SHA256(value, secret)}`, URI-encoded
 * (node_modules/better-call/dist/crypto.mjs, signCookieValue).
 */
export function sessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** 1 in 12.5 is a goalkeeper (80 of 1,000), spread through the crowd rather than all at the end. */
export const roleOf = (index: number): StormUser["role"] => (index % 25 < 2 ? "goalkeeper" : "player");

/** In a run with guests (BENCH_STORM_GUESTS), the storm's games take up to this many guests per player (docs/guests.md). */
export const STORM_GUESTS_PER_PLAYER = 2;

/**
 * In a run with guests, who brings how many: 3 in 10 of the crowd (indexes ending in 2, 4 or 8, never a
 * goalkeeper's: those end in 0, 1, 5 or 6), half of them 1 guest and half 2, spread through the crowd.
 */
export function guestCountOf(index: number): number {
  if (![2, 4, 8].includes(index % 10) || roleOf(index) !== "player") return 0;
  return index % 20 < 10 ? 1 : 2;
}

/** The guests a user of a run with guests brings, as the join form sends them (one with a last name, one without). */
export function guestsOf(user: Pick<StormUser, "index">): { firstName: string; lastName?: string }[] {
  return Array.from({ length: guestCountOf(user.index) }, (_, ordinal) =>
    ordinal === 0 ? { firstName: `Guest ${user.index}`, lastName: "One" } : { firstName: `Guest ${user.index}.${ordinal + 1}` },
  );
}

/** Verified users with a live session each (last_active_at now: the server's idle limit counts from it). */
export async function seedUsers(pool: pg.Pool, count: number, authSecret: string): Promise<StormUser[]> {
  const users = Array.from({ length: count }, (_, index) => ({ index, id: `storm-user-${index}`, token: randomBytes(24).toString("hex") }));
  await pool.query(
    `insert into "user" (id, name, email, email_verified, first_name, last_name)
     select 'storm-user-' || g, 'Storm ' || g, 'storm' || g || '@bench.example', true, 'Storm', g::text
     from generate_series(0, $1::int - 1) g`,
    [count],
  );
  await pool.query(
    `insert into session (id, token, user_id, expires_at, last_active_at)
     select 'storm-session-' || u.user_id, u.token, u.user_id, now() + interval '7 days', now()
     from unnest($1::text[], $2::text[]) as u(user_id, token)`,
    [users.map((user) => user.id), users.map((user) => user.token)],
  );
  return users.map((user) => ({ index: user.index, id: user.id, cookie: sessionCookie(user.token, authSecret), role: roleOf(user.index) }));
}

/** A verified admin with a live session, like the users. */
export async function seedAdmin(pool: pg.Pool, authSecret: string): Promise<{ id: string; cookie: string }> {
  const id = "storm-admin";
  const token = randomBytes(24).toString("hex");
  await pool.query(`insert into "user" (id, name, email, email_verified, first_name, last_name) values ($1, 'Storm Admin', $2, true, 'Storm', 'Admin')`, [id, ADMIN_EMAIL]);
  await pool.query(
    `insert into session (id, token, user_id, expires_at, last_active_at) values ('storm-session-' || $1, $2, $1, now() + interval '7 days', now())`,
    [id, token],
  );
  return { id, cookie: sessionCookie(token, authSecret) };
}

/**
 * One paid game (by default the storm's: 22 players + 2 goalkeepers), three days away (well outside the
 * 24-hour cancel window); `maxGuestsPerPlayer` (default 0, guests off) for a run with guests.
 */
export async function insertGame(pool: pg.Pool, title: string, game: GameShape = GAME, options: { maxGuestsPerPlayer?: number } = {}): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name,
       cost_cents, max_players, include_goalkeepers, goalkeeper_cost_cents, max_goalkeepers, organizer_name, organizer_email, max_guests_per_player)
     values ($1, now() + interval '3 days', now() + interval '3 days 90 minutes', 'America/New_York', 90, 40.7812, -73.9665,
       'Riverside Park', $2, $3, true, $4, $5, 'Olive Organiser', 'olive@bench.example', $6)
     returning id`,
    [title, game.costCents, game.maxPlayers, game.goalkeeperCostCents, game.maxGoalkeepers, options.maxGuestsPerPlayer ?? 0],
  );
  return rows[0]!.id;
}

/** The seeded cookie works: GET /api/me answers as that user. */
export async function checkSession(client: Client, user: StormUser): Promise<void> {
  const reply = await client.send("GET", "/api/me", { cookie: user.cookie });
  const id = reply.ok ? (reply.body as { user?: { id?: string } | null }).user?.id : undefined;
  if (!reply.ok || reply.status !== 200 || id !== user.id) {
    throw new Error(`the signed session cookie was not accepted: GET /api/me → ${reply.ok ? `${reply.status} ${JSON.stringify(reply.body)}` : reply.error}`);
  }
}

/** Each user saves a 4242 card through POST /api/me/payment-methods, a few at a time. */
export async function saveCards(client: Client, users: StormUser[], concurrency: number): Promise<void> {
  await inBatches(users, concurrency, async (user) => {
    const { reply } = await client.sendUntil("POST", "/api/me/payment-methods", {
      cookie: user.cookie,
      body: { card: CARD },
      definitive: [201],
      deadline: Date.now() + 60_000,
    });
    const id = reply.ok && reply.status === 201 ? (reply.body as { paymentMethod?: { id?: string } }).paymentMethod?.id : undefined;
    if (!id) throw new Error(`saving a card for ${user.id} failed: ${reply.ok ? `${reply.status} ${JSON.stringify(reply.body)}` : reply.error}`);
    user.paymentMethodId = id;
  });
}
