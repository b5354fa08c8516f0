import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventSummary, YourEventsResponse } from "#shared/events.ts";
import { insertGame, join, playerWithCard } from "#test/payments.ts";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const titles = (events: EventSummary[]) => events.map((event) => event.title);

describe("GET /api/me/events", () => {
  it("requires sign-in", async () => {
    expect((await new TestClient(context).json("GET", "/api/me/events")).status).toBe(401);
  });

  it("sorts the user's registrations into the Your Events sections", async () => {
    const db = context.database.db;
    const { client, userId } = await signUpVerified(context);
    const other = await insertUser(db);

    const playing = await insertEvent(db, { title: "Playing soon", startsInHours: 24 });
    const paying = await insertEvent(db, { title: "Paying now", startsInHours: 30 });
    const inProgress = await insertEvent(db, { title: "Playing right now", startsInHours: -0.5, durationMinutes: 90 });
    const both = await insertEvent(db, { title: "Keeper and waiting", startsInHours: 48, includeGoalkeepers: true });
    const waiting = await insertEvent(db, { title: "Waiting", startsInHours: 72 });
    const played = await insertEvent(db, { title: "Played", startsInHours: -48 });
    const waitedOut = await insertEvent(db, { title: "Waited out", startsInHours: -72 });
    const refunded = await insertEvent(db, { title: "Refunded", startsInHours: 96 });
    const cancelled = await insertEvent(db, { title: "Cancelled", startsInHours: 120, status: "cancelled" });
    const left = await insertEvent(db, { title: "Left without refund", startsInHours: 24 });
    const notMine = await insertEvent(db, { title: "Not mine", startsInHours: 24 });

    const mine = (eventId: string, status: Parameters<typeof insertRegistration>[1]["status"], role: "player" | "goalkeeper" = "player") =>
      insertRegistration(db, { eventId, userId, status, role });
    await mine(playing.id, "confirmed");
    await mine(paying.id, "pending_payment");
    await mine(inProgress.id, "confirmed");
    await mine(both.id, "confirmed", "goalkeeper");
    await mine(both.id, "waitlisted", "player");
    await mine(waiting.id, "waitlisted");
    await mine(played.id, "confirmed");
    await mine(waitedOut.id, "waitlisted");
    await mine(refunded.id, "refunded");
    await mine(cancelled.id, "confirmed");
    await mine(left.id, "cancelled");
    await insertRegistration(db, { eventId: notMine.id, userId: other.id, status: "confirmed" });

    const response = await client.json<YourEventsResponse>("GET", "/api/me/events");
    expect(response.status).toBe(200);
    const body = response.body;
    expect(titles(body.current.playing)).toEqual(["Playing right now", "Playing soon", "Paying now", "Keeper and waiting"]);
    expect(titles(body.current.waitlisted)).toEqual(["Keeper and waiting", "Waiting"]);
    expect(titles(body.completed.played)).toEqual(["Played"]);
    expect(titles(body.completed.waitlisted)).toEqual(["Waited out"]);
    expect(titles(body.refunded)).toEqual(["Refunded"]);
    expect(titles(body.cancelled)).toEqual(["Cancelled"]);
    // Summaries carry the spot counts, as on the home screen.
    expect(body.current.playing.find((event) => event.id === playing.id)).toMatchObject({ playersCount: 1, goalkeepersCount: 0 });
    expect(body.current.playing.find((event) => event.id === both.id)).toMatchObject({ playersCount: 0, goalkeepersCount: 1 });
  });

  it("says beside each game the role, what was paid and refunded, and the waitlist place", async () => {
    const me = await playerWithCard(context, { firstName: "Mia" });
    const holder = await playerWithCard(context, { firstName: "Hal" });
    const ahead = await playerWithCard(context, { firstName: "Ada" });
    const paid = await insertGame(context, { title: "Paid game", costCents: 1200 });
    const full = await insertGame(context, { title: "Full game", maxPlayers: 1 });
    const left = await insertGame(context, { title: "Left game", costCents: 1000 });
    const free = await insertGame(context, { title: "Free game", costCents: 0, includeGoalkeepers: true });
    const card = (player: { card: { id: string } }) => ({ paymentMethodId: player.card.id });

    expect((await join(me.client, paid.id, { role: "player", ...card(me) })).status).toBe(201);
    await join(holder.client, full.id, { role: "player", ...card(holder) });
    await join(ahead.client, full.id, { role: "player", ...card(ahead), consentToAutoCharge: true });
    expect((await join(me.client, full.id, { role: "player", ...card(me), consentToAutoCharge: true })).body.registration?.status).toBe("waitlisted");
    await join(me.client, left.id, { role: "player", ...card(me) });
    expect((await me.client.request("DELETE", `/api/events/${left.id}/registrations/me`)).status).toBe(200);
    await join(me.client, free.id, { role: "goalkeeper" });

    const body = (await me.client.json<YourEventsResponse>("GET", "/api/me/events")).body;
    const mineIn = (events: { id: string; mine: unknown }[], id: string) => events.find((event) => event.id === id)?.mine;
    expect(mineIn(body.current.playing, paid.id)).toEqual([{ role: "player", participation: "playing", priceCents: 1200, paidCents: 1200, refundedCents: null, waitlistPosition: null }]);
    expect(mineIn(body.current.waitlisted, full.id)).toEqual([{ role: "player", participation: "waitlisted", priceCents: 1000, paidCents: 0, refundedCents: null, waitlistPosition: 2 }]);
    expect(mineIn(body.refunded, left.id)).toEqual([{ role: "player", participation: "refunded", priceCents: 1000, paidCents: 1000, refundedCents: 941, waitlistPosition: null }]);
    expect(mineIn(body.current.playing, free.id)).toEqual([{ role: "goalkeeper", participation: "playing", priceCents: 0, paidCents: 0, refundedCents: null, waitlistPosition: null }]);
    // The venue comes with each game.
    expect(body.current.playing.find((event) => event.id === paid.id)?.locationName).toBe("Riverside Park");
  });

  it("is empty for a user without registrations", async () => {
    const { client } = await signUpVerified(context);
    const response = await client.json<YourEventsResponse>("GET", "/api/me/events");
    expect(response.body).toEqual({
      current: { playing: [], waitlisted: [] },
      completed: { played: [], waitlisted: [] },
      refunded: [],
      cancelled: [],
    });
  });
});
