import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type TestPushService } from "#test/push-service.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import type { Page } from "playwright-core";
import { baseURL, useBrowser } from "./support/browser.ts";
import { openGame, screenshotOnScreen, yourRegistration } from "./support/pages.ts";
import { adminAccount, joinGame, saveCard, seedGame, seedRegistrations, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Push notifications in Chromium at 375 px (docs/notifications.md): turned on from the profile, a
 * game's news sent by the server to a real Web Push service on loopback (which checks the VAPID
 * signature and decrypts it), handed to the app's service worker and shown, and its tap opening the
 * game. Two stand-ins, as headless Chromium reaches no push service and has no notification to tap:
 * the browser's PushManager hands out the loopback service's subscription (as the mobile spec's
 * bridge stands in for Capacitor), the push goes into the worker through DevTools'
 * ServiceWorker.deliverPushMessage, and the tap calls the worker's own click handler.
 */
// The full browser: Chromium's headless shell has no Push API (support/chromium.ts).
const { newPage } = useBrowser({ full: true });
const database = useDatabase();
let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service?.close();
});

/** In the page, before any script: PushManager as a browser with a push service would be, subscribing at `subscription`. */
function pushManagerStandIn(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  let current: PushSubscription | null = null;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = options?.applicationServerKey as Uint8Array;
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: subscription.endpoint, keys: subscription.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
      getKey: () => null,
    } as unknown as PushSubscription;
    return current;
  };
}

/**
 * Hands `message` to the app's service worker on `page`, as the browser's push service would, and
 * waits until the worker has shown something. DevTools' ServiceWorker.deliverPushMessage answers
 * before the event is dispatched, and once, on a loaded CI machine (2026-11-30), nothing was shown in
 * 15 s (not reproduced here in nine runs, four of them beside two busy loops; why is not known). So
 * this waits for the registration's version to be activated first, and hands the message over again
 * (as a push service retries until it is delivered) after 5 s without a notification; the message's
 * tag makes a second one replace the first, so the callers' exact expectations still hold. If three
 * hand-overs show nothing it fails, naming the versions DevTools reported.
 */
async function pushToWorker(page: Page, message: unknown): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  const versions: { registrationId: string; status: string; runningStatus: string }[] = [];
  devtools.on("ServiceWorker.workerVersionUpdated", ({ versions: updated }) => versions.push(...updated.map(({ registrationId, status, runningStatus }) => ({ registrationId, status, runningStatus }))));
  const registration = new Promise<string>((resolve) => {
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((candidate) => !candidate.isDeleted && candidate.scopeURL.startsWith(baseURL()));
      if (found) resolve(found.registrationId);
    });
  });
  await devtools.send("ServiceWorker.enable");
  const registrationId = await registration;
  await expect.poll(() => versions.some((version) => version.registrationId === registrationId && version.status === "activated"), { timeout: 15_000 }).toBe(true);
  const shownCount = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length);
  for (let handOver = 1; handOver <= 3; handOver++) {
    await devtools.send("ServiceWorker.deliverPushMessage", { origin: new URL(baseURL()).origin, registrationId, data: JSON.stringify(message) });
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      if ((await shownCount()) > 0) {
        // Said in the run's output: a second hand-over needed is worth knowing, though not a failure.
        if (handOver > 1) console.warn(`push.e2e: shown after hand-over ${handOver} (versions seen: ${JSON.stringify(versions)})`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The worker showed nothing after three hand-overs (registration ${registrationId}; its versions seen: ${JSON.stringify(versions)})`);
}

describe("push notifications at 375 px", () => {
  it("turned on from the profile, a game's news is pushed, shown by the service worker, and its tap opens the game", { timeout: 120_000 }, async () => {
    const user = await createVerifiedUser({ firstName: "Paula", lastName: "Push" });
    const page = await newPage({ width: 375, height: 760, isMobile: true, hasTouch: true, permissions: ["notifications"] });
    await login(page, user);
    const { publicKey } = (await (await page.request.get("/api/push")).json()) as { publicKey: string };
    const subscription = await service.subscribe(publicKey);
    await page.context().addInitScript(pushManagerStandIn, { endpoint: subscription.endpoint, keys: subscription.keys });

    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Notifications on this device" });
    await section.getByText("Notifications are off on this device.").waitFor();
    await section.getByRole("button", { name: "Turn on notifications" }).click();
    await section.getByText("Notifications are on for this device.").waitFor();
    await section.getByText("Chrome · Linux").waitFor();
    // No quiet hours: the same time twice (the default, 22:00–08:00 on this device's clock, could hold the push).
    await section.getByLabel("From").fill("00:00");
    await section.getByLabel("Until").fill("00:00");
    await section.getByRole("button", { name: "Save quiet hours" }).click();
    await section.getByText("Quiet hours saved.").waitFor();
    await expectNoAxeViolations(page, section);
    await screenshotOnScreen(page, "push-profile-375");

    // The organiser cancels a game Paula is in: the mail, and the push beside it.
    const game = await seedGame(database(), { title: uniqueTitle("Push Night"), costCents: 0 });
    await joinGame(page, game, { role: "player" });
    const admin = await newPage();
    await login(admin, await adminAccount());
    expect((await admin.request.post(`/api/events/${game.id}/cancel`, { data: { message: "The pitch is closed." } })).status()).toBe(200);
    await expect.poll(() => service.received(subscription.clientHash), { timeout: 30_000 }).toHaveLength(1);
    const [pushed] = await service.received(subscription.clientHash);
    expect(pushed).toEqual({ title: `Cancelled: ${game.title}`, body: expect.any(String), url: `/event/${game.id}`, tag: `changes:${game.id}` });

    // Into the service worker, as the browser's push service would hand it over; it shows it.
    await pushToWorker(page, pushed);
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, data: notification.data as unknown })));
    await expect.poll(shown, { timeout: 15_000 }).toEqual([{ title: `Cancelled: ${game.title}`, body: (pushed as { body: string }).body, data: { url: `/event/${game.id}` } }]);

    // The tap: the worker's click handler opens the game in this window.
    const [worker] = page.context().serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; openFromNotification(path: string): Promise<unknown> };
      const [notification] = await scope.registration.getNotifications();
      notification!.close();
      await scope.openFromNotification((notification!.data as { url: string }).url);
    });
    await page.waitForURL(`**/event/${game.id}`);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
  });

  it("offers notifications after joining a waitlist, never before; once on, the game can be muted", { timeout: 120_000 }, async () => {
    const user = await createVerifiedUser({ firstName: "Wanda", lastName: "Waiting" });
    const page = await newPage({ width: 375, height: 760, isMobile: true, hasTouch: true, permissions: ["notifications"] });
    await login(page, user);
    const { publicKey } = (await (await page.request.get("/api/push")).json()) as { publicKey: string };
    const subscription = await service.subscribe(publicKey);
    await page.context().addInitScript(pushManagerStandIn, { endpoint: subscription.endpoint, keys: subscription.keys });
    const game = await seedGame(database(), { title: uniqueTitle("Full Push"), costCents: 0, maxPlayers: 1 });
    await seedRegistrations(database(), game, ["Hal Holder"], { status: "confirmed" });

    await openGame(page, game);
    const offer = page.getByRole("region", { name: "Notifications" });
    // Nothing is asked before the viewer waits for anything.
    await page.getByRole("button", { name: /^Join/ }).first().waitFor();
    expect(await offer.count()).toBe(0);
    await page.getByRole("button", { name: /^Join/ }).first().click();
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor();
    await offer.getByText("Get a notification on this device when a spot is yours or your game changes?").waitFor();
    await expectNoAxeViolations(page, offer);
    await offer.getByRole("button", { name: "Turn on notifications" }).click();

    // On: the offer goes, and this game's switch is there, on.
    const forThisGame = page.getByRole("switch", { name: "Notifications for this game" });
    await forThisGame.waitFor();
    expect(await offer.count()).toBe(0);
    expect(await forThisGame.isChecked()).toBe(true);
    await forThisGame.click();
    await expect.poll(async () => (await (await page.request.get(`/api/push/mutes/${game.id}`)).json()) as unknown).toEqual({ muted: true });
    // The switch follows the server's answer once it reaches the page.
    await expect.poll(() => forThisGame.isChecked()).toBe(false);
    const { rows } = await database().query(`select count(*)::int as count from push_subscription s join "user" u on u.id = s.user_id where u.email = $1`, [user.email]);
    expect(rows).toEqual([{ count: 1 }]);
  });
  it("a full game's \"Tell me if a spot opens\": the freed spot is pushed with Take it and the card, and taps on two devices charge once", { timeout: 150_000 }, async () => {
    const user = await createVerifiedUser({ firstName: "Tess", lastName: "Tapper" });
    const page = await newPage({ width: 375, height: 760, isMobile: true, hasTouch: true, permissions: ["notifications"] });
    await login(page, user);
    await saveCard(page);
    const { publicKey } = (await (await page.request.get("/api/push")).json()) as { publicKey: string };
    const subscription = await service.subscribe(publicKey);
    await page.context().addInitScript(pushManagerStandIn, { endpoint: subscription.endpoint, keys: subscription.keys });
    const game = await seedGame(database(), { title: uniqueTitle("Tap Night"), costCents: 1000, maxPlayers: 1 });
    const holder = await newPage();
    await login(holder, await createVerifiedUser({ firstName: "Hal", lastName: "Holder" }));
    await joinGame(holder, game, { role: "player", paymentMethodId: (await saveCard(holder)).id, expectedPriceCents: 1000 });

    // Full: the page offers to tell, then notifications on this device.
    await openGame(page, game);
    await page.getByRole("button", { name: "Tell me if a spot opens" }).click();
    await page.getByText("We will notify you if a spot opens.").waitFor();
    await screenshotOnScreen(page, "spot-watch-375");
    const offer = page.getByRole("region", { name: "Notifications" });
    await offer.getByRole("button", { name: "Turn on notifications" }).click();
    await expect.poll(async () => (await database().query(`select count(*)::int as count from push_subscription where endpoint = $1`, [subscription.endpoint])).rows[0]).toEqual({ count: 1 });
    await expectNoAxeViolations(page, page.getByRole("button", { name: "Don't tell me" }));
    // No quiet hours (the default would hold the push by the clock's hour).
    const kinds = { promotion: true, changes: true, decision: true, reminders: true, openings: true, spots: true };
    expect((await page.request.put("/api/push/settings", { data: { kinds, quietStart: "00:00", quietEnd: "00:00" } })).status()).toBe(200);

    // The holder leaves and no one waits: the push, with the one tap priced and naming the card.
    expect((await holder.request.delete(`/api/events/${game.id}/registrations/me`)).status()).toBe(200);
    await expect.poll(() => service.received(subscription.clientHash), { timeout: 30_000 }).toHaveLength(1);
    const [pushed] = await service.received(subscription.clientHash);
    await pushToWorker(page, pushed);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, actions: (notification as Notification & { actions: { title: string }[] }).actions.map((action) => action.title) })),
      );
    await expect.poll(shown, { timeout: 15_000 }).toEqual([{ title: `A spot opened: ${game.title}`, actions: ["Take it — $10.00 with Visa •••• 4242"] }]);

    // A second device of the same account, with the worker of its own.
    const other = await newPage({ width: 375, height: 760, isMobile: true, hasTouch: true });
    await login(other, user);
    await other.goto("/");
    await other.evaluate(async () => void (await navigator.serviceWorker.ready));
    // Taps as the worker's click handler makes them ("take", then the game opens): twice on this
    // phone, once on the other, at once.
    type Scope = { registration: ServiceWorkerRegistration; takeFromNotification(data: unknown): Promise<number>; openFromNotification(path: string): Promise<unknown> };
    const [worker] = page.context().serviceWorkers();
    const [otherWorker] = other.context().serviceWorkers();
    const data = await worker!.evaluate(async () => {
      const [notification] = await (self as unknown as Scope).registration.getNotifications();
      notification!.close();
      return notification!.data as unknown;
    });
    const tap = (onto: typeof worker) => onto!.evaluate((given) => (self as unknown as Scope).takeFromNotification(given), data);
    const statuses = await Promise.all([tap(worker), tap(worker), tap(otherWorker)]);
    expect(statuses).toContain(201);
    for (const status of statuses) expect([201, 409]).toContain(status);
    const { rows } = await database().query(
      `select r.status, (select count(*)::int from sim_charge c where c.registration_id = r.id::text) as charges
         from registration r join "user" u on u.id = r.user_id where r.event_id = $1 and u.email = $2`,
      [game.id, user.email],
    );
    expect(rows).toEqual([{ status: "confirmed", charges: 1 }]);

    await worker!.evaluate((path) => (self as unknown as Scope).openFromNotification(path), `/event/${game.id}`);
    await page.waitForURL(`**/event/${game.id}`);
    await yourRegistration(page).getByText("You're playing").waitFor();
    await screenshotOnScreen(page, "push-take-375");
  });
});
