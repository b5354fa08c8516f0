import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PushOverview } from "#shared/push.ts";
import { eventually, insertGame, join } from "#test/payments.ts";
import { startPushService, type TestPushService } from "#test/push-service.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { pushSubscription, user } from "#server/db/schema.ts";
import { queuePush } from "./queue-push.ts";
import { saveNativeSubscription } from "./store.ts";


/**
 * Pushes end to end (docs/notifications.md): through the HTTP app with the background jobs running,
 * to a real Web Push service on loopback that checks each push's VAPID signature and decrypts it.
 */
describe("push notifications", () => {
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

  const allKinds = { promotion: true, changes: true, decision: true, reminders: true, openings: true, spots: true };
  /**
   * A person signed in with this browser subscribed at the push service, in `timeZone`; no quiet
   * hours unless a test sets them (the default, 22:00–08:00, would hold pushes by the clock's hour).
   */
  const subscribed = async (timeZone = "UTC") => {
    const person = await signUpVerified(context);
    expect((await person.client.json("PUT", "/api/push/settings", { kinds: allKinds, quietStart: "00:00", quietEnd: "00:00" })).status).toBe(200);
    const overview = await person.client.json<PushOverview>("GET", "/api/push");
    expect(overview.status).toBe(200);
    const subscription = await service.subscribe(overview.body.publicKey!);
    const saved = await person.client.request("POST", "/api/push/subscriptions", { endpoint: subscription.endpoint, keys: subscription.keys, timeZone }, { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36" });
    expect(saved.status).toBe(201);
    return { ...person, subscription };
  };
  const received = (clientHash: string, count: number) =>
    eventually(async () => {
      const messages = await service.received(clientHash);
      return messages.length >= count ? messages : undefined;
    }, `${count} push(es) to arrive`);
  /** Quiet hours that hold now, on UTC's clock: from an hour ago to an hour ahead. */
  const quietNow = async (client: TestClient) => {
    const minute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    const clock = (m: number) => `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, "0")}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, "0")}`;
    const response = await client.json("PUT", "/api/push/settings", { kinds: allKinds, quietStart: clock(minute - 60), quietEnd: clock(minute + 60) });
    expect(response.status).toBe(200);
    return new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60 * 60_000);
  };

  it("pushes a promotion from the waitlist beside its mail: signed with the server's key, its words the mail's", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 1, title: "Push Cup" });
    const holder = await signUpVerified(context);
    const waiting = await subscribed();
    expect((await join(holder.client, game.id, { role: "player" })).status).toBe(201);
    expect((await join(waiting.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");
    expect((await holder.client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);

    const mail = await context.mail.waitFor(waiting.email, /You're in/);
    const [push] = await received(waiting.subscription.clientHash, 1);
    expect(push).toEqual({ title: mail.subject, body: "A spot opened up in Push Cup and it is yours: you are now on the Player List.", url: `/event/${game.id}`, tag: `promotion:${game.id}` });
    expect(mail.text).toContain("A spot opened up in Push Cup and it is yours");
    // The profile lists the device by its browser and system.
    const overview = await waiting.client.json<PushOverview>("GET", "/api/push");
    expect(overview.body.devices.map((device) => device.label)).toEqual(["Chrome · Android"]);
  });

  it("pushes in the reader's language, as their mail is written: a French reader's cancellation", async () => {
    const admin = await signUpVerified(context, { email: ADMIN_EMAIL });
    const game = await insertGame(context, { costCents: 0, title: "Partie du jeudi" });
    const french = await subscribed();
    await context.database.db.update(user).set({ language: "fr" }).where(eq(user.id, french.userId));
    expect((await join(french.client, game.id, { role: "player" })).status).toBe(201);
    expect((await admin.client.json("POST", `/api/events/${game.id}/cancel`, { message: "Terrain fermé." })).status).toBe(200);
    const [push] = await received(french.subscription.clientHash, 1);
    expect(push).toMatchObject({ title: "Annulée : Partie du jeudi", url: `/event/${game.id}`, tag: `changes:${game.id}` });
  });

  it("removes a subscription the push service says is gone (410), and sends to it no more", async () => {
    const person = await subscribed();
    await service.expire(person.subscription.clientHash);
    const game = await insertGame(context);
    expect(await queuePush(context.services, { userId: person.userId, kind: "changes", game: { id: game.id, startsAt: game.startsAt }, message: { title: "Changed", body: "x", url: "/", tag: "t" } })).toBe(1);
    await eventually(async () => {
      const rows = await context.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, person.userId));
      return rows.length === 0 ? true : undefined;
    }, "the expired subscription to be removed");
    expect((await person.client.json<PushOverview>("GET", "/api/push")).body.devices).toEqual([]);
  });

  it("holds a push in the device's quiet hours until they end, unless the game starts within 3 hours", async () => {
    const person = await subscribed();
    const quietEnds = await quietNow(person.client);
    const later = await insertGame(context, { startsInHours: 48 });
    const soon = await insertGame(context, { startsInHours: 2 });
    const news = (game: typeof later) => ({ userId: person.userId, kind: "changes" as const, game: { id: game.id, startsAt: game.startsAt }, message: { title: game.title, body: "b", url: `/event/${game.id}`, tag: game.id } });
    await queuePush(context.services, news(later));
    await queuePush(context.services, news(soon));
    // The game within 3 hours arrives now; the other waits in the queue until the quiet hours end.
    const [first] = await received(person.subscription.clientHash, 1);
    expect(first).toMatchObject({ title: soon.title });
    const { rows } = await context.database.pool.query<{ start_after: Date }>(`select start_after from pgboss.job where name = 'push-send' and data->'message'->>'tag' = $1`, [later.id]);
    expect(rows.map((row) => row.start_after.getTime())).toEqual([quietEnds.getTime()]);
  });

  it("pushes nothing for a muted game or a kind turned off, and answers bad input with its message", async () => {
    const person = await subscribed();
    const game = await insertGame(context);
    expect((await person.client.json("PUT", `/api/push/mutes/${game.id}`, { muted: true })).body).toEqual({ muted: true });
    expect((await person.client.json("GET", `/api/push/mutes/${game.id}`)).body).toEqual({ muted: true });
    const news = { userId: person.userId, kind: "changes" as const, game: { id: game.id, startsAt: game.startsAt }, message: { title: "t", body: "b", url: "/", tag: "t" } };
    expect(await queuePush(context.services, news)).toBe(0);
    await person.client.json("PUT", `/api/push/mutes/${game.id}`, { muted: false });
    const kinds = { promotion: true, changes: false, decision: true, reminders: true, openings: true, spots: true };
    expect((await person.client.json("PUT", "/api/push/settings", { kinds, quietStart: "22:00", quietEnd: "08:00" })).status).toBe(200);
    expect(await queuePush(context.services, news)).toBe(0);
    expect(await queuePush(context.services, { ...news, kind: "decision" })).toBe(1);

    const bad = await person.client.json<{ error: { message: string } }>("PUT", "/api/push/settings", { kinds, quietStart: "25:00", quietEnd: "08:00" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Quiet hours are a time of day, such as 22:00.");
    const junk = await person.client.json<{ error: { message: string } }>("POST", "/api/push/subscriptions", { endpoint: "not a url", keys: {}, timeZone: "UTC" });
    expect(junk.status).toBe(400);
    expect(junk.body.error.message).toBe("This device’s push subscription could not be read. Try turning notifications on again.");
    expect((await person.client.json("DELETE", "/api/push/subscriptions/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    // The app's devices wait for their platform's sender to be configured (FCM_SERVICE_ACCOUNT_FILE, APNS_KEY_FILE).
    expect((await person.client.json<PushOverview>("GET", "/api/push")).body.nativePlatforms).toEqual([]);
    const app = await person.client.json<{ error: { message: string } }>("POST", "/api/push/native-devices", { token: "f".repeat(40), platform: "android", timeZone: "UTC" });
    expect(app.status).toBe(422);
    expect(app.body.error.message).toBe("The app’s notifications are not set up on this server.");
    expect((await person.client.json("PUT", "/api/push/mutes/not-a-game", { muted: true })).status).toBe(404);
    expect((await person.client.json("PUT", "/api/push/mutes/00000000-0000-4000-8000-000000000000", { muted: true })).status).toBe(404);
  });

  it("is for the signed-in only, and a device moves to the account that subscribes it last", async () => {
    const stranger = await signUpVerified(context);
    const first = await subscribed();
    const { subscription } = first;
    const again = await stranger.client.json("POST", "/api/push/subscriptions", { endpoint: subscription.endpoint, keys: subscription.keys, timeZone: "Europe/Paris" });
    expect(again.status).toBe(201);
    const { rows } = await context.database.pool.query<{ user_id: string; count: number }>(`select user_id, count(*)::int as count from push_subscription where endpoint = $1 group by user_id`, [subscription.endpoint]);
    expect(rows).toEqual([{ user_id: stranger.userId, count: 1 }]);
    // The app's device (its FCM token) is kept the same way, one row per token, listed by its platform.
    await saveNativeSubscription(context.database.db, stranger.userId, { token: "t".repeat(40), platform: "ios", timeZone: "UTC" });
    await saveNativeSubscription(context.database.db, stranger.userId, { token: "t".repeat(40), platform: "ios", timeZone: "Europe/Paris" });
    expect((await stranger.client.json<PushOverview>("GET", "/api/push")).body.devices.map((device) => device.label).sort()).toEqual(["Browser", "Kickoff app · iOS"]);
    const signedOut = await context.app.request("/api/push");
    expect(signedOut.status).toBe(401);
  });
});
