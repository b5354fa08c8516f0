import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventSummary } from "#shared/events.ts";
import { insertGame, join, playerWithCard } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { newEventMail } from "#server/events/new-event-mail.ts";

/** Amounts in mails are written in the configured CURRENCY, not always in dollars. */
describe("an app configured with CURRENCY=eur", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({ CURRENCY: "eur" }, { background: true });
  });
  afterAll(async () => {
    await context?.close();
  });

  it("tells the web app its currency", async () => {
    const response = await context.app.request("/api/config");
    expect((await response.json()).payments.currency).toBe("eur");
  });

  it("mails the charge and the refund in euros", async () => {
    const game = await insertGame(context, { costCents: 1000 });
    const player = await playerWithCard(context);
    const joined = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect(joined.status).toBe(201);
    const confirmed = await context.mail.waitFor(player.email, "Payment confirmed");
    expect(confirmed.text).toContain("We charged €10.00 to your card.");
    expect(confirmed.text).toContain("Amount: €10.00");
    expect(confirmed.text).not.toContain("$");

    const before = context.mail.mails.length;
    expect((await player.client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const refund = await context.mail.waitFor(player.email, "Your refund", { after: before, timeoutMs: 20_000 });
    expect(refund.text).toContain("€10.00 paid, €0.59 processing fee, €9.41 refunded to your card.");
    expect(refund.html).toContain("€10.00 paid");
  });
});

describe("the new-game mail", () => {
  const event: EventSummary = {
    id: "7a0e7a4e-8d1c-4a8e-9a53-3d2f1c0b9e11",
    title: "Thursday 5-a-side",
    startsAt: "2030-05-16T18:00:00.000Z",
    endsAt: "2030-05-16T19:00:00.000Z",
    timeZone: "Europe/London",
    durationMinutes: 60,
    locationName: "Hackney Marshes",
    latitude: 51.5565,
    longitude: -0.0302,
    field: null,
    costCents: 800,
    maxPlayers: 10,
    includeGoalkeepers: true,
    goalkeeperCostCents: 400,
    maxGoalkeepers: 2,
    maxGuestsPerPlayer: 0,
    status: "active",
    playersCount: 0,
    goalkeepersCount: 0,
    playersWaiting: 0,
    seriesId: null,
    registrationOpensAt: null,
    regularsOpenAt: null,
    gameOn: null,
    cancelReason: null,
  };
  const mailIn = (currency: string) =>
    newEventMail({ appName: "Kickoff", currency, to: "olga@example.com", event, eventUrl: "https://x.test/event/1", unsubscribeUrl: "https://x.test/u" });

  it("writes the prices in the configured currency", () => {
    expect(mailIn("gbp").text).toContain("Price: £8.00 per player");
    expect(mailIn("gbp").text).toContain("Goalkeepers: 2 goalkeeper spots, £4.00");
    expect(mailIn("eur").html).toContain("€8.00 per player");
    expect(mailIn("cad").text).toContain("Price: $8.00 per player");
  });
});
