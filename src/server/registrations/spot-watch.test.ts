import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import type { PushOverview } from "#shared/push.ts";
import { eventAs, eventually, insertGame, join, playerWithCard, registrationDeps } from "#test/payments.ts";
import { startPushService, type TestPushService } from "#test/push-service.ts";
import { createTestContext, signUpVerified, TEST_PASSWORD, TestClient, type TestContext } from "#test/test-app.ts";
import { payment, registration, simCharge, spotWatch } from "#server/db/schema.ts";
import { tellSpotWatchers } from "./spot-opened.ts";

/**
 * "Tell me if a spot opens" and its one tap (docs/notifications.md, "A freed spot"), through the HTTP
 * app with the background jobs running, pushed to a real Web Push service on loopback; on PGlite, or
 * on PostgreSQL with TEST_DATABASE_URL.
 */
describe("a freed spot pushed to who asked, taken with one tap", () => {
  let context: TestContext;
  let service: TestPushService;
  beforeAll(async () => {
    service = await startPushService();
    context = await createTestContext({}, { background: true });
  });
  afterAll(async () => {
    await context?.close();
    await service?.close();
  });

  const kinds = { promotion: true, changes: true, decision: true, reminders: true, openings: true, spots: true };
  /** This client's browser subscribed at the loopback push service, without quiet hours. */
  const subscribe = async (client: TestClient) => {
    expect((await client.json("PUT", "/api/push/settings", { kinds, quietStart: "00:00", quietEnd: "00:00" })).status).toBe(200);
    const overview = await client.json<PushOverview>("GET", "/api/push");
    const subscription = await service.subscribe(overview.body.publicKey!);
    expect((await client.json("POST", "/api/push/subscriptions", { endpoint: subscription.endpoint, keys: subscription.keys, timeZone: "UTC" })).status).toBe(201);
    return subscription;
  };
  const watch = (client: TestClient, eventId: string, method: "PUT" | "DELETE" = "PUT") =>
    client.json<{ spotWatch?: boolean; error?: { message: string } }>(method, `/api/events/${eventId}/spot-watch`);
  const leave = (client: TestClient, eventId: string) => client.request("DELETE", `/api/events/${eventId}/registrations/me`);
  const spotOpenedJobs = async (eventId: string) =>
    (await context.database.pool.query<{ count: number }>(`select count(*)::int as count from pgboss.job where name = 'spot-opened' and data->>'eventId' = $1`, [eventId])).rows[0]!.count;

  it("is asked only on a full game by someone on none of its lists, once, and undone", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 1, title: "Watch Cup" });
    const holder = await signUpVerified(context);
    const watcher = await signUpVerified(context);
    const free = await watch(watcher.client, game.id);
    expect(free.status).toBe(422);
    expect(free.body.error?.message).toBe("A spot is free in this game now: you can join it.");
    expect((await eventAs(watcher.client, game.id)).spotWatch).toBeUndefined();

    expect((await join(holder.client, game.id, { role: "player" })).status).toBe(201);
    expect((await eventAs(watcher.client, game.id)).spotWatch).toBe(false);
    expect((await watch(watcher.client, game.id)).body).toEqual({ spotWatch: true });
    expect((await watch(watcher.client, game.id)).body).toEqual({ spotWatch: true });
    const rows = await context.database.db.select().from(spotWatch).where(eq(spotWatch.eventId, game.id));
    expect(rows.map((row) => row.userId)).toEqual([watcher.userId]);
    expect((await eventAs(watcher.client, game.id)).spotWatch).toBe(true);
    // Someone on the game's lists needs none: the holder, or a waitlister.
    const onTheList = await watch(holder.client, game.id);
    expect(onTheList.status).toBe(422);
    expect(onTheList.body.error?.message).toBe("You are already in this game or on its waitlist.");

    expect((await watch(watcher.client, game.id, "DELETE")).body).toEqual({ spotWatch: false });
    expect((await eventAs(watcher.client, game.id)).spotWatch).toBe(false);
    expect((await watch(watcher.client, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await context.app.request(`/api/events/${game.id}/spot-watch`, { method: "PUT" })).status).toBe(401);
  });

  it("pushes a freed spot only once no one waits for it, with 'Take it' priced and naming the card; the taps of two devices charge once", async () => {
    const game = await insertGame(context, { costCents: 1000, maxPlayers: 1, title: "Tap Cup" });
    const holder = await playerWithCard(context);
    const waiting = await playerWithCard(context);
    const watcher = await playerWithCard(context);
    const subscription = await subscribe(watcher.client);
    expect((await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id })).status).toBe(201);
    expect((await join(waiting.client, game.id, { role: "player", paymentMethodId: waiting.card.id, consentToAutoCharge: true })).body.registration?.status).toBe("waitlisted");
    expect((await watch(watcher.client, game.id)).body).toEqual({ spotWatch: true });

    // The spot goes to the waitlist first: no opening is queued while someone waits for it.
    expect((await leave(holder.client, game.id)).status).toBe(200);
    await context.mail.waitFor(waiting.email, /You're in/);
    expect(await spotOpenedJobs(game.id)).toBe(0);

    // The promoted player leaves in turn, and no one waits: the watcher is pushed.
    expect((await leave(waiting.client, game.id)).status).toBe(200);
    const [pushed] = await eventually(async () => {
      const messages = await service.received(subscription.clientHash);
      return messages.length > 0 ? messages : undefined;
    }, "the free spot's push");
    expect(pushed).toEqual({
      title: "A spot opened: Tap Cup",
      body: expect.stringMatching(/^A player spot is free on .+, and no one is waiting for it\.$/),
      url: `/event/${game.id}`,
      tag: `spots:${game.id}`,
      take: { label: "Take it — $10.00 with Visa •••• 4242", eventId: game.id, role: "player", paymentMethodId: watcher.card.id, expectedPriceCents: 1000 },
    });

    // Three taps at once, as a double tap on one phone and a tap on a second device post them
    // (sw.js `takeFromNotification`): one spot, one charge.
    const take = (pushed as { take: { role: string; paymentMethodId: string; expectedPriceCents: number } }).take;
    // The second device is a session of its own.
    const secondDevice = new TestClient(context);
    expect((await secondDevice.json("POST", "/api/auth/sign-in/email", { email: watcher.email, password: TEST_PASSWORD })).status).toBe(200);
    const answers = await Promise.all([
      join(watcher.client, game.id, take),
      join(watcher.client, game.id, take),
      join(secondDevice, game.id, take),
    ]);
    expect(answers.filter((answer) => answer.status === 201)).not.toHaveLength(0);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const theirs = await context.database.db.select().from(registration).where(and(eq(registration.eventId, game.id), eq(registration.userId, watcher.userId)));
    expect(theirs.map((row) => row.status)).toEqual(["confirmed"]);
    const charges = await context.database.db.select().from(payment).where(and(eq(payment.registrationId, theirs[0]!.id), eq(payment.kind, "charge")));
    expect(charges.map((row) => [row.status, row.amountCents])).toEqual([["succeeded", 1000]]);
    const atTheProcessor = await context.database.db.select().from(simCharge).where(eq(simCharge.registrationId, theirs[0]!.id));
    expect(atTheProcessor).toHaveLength(1);
    expect((await eventAs(watcher.client, game.id)).mine.map((mine) => mine.status)).toEqual(["confirmed"]);
  });

  it("tells each watcher once for spots freed within a minute, and not at all once they joined", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 2, title: "Twice Cup" });
    const [first, second] = [await signUpVerified(context), await signUpVerified(context)];
    const [watcher, joined] = [await signUpVerified(context), await signUpVerified(context)];
    const subscription = await subscribe(watcher.client);
    expect((await join(first.client, game.id, { role: "player" })).status).toBe(201);
    expect((await join(second.client, game.id, { role: "player" })).status).toBe(201);
    expect((await watch(watcher.client, game.id)).body).toEqual({ spotWatch: true });
    expect((await watch(joined.client, game.id)).body).toEqual({ spotWatch: true });
    const services = { ...registrationDeps(context), push: context.services.push };
    // Both leave; the free game's push is one tap too ("Take it", nothing to pay).
    expect((await leave(first.client, game.id)).status).toBe(200);
    expect((await join(joined.client, game.id, { role: "player" })).status).toBe(201);
    expect((await leave(second.client, game.id)).status).toBe(200);
    const [pushed] = await eventually(async () => {
      const messages = await service.received(subscription.clientHash);
      return messages.length > 0 ? messages : undefined;
    }, "the free spot's push");
    expect(pushed).toMatchObject({ title: "A spot opened: Twice Cup", take: { label: "Take it", role: "player", paymentMethodId: null, expectedPriceCents: 0 } });
    // Asked again within the minute: no one is told twice; the one who joined is no longer watching.
    expect(await tellSpotWatchers(services, game.id)).toBe(0);
    const left = await context.database.db.select().from(spotWatch).where(eq(spotWatch.eventId, game.id));
    expect(left.map((row) => row.userId)).toEqual([watcher.userId]);
    expect(((await eventAs(joined.client, game.id)) as EventDetail).spotWatch).toBeUndefined();
    expect(await service.received(subscription.clientHash)).toHaveLength(1);
  });
});
