import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Receipt } from "#shared/registrations.ts";
import { CARDS, insertGame, join, playerWithCard } from "#test/payments.ts";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { NO_SPOT_HELD } from "./get-receipt.ts";

/** GET /api/events/:id/registrations/me/receipt: the confirmation page's facts, for the viewer's own spot only. */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
});
afterAll(async () => {
  await context.close();
});

type Answer = { receipt?: Receipt; error?: { code: string; message: string } };
const receiptOf = (client: TestClient, eventId: string) => client.json<Answer>("GET", `/api/events/${eventId}/registrations/me/receipt`);

describe("the receipt of a spot", () => {
  it("says what was bought: the game, its time and venue, the amount charged and the card", async () => {
    const game = await insertGame(context, { title: "Receipt cup", field: "Pitch 2", costCents: 1200, timeZone: "America/Toronto" });
    const player = await playerWithCard(context, { card: CARDS.insufficientFunds });
    const card = player.card;
    const good = await playerWithCard(context);
    expect((await join(good.client, game.id, { role: "player", paymentMethodId: good.card.id })).status).toBe(201);

    const response = await receiptOf(good.client, game.id);
    expect(response.status).toBe(200);
    expect(response.body.receipt).toEqual({
      event: {
        id: game.id,
        title: "Receipt cup",
        startsAt: game.startsAt.toISOString(),
        endsAt: game.endsAt.toISOString(),
        timeZone: "America/Toronto",
        locationName: "Riverside Park",
        field: "Pitch 2",
      },
      role: "player",
      status: "confirmed",
      paidCents: 1200,
      priceCents: 1200,
      card: { brand: "Visa", last4: "4242" },
      paidAt: expect.any(String),
      guests: [],
    });
    // Someone else's spot is not theirs to read, nor a declined payment's.
    expect((await join(player.client, game.id, { role: "player", paymentMethodId: card.id })).status).toBe(402);
    const other = await receiptOf(player.client, game.id);
    expect(other.status).toBe(404);
    expect(other.body.error).toEqual({ code: "not_found", message: NO_SPOT_HELD });
  });

  it("has no amount or card for a free spot, and is gone once the spot is given up", async () => {
    const game = await insertGame(context, { costCents: 0 });
    const { client } = await signUpVerified(context);
    expect((await join(client, game.id, { role: "player" })).status).toBe(201);
    expect((await receiptOf(client, game.id)).body.receipt).toMatchObject({ status: "confirmed", paidCents: 0, priceCents: 0, card: null, paidAt: null });
    expect((await client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    expect((await receiptOf(client, game.id)).status).toBe(404);
  });

  it("answers 404 for a waitlist place, an unknown or malformed game, and 401 signed out", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 1 });
    const first = await signUpVerified(context);
    const second = await signUpVerified(context);
    await join(first.client, game.id, { role: "player" });
    expect((await join(second.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");
    expect((await receiptOf(second.client, game.id)).status).toBe(404);
    expect((await receiptOf(first.client, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await receiptOf(first.client, "not-a-game")).status).toBe(404);
    expect((await receiptOf(new TestClient(context), game.id)).status).toBe(401);
  });
});
