import { randomUUID } from "node:crypto";
import pg from "pg";
import PgBoss from "pg-boss";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { JoinInput } from "#shared/registration-schemas.ts";
import type { JoinResponse, SavedCard } from "#shared/registrations.ts";
import { createVerifiedUser, PASSWORD } from "./accounts.ts";
import { ADMIN_EMAIL } from "./global-setup.ts";
import { lane } from "./lanes.ts";

/**
 * Games and registrations for the end-to-end specs: rows written straight into the app's database
 * (fast, no "new game" mails to every account, and states such as "starts in 5 hours" the API
 * refuses to create), and the few API calls a test needs as setup, made with a page's session.
 */

export const VENUE = "Riverside Park Pitch 3, 100 River Road, Springfield";
export const TEST_CARDS = {
  ok: "4242 4242 4242 4242",
  declinedOnSave: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  declinedOnCharge: "4000 0000 0000 0341",
  authentication: "4000 0027 6000 3184",
} as const;
/** Any future month will do; the saved card then reads "Expires 12/34". */
export const CARD_EXPIRY = "12/34";

let counter = 0;
export const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

/**
 * Puts a job on one of the app's queues now, in the lane's database, as the job's schedule would at
 * the next minute: the app's workers run it within their polling interval, and a spec need not wait up
 * to a minute. Each schedule itself is checked by the integration tests (e.g. game-on.test.ts).
 */
export async function sendJobNow(queue: string): Promise<void> {
  const boss = new PgBoss({ connectionString: lane().databaseURL, max: 1, supervise: false, schedule: false, migrate: false });
  boss.on("error", (error) => console.error(`pg-boss (sendJobNow): ${error.message}`));
  await boss.start();
  try {
    if (!(await boss.send(queue, {}))) throw new Error(`pg-boss did not take the job for ${queue}`);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** One connection to the app's database for the spec file (closed after it). */
export function useDatabase(): () => pg.Client {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: lane().databaseURL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });
  return () => {
    if (!client) throw new Error("useDatabase(): the database is reached from tests and hooks only");
    return client;
  };
}

export interface SeededGame {
  id: string;
  title: string;
}

/** A game of 1 hour at VENUE (in UTC), 72 hours from now unless told, free unless `costCents`. */
export async function seedGame(
  db: pg.Client,
  options: {
    title?: string;
    startsInHours?: number;
    costCents?: number;
    maxPlayers?: number;
    includeGoalkeepers?: boolean;
    goalkeeperCostCents?: number;
    maxGoalkeepers?: number;
    locationName?: string;
    timeZone?: string;
    /** +1 guests each player may bring (0, the default, turns them off). */
    maxGuestsPerPlayer?: number;
  } = {},
): Promise<SeededGame> {
  const title = options.title ?? uniqueTitle("Pick-up Game");
  const startsAt = new Date(Date.now() + (options.startsInHours ?? 72) * 3_600_000);
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  const { rows } = await db.query<{ id: string }>(
    `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name,
                        cost_cents, max_players, include_goalkeepers, goalkeeper_cost_cents, max_goalkeepers, max_guests_per_player)
     values ($1, $2, $3, $10, 60, 40.7812, -73.9665, $4, $5, $6, $7, $8, $9, $11) returning id`,
    [
      title,
      startsAt,
      endsAt,
      options.locationName ?? VENUE,
      options.costCents ?? 0,
      options.maxPlayers ?? 10,
      options.includeGoalkeepers ?? false,
      options.goalkeeperCostCents ?? 0,
      options.maxGoalkeepers ?? 2,
      options.timeZone ?? "UTC",
      options.maxGuestsPerPlayer ?? 0,
    ],
  );
  return { id: rows[0]!.id, title };
}

/**
 * People who are on the game already, each a user of their own (never signed in): holding a spot
 * (`confirmed`) or waiting (`waitlisted`), in the order given. Returns their names.
 */
export async function seedRegistrations(
  db: pg.Client,
  game: SeededGame,
  names: string[],
  options: { status: "confirmed" | "waitlisted"; role?: "player" | "goalkeeper"; userId?: string },
): Promise<string[]> {
  for (const name of names) {
    const userId = options.userId ?? randomUUID();
    if (!options.userId) {
      const [firstName, ...rest] = name.split(" ");
      await db.query(`insert into "user" (id, name, email, email_verified, first_name, last_name) values ($1, $2, $3, true, $4, $5)`, [
        userId,
        name,
        `${userId}@example.com`,
        firstName,
        rest.join(" "),
      ]);
    }
    await db.query(`insert into registration (event_id, user_id, role, status) values ($1, $2, $3, $4)`, [
      game.id,
      userId,
      options.role ?? "player",
      options.status,
    ]);
  }
  return names;
}

/** The signed-in user of the page, as GET /api/me has it. */
export async function currentUser(page: Page): Promise<{ id: string; name: string; email: string }> {
  const response = await page.request.get("/api/me");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string; name: string; email: string } }).user;
}

/** Saves a test card to the page's account through the API (the card form itself is tested in the browser). */
export async function saveCard(page: Page, number: string = TEST_CARDS.ok): Promise<SavedCard> {
  const response = await page.request.post("/api/me/payment-methods", { data: { card: { number, expiry: CARD_EXPIRY, cvc: "123" } } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { paymentMethod: SavedCard }).paymentMethod;
}

/** Joins a game through the API with the page's session; a paid join needs a saved card's id. */
export async function joinGame(page: Page, game: SeededGame, input: JoinInput): Promise<JoinResponse> {
  const response = await page.request.post(`/api/events/${game.id}/registrations`, { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as JoinResponse;
}

let admin: Promise<{ email: string; password: string }> | undefined;

/** The admin account (ADMIN_EMAILS), made once per spec file; another spec file may have signed it up already. */
export function adminAccount(): Promise<{ email: string; password: string }> {
  admin ??= createVerifiedUser({ email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" }).catch((error: unknown) => {
    if (error instanceof Error && /sign-up failed: 422/.test(error.message)) return { email: ADMIN_EMAIL, password: PASSWORD };
    throw error;
  });
  return admin;
}
