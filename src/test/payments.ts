import { and, eq } from "drizzle-orm";
import type { EventDetail } from "#shared/events.ts";
import type { SavedCard } from "#shared/registrations.ts";
import { dateInZone, wallClockAt } from "#shared/zoned-time.ts";
import { payment, registration } from "#server/db/schema.ts";
import { insertEvent } from "./seed-events.ts";
import type { SimulatedFaults } from "#server/money/processors/simulated.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { FakeStripe } from "./fake-stripe.ts";
import { signUpVerified, type TestClient, type TestContext } from "./test-app.ts";

/** Fixtures for registration and payment tests: players with saved test cards, games, ledger reads. */

export const CARDS = {
  ok: "4242 4242 4242 4242",
  declinedOnSave: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  declined: "4000 0000 0000 0341",
  authentication: "4000 0027 6000 3184",
  refundFails: "4000 0000 0000 5126",
} as const;

export const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

export async function saveCard(client: TestClient, number: string = CARDS.ok): Promise<SavedCard> {
  const response = await client.json<{ paymentMethod: SavedCard }>("POST", "/api/me/payment-methods", {
    card: { number, expiry: FUTURE_EXPIRY, cvc: "123" },
  });
  if (response.status !== 201) throw new Error(`saving ${number} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.paymentMethod;
}

/** A verified player, signed in, with one saved card (4242 unless told). */
export async function playerWithCard(context: TestContext, options: { firstName?: string; card?: string } = {}) {
  const player = await signUpVerified(context, { firstName: options.firstName ?? "Pat" });
  const card = await saveCard(player.client, options.card ?? CARDS.ok);
  return { ...player, card };
}

/** A game starting in `startsInHours` (default 3 days), $10.00 a player unless told. */
/** The registration services' dependencies, as the app builds them, for tests that call them directly. */
export function registrationDeps(context: TestContext): RegistrationDeps {
  return { database: context.database, gateway: context.services.gateway, config: context.config, jobs: context.services.jobs, listCache: context.services.listCache };
}

export function insertGame(context: TestContext, options: Parameters<typeof insertEvent>[1] = {}) {
  return insertEvent(context.database.db, { costCents: 1000, maxPlayers: 10, startsInHours: 72, ...options });
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The edit form as the browser sends it for `game` (the same body as creating), unchanged unless told. */
export function editFormOf(game: Awaited<ReturnType<typeof insertGame>>, overrides: Record<string, unknown> = {}) {
  const wall = wallClockAt(game.startsAt.getTime(), game.timeZone);
  return {
    title: game.title,
    date: dateInZone(game.startsAt, game.timeZone),
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
    timeZone: game.timeZone,
    durationHours: Math.floor(game.durationMinutes / 60),
    durationMinutes: game.durationMinutes % 60,
    location: { name: game.locationName, latitude: game.latitude, longitude: game.longitude },
    field: game.field ?? "",
    notes: game.notes ?? "",
    cost: (game.costCents / 100).toFixed(2),
    maxPlayers: game.maxPlayers,
    includeGoalkeepers: game.includeGoalkeepers,
    goalkeeperCost: game.goalkeeperCostCents ? (game.goalkeeperCostCents / 100).toFixed(2) : "",
    maxGoalkeepers: game.maxGoalkeepers,
    maxGuestsPerPlayer: game.maxGuestsPerPlayer,
    ...overrides,
  };
}

export async function join(client: TestClient, eventId: string, body: Record<string, unknown>) {
  return client.json<{ registration?: { id: string; status: string; amountCents: number }; status?: string; clientSecret?: string; error?: { code: string; message: string } }>(
    "POST",
    `/api/events/${eventId}/registrations`,
    body,
  );
}

export async function eventAs(client: TestClient, eventId: string): Promise<EventDetail> {
  const response = await client.json<{ event: EventDetail }>("GET", `/api/events/${eventId}`);
  if (response.status !== 200) throw new Error(`GET event ${response.status}`);
  return response.body.event;
}

export async function ledgerOf(context: TestContext, registrationId: string) {
  return context.database.db.select().from(payment).where(eq(payment.registrationId, registrationId)).orderBy(payment.createdAt);
}

export async function registrationsOf(context: TestContext, eventId: string, userId?: string) {
  return context.database.db
    .select()
    .from(registration)
    .where(userId ? and(eq(registration.eventId, eventId), eq(registration.userId, userId)) : eq(registration.eventId, eventId))
    .orderBy(registration.position);
}

/** Polls until `check` returns a value that is not undefined (background jobs run every half second). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The two payment modes as the flow and contract suites drive them (one suite, both gateways, so
 * they cannot drift). Each says how the browser saves a card and passes 3-D Secure in that mode:
 * simulated through our card form and test bank; stripe through what Stripe.js does against the
 * Stripe-compatible server on loopback.
 */
export interface PaymentMode {
  name: "simulated" | "stripe";
  /** Environment for createTestContext. */
  env: Record<string, string>;
  /** Saves a card as the browser would; the processor's refusal comes back as `error`. */
  saveCard(client: TestClient, number: string): Promise<{ card?: SavedCard; error?: string }>;
  /** The bank's check, as the browser completes (or fails) it. */
  authenticate(client: TestClient, clientSecret: string, outcome: "complete" | "fail"): Promise<void>;
  /** While on, the processor does the work but its answers are lost (the caller sees timeouts). */
  loseAnswers(on: boolean): void;
  close(): Promise<void>;
}

/** The simulated mode; `faults` must be the object the context's simulated gateway was made with. */
export function simulatedMode(faults: SimulatedFaults): PaymentMode {
  return {
    name: "simulated",
    env: {},
    async saveCard(client, number) {
      const response = await client.json<{ paymentMethod: SavedCard; error?: { message: string } }>("POST", "/api/me/payment-methods", {
        card: { number, expiry: FUTURE_EXPIRY, cvc: "123" },
      });
      return response.status === 201 ? { card: response.body.paymentMethod } : { error: response.body.error?.message };
    },
    async authenticate(client, clientSecret, outcome) {
      await client.json("POST", "/api/payments/simulated/authenticate", { clientSecret, outcome });
    },
    loseAnswers(on) {
      faults.lostResponseRate = on ? 1 : 0;
    },
    async close() {},
  };
}

export async function stripeMode(): Promise<PaymentMode & { fake: FakeStripe; webhookSecret: string }> {
  const fake = await new FakeStripe().start();
  const webhookSecret = "whsec_test_secret";
  return {
    name: "stripe",
    fake,
    webhookSecret,
    env: {
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
    },
    async saveCard(client, number) {
      const intent = await client.json<{ clientSecret: string }>("POST", "/api/me/setup-intents", {});
      if (intent.status !== 201) return { error: `setup intent: ${intent.status}` };
      const confirmed = fake.confirmSetup(intent.body.clientSecret, number);
      if (confirmed.error) return { error: confirmed.error };
      const response = await client.json<{ paymentMethod: SavedCard; error?: { message: string } }>("POST", "/api/me/payment-methods", {
        paymentMethodId: confirmed.paymentMethodId,
      });
      return response.status === 201 ? { card: response.body.paymentMethod } : { error: response.body.error?.message };
    },
    async authenticate(_client, clientSecret, outcome) {
      fake.authenticate(clientSecret, outcome);
    },
    loseAnswers(on) {
      fake.loseAnswers = on;
    },
    close: () => fake.stop(),
  };
}

/** A verified, signed-in player with one card saved the way `mode`'s browser saves it. */
export async function playerIn(context: TestContext, mode: PaymentMode, card: string = CARDS.ok) {
  const person = await signUpVerified(context);
  const saved = await mode.saveCard(person.client, card);
  if (!saved.card) throw new Error(`could not save ${card}: ${saved.error}`);
  return { ...person, card: saved.card };
}
