import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventSummary } from "#shared/events.ts";
import type { MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import { CARDS, eventAs, insertGame, join, playerWithCard, saveCard } from "#test/payments.ts";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { runPromotion } from "#server/registrations/run-promotion.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";

/**
 * What each viewer is told about their own place, apart from the answers every viewer shares
 * (docs/decisions/019-full-games-and-the-viewers-own-state.md): the home cards' badges
 * (GET /api/me/registrations), a waitlist place lost to a failed automatic charge (the event page's
 * `failedAutoCharge`), and the public facts of a shared link (GET /api/events/:id/preview).
 */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const deps = (): RegistrationDeps => ({ database: context.database, gateway: context.services.gateway, config: context.config, listCache: context.services.listCache });

describe("GET /api/me/registrations", () => {
  it("lists the viewer's spots and waitlist places in coming games, with the place counted as the event page counts it", async () => {
    const db = context.database.db;
    const viewer = await signUpVerified(context);
    const someone = await insertUser(db);
    const other = await insertUser(db);
    const playing = await insertEvent(db, { costCents: 0 });
    const waiting = await insertEvent(db, { costCents: 0, maxPlayers: 1 });
    const cancelled = await insertEvent(db, { costCents: 0, status: "cancelled" });
    const over = await insertEvent(db, { costCents: 0, startsInHours: -5 });
    const left = await insertEvent(db, { costCents: 0 });
    await insertRegistration(db, { eventId: playing.id, userId: viewer.userId, status: "confirmed" });
    await insertRegistration(db, { eventId: waiting.id, userId: someone.id, status: "confirmed" });
    await insertRegistration(db, { eventId: waiting.id, userId: other.id, status: "waitlisted" });
    await insertRegistration(db, { eventId: waiting.id, userId: viewer.userId, status: "waitlisted" });
    await insertRegistration(db, { eventId: waiting.id, userId: viewer.userId, role: "goalkeeper", status: "waitlisted" });
    await insertRegistration(db, { eventId: cancelled.id, userId: viewer.userId, status: "confirmed" });
    await insertRegistration(db, { eventId: over.id, userId: viewer.userId, status: "confirmed" });
    await insertRegistration(db, { eventId: left.id, userId: viewer.userId, status: "cancelled" });

    const response = await viewer.client.json<MyActiveRegistrationsResponse>("GET", "/api/me/registrations");
    expect(response.status).toBe(200);
    const byEvent = (id: string) => response.body.registrations.filter((r) => r.eventId === id).sort((a, b) => a.role.localeCompare(b.role));
    expect(byEvent(playing.id)).toEqual([{ eventId: playing.id, role: "player", status: "confirmed", waitlistPosition: null }]);
    expect(byEvent(waiting.id)).toEqual([
      { eventId: waiting.id, role: "goalkeeper", status: "waitlisted", waitlistPosition: 1 },
      { eventId: waiting.id, role: "player", status: "waitlisted", waitlistPosition: 2 },
    ]);
    expect(response.body.registrations).toHaveLength(3);
    // The same place as the event page says.
    expect((await eventAs(viewer.client, waiting.id)).mine.find((r) => r.role === "player")?.waitlistPosition).toBe(2);
  });

  it("is per viewer: signed out is a 401, and the shared home list carries nobody's own state", async () => {
    expect((await new TestClient(context).json("GET", "/api/me/registrations")).status).toBe(401);
    const viewer = await signUpVerified(context);
    const game = await insertEvent(context.database.db, { costCents: 0 });
    expect((await join(viewer.client, game.id, { role: "player" })).status).toBe(201);
    const home = await viewer.client.json<{ events: (EventSummary & Record<string, unknown>)[] }>("GET", "/api/events?scope=upcoming");
    const card = home.body.events.find((event) => event.id === game.id)!;
    expect(card.playersCount).toBe(1);
    expect(Object.keys(card)).not.toContain("mine");
    expect(JSON.stringify(home.body)).not.toContain(viewer.userId);
  });
});

describe("a waitlist place lost to a failed automatic charge", () => {
  it("is told to its owner on the event page with the card's reason, to no one else, and no longer once they join again", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const holder = await playerWithCard(context);
    const waiter = await playerWithCard(context, { card: CARDS.declined });
    const onlooker = await playerWithCard(context);
    expect((await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id })).status).toBe(201);
    const waited = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    expect(waited.body.registration?.status).toBe("waitlisted");
    expect((await eventAs(waiter.client, game.id)).failedAutoCharge).toBeUndefined();

    // The spot frees up; the promotion job charges the declining card.
    expect((await holder.client.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    await runPromotion(deps(), waited.body.registration!.id);

    const seen = await eventAs(waiter.client, game.id);
    expect(seen.failedAutoCharge).toEqual({ role: "player", amountCents: 1000, reason: "Your card was declined." });
    expect(seen.mine).toEqual([]);
    expect(seen.playerWaitList).toEqual([]);
    expect((await eventAs(onlooker.client, game.id)).failedAutoCharge).toBeUndefined();

    // Someone else takes the spot; the waiter joins the waitlist again with another card: old news.
    expect((await join(onlooker.client, game.id, { role: "player", paymentMethodId: onlooker.card.id })).status).toBe(201);
    const another = await saveCard(waiter.client, CARDS.ok);
    const again = await join(waiter.client, game.id, { role: "player", paymentMethodId: another.id, consentToAutoCharge: true });
    expect(again.body.registration?.status).toBe("waitlisted");
    const after = await eventAs(waiter.client, game.id);
    expect(after.failedAutoCharge).toBeUndefined();
    expect(after.mine).toMatchObject([{ role: "player", status: "waitlisted", waitlistPosition: 1 }]);
  });

  it("is not mentioned for a paid join declined on the spot (the person saw the answer there)", async () => {
    const game = await insertGame(context);
    const person = await playerWithCard(context, { card: CARDS.declined });
    expect((await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id })).status).toBe(402);
    expect((await eventAs(person.client, game.id)).failedAutoCharge).toBeUndefined();
  });
});

describe("GET /api/events/:id/preview", () => {
  it("gives anyone the public facts of a game, never its people", async () => {
    const db = context.database.db;
    const game = await insertEvent(db, { title: "Shared Link Game", costCents: 1200, maxPlayers: 8, organizerName: "Olive Organiser", organizerEmail: "olive@example.com" });
    const someone = await insertUser(db, { firstName: "Private", lastName: "Person" });
    await insertRegistration(db, { eventId: game.id, userId: someone.id, status: "confirmed" });

    const response = await new TestClient(context).json<{ event: EventSummary }>("GET", `/api/events/${game.id}/preview`);
    expect(response.status).toBe(200);
    expect(response.body.event).toMatchObject({ id: game.id, title: "Shared Link Game", costCents: 1200, maxPlayers: 8, playersCount: 1, locationName: "Riverside Park" });
    const text = JSON.stringify(response.body);
    for (const secret of ["Private", someone.id, someone.email, "olive@example.com", "Olive"]) expect(text).not.toContain(secret);
  });

  it.each([
    ["an unknown id", "0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11"],
    ["an id that is not a uuid", "not-a-uuid"],
  ])("answers 404 'Event not found.' for %s", async (_label, id) => {
    const response = await new TestClient(context).json("GET", `/api/events/${id}/preview`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "not_found", message: "Event not found." } });
  });
});
