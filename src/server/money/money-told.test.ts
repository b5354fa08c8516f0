import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CancelEventPreview, YourEventsResponse } from "#shared/events.ts";
import type { Receipt } from "#shared/registrations.ts";
import { eventAs, insertGame, join, playerWithCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";

/**
 * The same money told on every screen (issue "Money told the same everywhere", item 5): a party of
 * three pays $30.00; one guest leaves ($10.00 − 59¢ = $9.41 back); the page, the receipt and the
 * admin's cancel preview then tell what was charged and what the party holds, and once the player
 * cancels (the $20.00 still held − 88¢ = $19.12 back) Your Events tells the $28.53 that went back in
 * all, never the last refund alone.
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

describe("a party's money on every screen", () => {
  it("tells what was charged and what went back, whoever reads it", async () => {
    const game = await insertGame(context, { title: "Told once", maxPlayers: 6, maxGuestsPerPlayer: 2 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }, { firstName: "Alex" }] });
    expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });
    const sam = (await eventAs(pia.client, game.id)).mine[0]!.guests![0]!;
    expect((await pia.client.json<{ refundCents: number }>("DELETE", `/api/events/${game.id}/registrations/me/guests/${sam.id}`)).body.refundCents).toBe(941);

    // The page: $30.00 charged, $9.41 back, the party's price now $20.00.
    const [mine] = (await eventAs(pia.client, game.id)).mine;
    expect(mine).toMatchObject({ status: "confirmed", amountCents: 2000, paidCents: 3000, backCents: 941 });
    // The receipt: what the card was charged, not the party's price now.
    const receipt = await pia.client.json<{ receipt: Receipt }>("GET", `/api/events/${game.id}/registrations/me/receipt`);
    expect(receipt.body.receipt).toMatchObject({ paidCents: 3000, priceCents: 2000, guests: ["Alex"] });
    // An admin cancel would give back what the party holds of its charge: $20.00, not $30.00.
    const preview = await admin.json<CancelEventPreview>("GET", `/api/events/${game.id}/cancel-preview`);
    expect(preview.body).toMatchObject({ refundCount: 1, refundTotalCents: 2000 });

    expect((await pia.client.json<{ refundCents: number }>("DELETE", `/api/events/${game.id}/registrations/me`)).body.refundCents).toBe(1912);
    const yours = (await pia.client.json<YourEventsResponse>("GET", "/api/me/events")).body;
    const refunded = yours.refunded.find((entry) => entry.id === game.id);
    expect(refunded?.mine).toEqual([expect.objectContaining({ participation: "refunded", paidCents: 3000, refundedCents: 941 + 1912 })]);
    // The page after the cancel: everything that went back.
    expect((await eventAs(pia.client, game.id)).mine).toEqual([expect.objectContaining({ status: "refunded", paidCents: 3000, backCents: 2853 })]);
  });
});
