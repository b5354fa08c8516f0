import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleOverview, GameRoster } from "#shared/console.ts";
import { addDays } from "#shared/console-period.ts";
import { NO_FEE, summarizeLedger } from "#shared/ledger.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { HELD_STATUSES } from "#shared/registrations.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { parseCsv } from "#test/csv.ts";
import { CARDS, eventAs, insertGame, join, playerWithCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { event, payment, registration, simPaymentMethod } from "#server/db/schema.ts";
import { readLedger } from "#server/money/read-money.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { executeRefund } from "#server/money/execute-refund.ts";
import { runPromotion } from "#server/registrations/run-promotion.ts";

/**
 * Every mix of guests, refunds, refused refunds and their retries, promotions and edits that a seeded
 * sequence of steps makes through the real app (issue "Money told the same everywhere", bad input):
 * after each step the roster, its CSV and the overview answer 200, the roster's lines add up to the
 * game's ledger, and its spots held are the ones capacity counts. Edits of price and capacity are
 * written to the game's row, as an edit commits them. Jobs run by hand, so each step's state is known.
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
});

const deps = (): RegistrationDeps => ({ database: context.database, gateway: context.services.gateway, config: context.config });

/** A small deterministic generator (mulberry32): each seed replays the same mix. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

async function checkEverythingAnswers(gameId: string, step: string) {
  const roster = await admin.json<GameRoster>("GET", `/api/admin/events/${gameId}/roster`);
  expect(roster.status, step).toBe(200);
  const csv = await admin.request("GET", `/api/admin/events/${gameId}/roster.csv`);
  expect(csv.status, step).toBe(200);
  const lines = parseCsv(await csv.text()).slice(1);
  const { body } = roster;
  expect(lines.length, step).toBe(body.roster.length + body.waitlists.player.length + body.waitlists.goalkeeper.length);
  const today = dateInZone(new Date(), "America/Toronto");
  const overview = await admin.json<ConsoleOverview>("GET", `/api/admin/overview?tz=America/Toronto&from=${today}&to=${addDays(today, 10)}`);
  expect(overview.status, step).toBe(200);

  // The lines add up to the game's ledger.
  const ledger = await readLedger(context.database.db, { eventId: gameId });
  const game = summarizeLedger(ledger, DEFAULT_FEE);
  expect(body.totals.paidCents, step).toBe(game.chargedCents);
  expect(body.totals.feeCents, step).toBe(game.feeCents);
  expect(body.totals.refundCents, step).toBe(game.backCents);
  // Every line's money is its party's: a party's lines add up to its own rows.
  for (const id of new Set(body.roster.map((line) => line.registrationId))) {
    const party = summarizeLedger(ledger.filter((row) => row.registrationId === id), NO_FEE);
    const partyLines = body.roster.filter((line) => line.registrationId === id);
    expect(partyLines.reduce((sum, line) => sum + line.paidCents, 0), `${step}: party ${id}`).toBe(party.chargedCents);
  }
  // Spots held as capacity counts them: 1 + guests per party holding a spot.
  const held = await context.database.db.select({ status: registration.status, guests: registration.guestCount, role: registration.role }).from(registration).where(eq(registration.eventId, gameId));
  const holding = held.filter((row) => (HELD_STATUSES as readonly string[]).includes(row.status) && row.role === "player");
  expect(body.held.players, step).toBe(holding.reduce((sum, row) => sum + 1 + row.guests, 0));
  return body;
}

describe("the roster, its CSV and the overview under any mix", () => {
  for (const seed of [1, 2, 3]) {
    it(`answers and adds up after every step of mix ${seed}`, async () => {
      const next = random(seed);
      const game = await insertGame(context, { title: `Mix ${seed}`, maxPlayers: 4, maxGuestsPerPlayer: 2 });
      const players = await Promise.all(
        ["Ana", "Ben", "Cal", "Dee", "Eli"].map(async (firstName, index) => ({
          firstName,
          ...(await playerWithCard(context, { firstName, card: index === seed ? CARDS.refundFails : CARDS.ok })),
        })),
      );
      const steps: string[] = [];
      /** The players in an order of the mix's choosing, for a step that needs one in some state. */
      const shuffled = () => [...players].sort(() => next(3) - 1);
      const mineOf = async (who: (typeof players)[number]) => (await eventAs(who.client, game.id)).mine;
      const retryRefused = async () => {
        const refused = (await context.database.db.select().from(payment).where(eq(payment.eventId, game.id))).find((row) => row.kind === "refund" && row.status === "failed");
        if (!refused) return "no refund to retry";
        await context.database.db.update(simPaymentMethod).set({ behaviour: "ok" }).where(eq(simPaymentMethod.id, players[seed]!.card.id));
        const answer = await admin.request("POST", `/api/events/${game.id}/refunds/${refused.id}/retry`, {});
        expect(answer.status).toBeLessThan(500);
        await executeRefund(deps(), refused.id);
        return `refused refund retried: ${answer.status}`;
      };
      // The player whose card refuses refunds starts with a paid party, so that some refund is refused.
      const refusing = players[seed]!;
      expect((await join(refusing.client, game.id, { role: "player", paymentMethodId: refusing.card.id, guests: [{ firstName: "Zed" }] })).status).toBe(201);
      for (let index = 0; index < 24; index += 1) {
        const choice = next(9);
        let step = "nothing to do";
        if (choice <= 2) {
          const who = players[next(players.length)]!;
          const guests = Array.from({ length: next(3) }, (_, ordinal) => ({ firstName: `${who.firstName}'s friend ${ordinal + 1}` }));
          const answer = await join(who.client, game.id, { role: "player", paymentMethodId: who.card.id, consentToAutoCharge: true, guests });
          step = `${who.firstName} joins with ${guests.length} guests: ${answer.status}`;
          expect(answer.status, step).toBeLessThan(500);
        } else if (choice <= 4) {
          for (const who of shuffled()) {
            const guest = (await mineOf(who)).flatMap((mine) => mine.guests ?? [])[0];
            if (!guest) continue;
            const answer = await who.client.request("DELETE", `/api/events/${game.id}/registrations/me/guests/${guest.id}`);
            step = `${who.firstName} removes a guest: ${answer.status}`;
            expect(answer.status, step).toBeLessThan(500);
            break;
          }
        } else if (choice === 5) {
          for (const who of shuffled()) {
            if ((await mineOf(who)).length === 0) continue;
            const answer = await who.client.request("DELETE", `/api/events/${game.id}/registrations/me`);
            step = `${who.firstName} cancels: ${answer.status}`;
            expect(answer.status, step).toBeLessThan(500);
            break;
          }
        } else if (choice === 6) {
          // The jobs: refunds and promotions run, as the workers would.
          for (const row of await context.database.db.select().from(payment).where(eq(payment.eventId, game.id))) {
            if (row.kind === "refund" && row.status === "pending") await executeRefund(deps(), row.id);
          }
          for (const row of await context.database.db.select().from(registration).where(eq(registration.eventId, game.id))) {
            if (row.status === "promoting") await runPromotion(deps(), row.id);
          }
          step = "jobs run";
        } else if (choice === 7) {
          step = await retryRefused();
        } else {
          // An edit of the price (new joins only) or of the capacity, below the spots held too.
          const edit = next(2) === 0 ? { costCents: [0, 500, 1500][next(3)]! } : { maxPlayers: 2 + next(5) };
          await context.database.db.update(event).set(edit).where(eq(event.id, game.id));
          step = `edit ${JSON.stringify(edit)}`;
        }
        steps.push(step);
        await checkEverythingAnswers(game.id, steps.join(" → "));
      }
      // And once the game is cancelled by the admin, with every refund run.
      expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
      for (const row of await context.database.db.select().from(payment).where(eq(payment.eventId, game.id))) {
        if (row.kind === "refund" && row.status === "pending") await executeRefund(deps(), row.id);
      }
      const cancelled = await checkEverythingAnswers(game.id, `${steps.join(" → ")} → admin cancel`);
      expect(cancelled.held.players).toBe(0);
      steps.push(await retryRefused());
      await checkEverythingAnswers(game.id, steps.join(" → "));
    });
  }
});
