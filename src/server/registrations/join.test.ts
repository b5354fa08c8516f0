import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTHENTICATION_FAILED,
  CARD_DETAILS_MISSING,
  CONSENT_REQUIRED,
  INVALID_CARD_NUMBER,
  SELECT_SAVED_CARD,
  type SavedCard,
} from "#shared/registrations.ts";
import { CARDS, eventAs, FUTURE_EXPIRY, insertGame, join, ledgerOf, playerWithCard, registrationsOf, saveCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { insertUser } from "#test/seed-events.ts";
import { ALREADY_REGISTERED } from "./join.ts";
import { english } from "#test/shared-english.ts";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
});
afterAll(async () => {
  await context.close();
});

describe("saved cards", () => {
  it("saves a test card to the user's account, lists it with brand, last 4 and expiry, and removes it", async () => {
    const { client } = await signUpVerified(context);
    expect((await client.json("GET", "/api/me/payment-methods")).body).toEqual({ paymentMethods: [] });
    const card = await saveCard(client, CARDS.ok);
    expect(card).toMatchObject({ brand: "Visa", last4: "4242", expMonth: 12 });
    const listed = await client.json<{ paymentMethods: SavedCard[] }>("GET", "/api/me/payment-methods");
    expect(listed.body.paymentMethods).toEqual([card]);
    expect((await client.request("DELETE", `/api/me/payment-methods/${card.id}`)).status).toBe(204);
    expect((await client.json<{ paymentMethods: SavedCard[] }>("GET", "/api/me/payment-methods")).body.paymentMethods).toEqual([]);
  });

  it("refuses the card that declines on save with the processor's message (402)", async () => {
    const { client } = await signUpVerified(context);
    const response = await client.json<ErrorBody>("POST", "/api/me/payment-methods", { card: { number: CARDS.declinedOnSave, expiry: FUTURE_EXPIRY, cvc: "123" } });
    expect(response.status).toBe(402);
    expect(response.body.error.message).toBe("Your card was declined.");
  });

  it("checks the card form: missing details, a number that fails Luhn", async () => {
    const { client } = await signUpVerified(context);
    const missing = await client.json<ErrorBody>("POST", "/api/me/payment-methods", { card: { number: "", expiry: "", cvc: "" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(english(CARD_DETAILS_MISSING));
    const bad = await client.json<ErrorBody>("POST", "/api/me/payment-methods", { card: { number: "4242 4242 4242 4241", expiry: FUTURE_EXPIRY, cvc: "123" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.["card.number"]).toBe(english(INVALID_CARD_NUMBER));
  });

  it("never lets one user see or remove another user's card", async () => {
    const owner = await playerWithCard(context);
    const other = await signUpVerified(context);
    expect((await other.client.json<{ paymentMethods: SavedCard[] }>("GET", "/api/me/payment-methods")).body.paymentMethods).toEqual([]);
    expect((await other.client.request("DELETE", `/api/me/payment-methods/${owner.card.id}`)).status).toBe(404);
    expect((await new TestClient(context).request("GET", "/api/me/payment-methods")).status).toBe(401);
    expect((await owner.client.json<{ paymentMethods: SavedCard[] }>("GET", "/api/me/payment-methods")).body.paymentMethods).toHaveLength(1);
  });
});

describe("joining a free game", () => {
  it("puts the player straight in, then onto the waitlist when full, in arrival order", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 1, includeGoalkeepers: true, maxGoalkeepers: 1 });
    const first = await signUpVerified(context, { firstName: "First" });
    const second = await signUpVerified(context, { firstName: "Second" });
    const third = await signUpVerified(context, { firstName: "Third" });

    const a = await join(first.client, game.id, { role: "player" });
    expect(a.status).toBe(201);
    expect(a.body.registration).toMatchObject({ status: "confirmed", amountCents: 0 });
    expect((await join(second.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");
    expect((await join(third.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");
    // A waitlisted player may also wait for, or take, a goalkeeper spot.
    expect((await join(third.client, game.id, { role: "goalkeeper" })).body.registration?.status).toBe("confirmed");

    const detail = await eventAs(second.client, game.id);
    expect(detail.players.map((p) => p.name)).toEqual(["First Player"]);
    expect(detail.playerWaitList.map((p) => p.name)).toEqual(["Second Player"]);
    expect(detail.goalkeepers.map((p) => p.name)).toEqual(["Third Player"]);
    expect(detail.mine).toEqual([expect.objectContaining({ role: "player", status: "waitlisted", waitlistPosition: 1 })]);
  });

  it("refuses a second spot for the same user (409) and a goalkeeper join where there are none (422)", async () => {
    const game = await insertGame(context, { costCents: 0 });
    const { client } = await signUpVerified(context);
    expect((await join(client, game.id, { role: "player" })).status).toBe(201);
    const again = await join(client, game.id, { role: "player" });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(ALREADY_REGISTERED);
    const keeper = await join(client, game.id, { role: "goalkeeper" });
    expect(keeper.status).toBe(422);
  });

  it("refuses joins on cancelled and started games, unknown games, bad roles", async () => {
    const { client } = await signUpVerified(context);
    const cancelled = await insertGame(context, { costCents: 0, status: "cancelled" });
    const started = await insertGame(context, { costCents: 0, startsInHours: -0.5 });
    expect((await join(client, cancelled.id, { role: "player" })).status).toBe(422);
    expect((await join(client, started.id, { role: "player" })).status).toBe(422);
    expect((await join(client, "00000000-0000-4000-8000-000000000000", { role: "player" })).status).toBe(404);
    expect((await join(client, "not-a-uuid", { role: "player" })).status).toBe(404);
    expect((await join(client, cancelled.id, { role: "referee" })).status).toBe(400);
  });

  it("needs a verified, signed-in user", async () => {
    const game = await insertGame(context, { costCents: 0 });
    expect((await join(new TestClient(context), game.id, { role: "player" })).status).toBe(401);
  });
});

describe("joining a paid game", () => {
  it("charges the chosen saved card the game's price, ignoring any amount the client sends, and mails a confirmation", async () => {
    const game = await insertGame(context, { title: "Paid Sunday", costCents: 1250 });
    const player = await playerWithCard(context);
    const before = context.mail.mails.length;
    const response = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id, amount: 1, amountCents: 1 });
    expect(response.status).toBe(201);
    expect(response.body.registration).toMatchObject({ status: "confirmed", amountCents: 1250 });
    const ledger = await ledgerOf(context, response.body.registration!.id);
    expect(ledger).toEqual([expect.objectContaining({ kind: "charge", status: "succeeded", amountCents: 1250, idempotencyKey: `charge:${response.body.registration!.id}` })]);

    const mail = await context.mail.waitFor(player.email, "Payment confirmed: Paid Sunday", { after: before, timeoutMs: 15_000 });
    expect(mail.text).toContain("$12.50");
    expect(mail.text).toContain("Riverside Park");
    expect(mail.text).toContain("(Eastern Time)");
    expect(mail.text).not.toContain("America/New_York");
    expect(mail.links).toContain(`${context.config.publicUrl}/event/${game.id}`);
  });

  it("asks for a saved card, and only one of the user's own", async () => {
    const game = await insertGame(context);
    const player = await playerWithCard(context);
    const stranger = await playerWithCard(context);
    const none = await join(player.client, game.id, { role: "player" });
    expect(none.status).toBe(400);
    expect(none.body.error?.message).toBe(english(SELECT_SAVED_CARD));
    const theirs = await join(player.client, game.id, { role: "player", paymentMethodId: stranger.card.id });
    expect(theirs.status).toBe(400);
    expect(await registrationsOf(context, game.id)).toEqual([]);
  });

  it.each([
    ["insufficient funds", CARDS.insufficientFunds, "Your card has insufficient funds."],
    ["a declined charge", CARDS.declined, "Your card was declined."],
  ])("answers %s with 402 and the processor's message, holding no spot", async (_label, number, message) => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const player = await playerWithCard(context, { card: number });
    const response = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect(response.status).toBe(402);
    expect(response.body.error?.message).toBe(message);
    const [reg] = await registrationsOf(context, game.id);
    expect(reg).toMatchObject({ status: "payment_failed" });
    expect((await eventAs(player.client, game.id)).playersCount).toBe(0);
    // The spot is free: another player takes it.
    const next = await playerWithCard(context);
    expect((await join(next.client, game.id, { role: "player", paymentMethodId: next.card.id })).body.registration?.status).toBe("confirmed");
    // And the one declined can try again with another card (a new registration).
    const card = await saveCard(player.client, CARDS.ok);
    const retry = await join(player.client, game.id, { role: "player", paymentMethodId: card.id, consentToAutoCharge: true });
    expect(retry.body.registration?.status).toBe("waitlisted");
  });

  it("holds the spot while the bank asks for authentication; completed, it is confirmed", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const player = await playerWithCard(context, { card: CARDS.authentication });
    const response = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ status: "requires_action", registration: { status: "pending_payment" } });
    expect((await eventAs(player.client, game.id)).players).toEqual([expect.objectContaining({ pending: true })]);

    // Confirming before the bank answered changes nothing yet.
    expect((await player.client.json("POST", `/api/events/${game.id}/registrations/me/confirm`, {})).status).toBe(202);
    // Another user cannot answer this user's authentication.
    const other = await playerWithCard(context);
    const hijack = await other.client.json("POST", "/api/payments/simulated/authenticate", { clientSecret: response.body.clientSecret!, outcome: "complete" });
    expect(hijack.status).toBe(404);

    const bank = await player.client.json<{ status: string }>("POST", "/api/payments/simulated/authenticate", { clientSecret: response.body.clientSecret!, outcome: "complete" });
    expect(bank.body.status).toBe("succeeded");
    const confirmed = await player.client.json<{ registration: { status: string } }>("POST", `/api/events/${game.id}/registrations/me/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.registration.status).toBe("confirmed");
    // Twice is harmless.
    expect((await player.client.json("POST", `/api/events/${game.id}/registrations/me/confirm`, {})).status).toBe(200);
    const [reg] = await registrationsOf(context, game.id);
    expect((await ledgerOf(context, reg!.id)).map((row) => [row.kind, row.status, row.amountCents])).toEqual([["charge", "succeeded", 1000]]);
  });

  it("releases the spot when authentication fails, with the processor's message", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const player = await playerWithCard(context, { card: CARDS.authentication });
    const response = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    await player.client.json("POST", "/api/payments/simulated/authenticate", { clientSecret: response.body.clientSecret!, outcome: "fail" });
    const failed = await player.client.json<ErrorBody>("POST", `/api/events/${game.id}/registrations/me/confirm`, {});
    expect(failed.status).toBe(402);
    expect(failed.body.error.message).toBe(english(AUTHENTICATION_FAILED));
    expect((await eventAs(player.client, game.id)).playersCount).toBe(0);
  });

  it("puts a paid join onto the waitlist only with explicit consent, charging nothing now", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const first = await playerWithCard(context);
    await join(first.client, game.id, { role: "player", paymentMethodId: first.card.id });
    const waiting = await playerWithCard(context);
    const without = await join(waiting.client, game.id, { role: "player", paymentMethodId: waiting.card.id });
    expect(without.status).toBe(422);
    expect(without.body.error?.message).toBe(english(CONSENT_REQUIRED));
    const withConsent = await join(waiting.client, game.id, { role: "player", paymentMethodId: waiting.card.id, consentToAutoCharge: true });
    expect(withConsent.status).toBe(201);
    expect(withConsent.body.registration).toMatchObject({ status: "waitlisted", amountCents: 1000 });
    expect(await ledgerOf(context, withConsent.body.registration!.id)).toEqual([]);
    const again = await join(waiting.client, game.id, { role: "player", paymentMethodId: waiting.card.id, consentToAutoCharge: true });
    expect(again.status).toBe(409);
  });

  it("lets only the owner confirm, and anonymous callers nothing at all", async () => {
    const game = await insertGame(context);
    expect((await new TestClient(context).json("POST", `/api/events/${game.id}/registrations/me/confirm`, {})).status).toBe(401);
    const { client } = await signUpVerified(context);
    expect((await client.json("POST", `/api/events/${game.id}/registrations/me/confirm`, {})).status).toBe(404);
  });
});

describe("who may cancel a game", () => {
  it("refuses anonymous callers and non-admins; an admin's second cancel is a no-op", async () => {
    const game = await insertGame(context, { costCents: 0 });
    expect((await new TestClient(context).json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(401);
    const { client } = await signUpVerified(context);
    expect((await client.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(403);
    const unverified = await insertUser(context.database.db, { emailVerified: false });
    expect(unverified.emailVerified).toBe(false);
    const admin = await signUpVerified(context, { email: ADMIN_EMAIL });
    const first = await admin.client.json<{ event: { status: string } }>("POST", `/api/events/${game.id}/cancel`, {});
    expect(first.status).toBe(200);
    expect(first.body.event.status).toBe("cancelled");
    expect((await admin.client.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
  });
});
