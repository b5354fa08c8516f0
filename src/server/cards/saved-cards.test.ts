import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedCard } from "#shared/registrations.ts";
import { CARDS, eventually, insertGame, join, ledgerOf, playerWithCard, registrationsOf, saveCard } from "#test/payments.ts";
import { createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { registration } from "#server/db/schema.ts";
import { insertRegistration, insertUser } from "#test/seed-events.ts";
import { GatewayUnavailableError } from "#server/money/processors/gateway.ts";
import { CARD_NOT_FOUND } from "./routes.ts";
import { createSimulatedGateway } from "#server/money/processors/simulated.ts";
import { CARD_IN_USE, CARD_PAYMENT_IN_PROGRESS, CHOOSE_ANOTHER_CARD, LEAVE_TOO_LATE } from "#server/registrations/move-waitlist-card.ts";

/**
 * /api/me/payment-methods under faults and with waitlist places that rely on a card: an outage of
 * the processor is said truthfully, and a card cannot be removed from under a waitlist place that
 * would be charged to it.
 */
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; games?: unknown[] } };

let context: TestContext;
/** Switched on by a test: the processor does not answer when cards are listed. */
const outage = { listCards: false };
beforeAll(async () => {
  context = await createTestContext(
    {},
    {
      background: true,
      gateway: (db) => {
        const simulated = createSimulatedGateway(db);
        return {
          ...simulated,
          async listCards(customerId: string) {
            if (outage.listCards) throw new GatewayUnavailableError("The payment processor did not answer in time.");
            return simulated.listCards(customerId);
          },
        };
      },
    },
  );
});
afterAll(async () => {
  await context?.close();
});

const cardsOf = async (client: TestClient) => (await client.json<{ paymentMethods: SavedCard[] }>("GET", "/api/me/payment-methods")).body.paymentMethods;

/** A paid game whose one spot is taken, and a player with two saved cards waiting for it on the first. */
async function waitlisterWithTwoCards(options: { startsInHours?: number } = {}) {
  const game = await insertGame(context, { maxPlayers: 1, title: "Friday Football", ...options });
  const holder = await playerWithCard(context, { firstName: "Holly" });
  expect((await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id })).body.registration?.status).toBe("confirmed");
  const waiter = await playerWithCard(context, { firstName: "Wanda" });
  const spare = await saveCard(waiter.client, CARDS.refundFails);
  const waiting = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
  expect(waiting.body.registration?.status).toBe("waitlisted");
  return { game, holder, waiter, spare, registrationId: waiting.body.registration!.id };
}

describe("saving the same card twice", () => {
  it("gives back the card already saved (same brand, last 4 and expiry), even when both saves run at once", async () => {
    const { client } = await signUpVerified(context);
    const first = await saveCard(client, CARDS.ok);
    expect(await saveCard(client, CARDS.ok)).toEqual(first);
    // Pasted differently, it is still the same card.
    const pasted = await client.json<{ paymentMethod: SavedCard }>("POST", "/api/me/payment-methods", { card: { number: "4242-4242-4242-4242", expiry: ` ${first.expMonth} / ${first.expYear % 100} `, cvc: "999" } });
    expect(pasted.body.paymentMethod).toEqual(first);
    expect(await cardsOf(client)).toEqual([first]);

    const other = await signUpVerified(context);
    const atOnce = await Promise.all([saveCard(other.client, CARDS.ok), saveCard(other.client, CARDS.ok), saveCard(other.client, CARDS.ok)]);
    expect(new Set(atOnce.map((card) => card.id)).size).toBe(1);
    expect(await cardsOf(other.client)).toEqual([atOnce[0]]);
  });

  it("keeps a card of another expiry or other last 4 apart, and never shares one between two accounts", async () => {
    const { client } = await signUpVerified(context);
    const first = await saveCard(client, CARDS.ok);
    const renewed = await client.json<{ paymentMethod: SavedCard }>("POST", "/api/me/payment-methods", { card: { number: CARDS.ok, expiry: "01/45", cvc: "123" } });
    expect(renewed.status).toBe(201);
    expect(renewed.body.paymentMethod.id).not.toBe(first.id);
    const another = await saveCard(client, CARDS.insufficientFunds);
    expect((await cardsOf(client)).map((card) => card.id)).toEqual([first.id, renewed.body.paymentMethod.id, another.id]);

    const stranger = await signUpVerified(context);
    expect((await saveCard(stranger.client, CARDS.ok)).id).not.toBe(first.id);
  });

  it("saves a removed card again as a new one", async () => {
    const { client } = await signUpVerified(context);
    const first = await saveCard(client, CARDS.ok);
    expect((await client.request("DELETE", `/api/me/payment-methods/${first.id}`)).status).toBe(204);
    const again = await saveCard(client, CARDS.ok);
    expect(again.id).not.toBe(first.id);
    expect(await cardsOf(client)).toEqual([again]);
  });
});

describe("the processor is down", () => {
  it("says that the saved cards could not be loaded (502), not that a payment failed", async () => {
    const player = await playerWithCard(context);
    outage.listCards = true;
    try {
      const listed = await player.client.json<ErrorBody>("GET", "/api/me/payment-methods");
      expect(listed.status).toBe(502);
      expect(listed.body.error).toEqual({ code: "payment_provider", message: "Saved cards could not be loaded. Please try again." });
      const removed = await player.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${player.card.id}`);
      expect(removed.status).toBe(502);
      expect(removed.body.error.message).toBe("The card could not be removed. Please try again.");
    } finally {
      outage.listCards = false;
    }
    expect(await cardsOf(player.client)).toHaveLength(1);
  });
});

describe("removing a card", () => {
  it("answers 404 for a card that is not the user's", async () => {
    const owner = await playerWithCard(context);
    const other = await signUpVerified(context);
    const response = await other.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${owner.card.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(CARD_NOT_FOUND);
  });

  it("asks what to do with the waitlist places charged to it (409 card_in_use, with the games), and changes nothing", async () => {
    const { game, waiter, registrationId } = await waitlisterWithTwoCards();
    const response = await waiter.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${waiter.card.id}`);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "card_in_use",
      message: CARD_IN_USE,
      games: [{ eventId: game.id, title: "Friday Football", startsAt: game.startsAt.toISOString(), timeZone: game.timeZone, role: "player", canLeave: true }],
    });
    expect((await cardsOf(waiter.client)).map((card) => card.id)).toContain(waiter.card.id);
    const [reg] = await context.database.db.select().from(registration).where(eq(registration.id, registrationId));
    expect(reg).toMatchObject({ status: "waitlisted", paymentMethodId: waiter.card.id });
  });

  it("moves the waitlist places to another saved card, which a promotion then charges", async () => {
    const { game, holder, waiter, spare, registrationId } = await waitlisterWithTwoCards();
    const response = await waiter.client.request("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { replaceWith: spare.id });
    expect(response.status).toBe(204);
    expect((await cardsOf(waiter.client)).map((card) => card.id)).toEqual([spare.id]);
    const [moved] = await context.database.db.select().from(registration).where(eq(registration.id, registrationId));
    expect(moved).toMatchObject({ status: "waitlisted", paymentMethodId: spare.id, consentToAutoCharge: true });

    // The spot frees up: the new card is charged, and the place becomes a spot.
    expect((await holder.client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const promoted = await eventually(async () => {
      const [row] = await context.database.db.select().from(registration).where(eq(registration.id, registrationId));
      return row?.status === "confirmed" ? row : undefined;
    }, "the promotion");
    expect(promoted.paymentMethodId).toBe(spare.id);
    const [charge] = await ledgerOf(context, registrationId);
    expect(charge).toMatchObject({ kind: "charge", status: "succeeded", paymentMethodId: spare.id, amountCents: 1000 });
  });

  it("gives the waitlist places up when asked to, then removes the card", async () => {
    const { game, waiter, registrationId } = await waitlisterWithTwoCards();
    type Page = { event: { playerWaitList: { userId: string }[]; mine: unknown[] } };
    const before = await waiter.client.json<Page>("GET", `/api/events/${game.id}`);
    expect(before.body.event.playerWaitList.map((person) => person.userId)).toEqual([waiter.userId]);
    const response = await waiter.client.request("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { leaveWaitlists: true });
    expect(response.status).toBe(204);
    expect((await cardsOf(waiter.client)).map((card) => card.id)).not.toContain(waiter.card.id);
    const [left] = await context.database.db.select().from(registration).where(eq(registration.id, registrationId));
    expect(left).toMatchObject({ status: "cancelled", closedReason: "user_left" });
    // The game's page no longer lists them on the waitlist (its shared part is not served from a stale cache).
    const after = await waiter.client.json<Page>("GET", `/api/events/${game.id}`);
    expect(after.body.event.playerWaitList).toEqual([]);
    expect(after.body.event.mine).toEqual([]);
  });

  it("keeps the 24-hour rule: a waitlist place that close to its game moves to another card but is not given up", async () => {
    const { game, waiter, spare, registrationId } = await waitlisterWithTwoCards({ startsInHours: 20 });
    const asked = await waiter.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${waiter.card.id}`);
    expect(asked.body.error.games).toEqual([expect.objectContaining({ eventId: game.id, canLeave: false })]);
    const left = await waiter.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { leaveWaitlists: true });
    expect(left.status).toBe(422);
    expect(left.body.error).toEqual({ code: "rule", message: LEAVE_TOO_LATE });
    const [kept] = await context.database.db.select().from(registration).where(eq(registration.id, registrationId));
    expect(kept).toMatchObject({ status: "waitlisted", paymentMethodId: waiter.card.id });
    expect((await cardsOf(waiter.client)).map((card) => card.id)).toContain(waiter.card.id);
    expect((await waiter.client.request("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { replaceWith: spare.id })).status).toBe(204);
  });

  it("refuses a replacement that is not another of the user's cards, and both answers at once", async () => {
    const { waiter } = await waitlisterWithTwoCards();
    const stranger = await playerWithCard(context);
    for (const replaceWith of [waiter.card.id, stranger.card.id, "pm_unknown"]) {
      const response = await waiter.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { replaceWith });
      expect(response.status, replaceWith).toBe(400);
      expect(response.body.error.fields).toEqual({ replaceWith: CHOOSE_ANOTHER_CARD });
    }
    const both = await waiter.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { replaceWith: stranger.card.id, leaveWaitlists: true });
    expect(both.status).toBe(400);
    expect((await cardsOf(waiter.client)).map((card) => card.id)).toContain(waiter.card.id);
  });

  it("waits while a charge to the card is running (409), whatever the request says", async () => {
    const { waiter, spare, registrationId } = await waitlisterWithTwoCards();
    // A promotion took the place and its off-session charge is on its way.
    await context.database.db.update(registration).set({ status: "promoting" }).where(eq(registration.id, registrationId));
    for (const body of [undefined, { replaceWith: spare.id }, { leaveWaitlists: true }]) {
      const response = await waiter.client.json<ErrorBody>("DELETE", `/api/me/payment-methods/${waiter.card.id}`, body);
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({ code: "conflict", message: CARD_PAYMENT_IN_PROGRESS });
    }
    expect((await cardsOf(waiter.client)).map((card) => card.id)).toContain(waiter.card.id);
    const [reg] = await context.database.db.select().from(registration).where(eq(registration.id, registrationId));
    expect(reg).toMatchObject({ status: "promoting", paymentMethodId: waiter.card.id });
  });

  it("does not ask about waitlists of games that have started or were cancelled: nobody is promoted there", async () => {
    const player = await playerWithCard(context);
    const started = await insertGame(context, { startsInHours: -1 });
    const cancelled = await insertGame(context, { status: "cancelled" });
    for (const game of [started, cancelled]) {
      const reg = await insertRegistration(context.database.db, { eventId: game.id, userId: player.userId, status: "waitlisted" });
      await context.database.db.update(registration).set({ paymentMethodId: player.card.id, consentToAutoCharge: true, amountCents: 1000 }).where(eq(registration.id, reg.id));
    }
    expect((await player.client.request("DELETE", `/api/me/payment-methods/${player.card.id}`)).status).toBe(204);
    // Those places are left as they were.
    const rows = await context.database.db
      .select({ status: registration.status })
      .from(registration)
      .where(and(eq(registration.userId, player.userId), eq(registration.paymentMethodId, player.card.id)));
    expect(rows).toEqual([{ status: "waitlisted" }, { status: "waitlisted" }]);
  });

  it("leaves other people's waitlist places alone", async () => {
    const { game, waiter } = await waitlisterWithTwoCards();
    const other = await insertUser(context.database.db);
    await insertRegistration(context.database.db, { eventId: game.id, userId: other.id, status: "waitlisted" });
    expect((await waiter.client.request("DELETE", `/api/me/payment-methods/${waiter.card.id}`, { leaveWaitlists: true })).status).toBe(204);
    const rows = await registrationsOf(context, game.id, other.id);
    expect(rows.map((row) => row.status)).toEqual(["waitlisted"]);
  });
});
