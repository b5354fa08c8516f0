import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import pg from "pg";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, login, PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { type AppProcess, startApp } from "./support/app-process.ts";
import { baseURL, screenshotIfTestFails, useBrowser, watchForPageProblems } from "./support/browser.ts";
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from "./support/chromium.ts";
import { adminAccount, currentUser, seedGame, seedRegistrations, uniqueTitle, useDatabase } from "./support/games.ts";
import { lane } from "./support/lanes.ts";
import { scrollToEnd } from "./support/pages.ts";

const { newPage } = useBrowser();
const db = useDatabase();
const pathOf = (page: Page) => new URL(page.url()).pathname;

interface NativeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

/**
 * A stand-in for Capacitor's native bridge, as the Android app's web view has it (or the iOS app's):
 * window.Capacitor with the App, Share and PushNotifications plugins' headers, so @capacitor/core
 * sends their calls to nativePromise / nativeCallback, which record them; `__native.fire()` plays the
 * native side's events. The system's notification permission starts at "prompt", and is granted when
 * asked.
 */
function nativeBridge(platform: "android" | "ios" = "android") {
  type Callback = (data: unknown) => void;
  const listeners: { id: string; event: string; callback: Callback }[] = [];
  const calls: NativeCall[] = [];
  let next = 0;
  let permission = "prompt";
  const w = window as unknown as Record<string, unknown>;
  if (platform === "android") w.androidBridge = {};
  else w.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  const promise = (name: string) => ({ name, rtype: "promise" });
  const listeners_ = [
    { name: "addListener", rtype: "callback" },
    { name: "removeListener", rtype: "callback" },
  ];
  w.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
    PluginHeaders: [
      { name: "App", methods: [...listeners_, promise("exitApp")] },
      { name: "Share", methods: [promise("share"), promise("canShare")] },
      { name: "PushNotifications", methods: [...listeners_, ...["checkPermissions", "requestPermissions", "register", "unregister"].map(promise)] },
    ],
    nativePromise: (plugin: string, method: string, options: Record<string, unknown>) => {
      calls.push({ plugin, method, options });
      if (method === "requestPermissions") permission = "granted";
      if (method === "checkPermissions" || method === "requestPermissions") return Promise.resolve({ receive: permission });
      return Promise.resolve(method === "share" ? { activityType: "stand-in" } : undefined);
    },
    nativeCallback: (plugin: string, method: string, options: Record<string, unknown>, callback: Callback) => {
      calls.push({ plugin, method, options });
      if (method === "addListener") {
        const id = `cb${++next}`;
        listeners.push({ id, event: String(options.eventName), callback });
        return id;
      }
      if (method === "removeListener") {
        const index = listeners.findIndex((listener) => listener.id === options.callbackId);
        if (index !== -1) listeners.splice(index, 1);
      }
      return "";
    },
  };
  w.__native = {
    calls,
    listening: (event: string) => listeners.some((listener) => listener.event === event),
    fire: (event: string, data: unknown) => {
      for (const listener of listeners.filter((candidate) => candidate.event === event)) listener.callback(data);
    },
  };
}

async function appPage(platform: "android" | "ios" = "android"): Promise<Page> {
  const page = await newPage({ width: 400, height: 800 });
  await page.context().addInitScript(nativeBridge, platform);
  return page;
}

const listening = (page: Page) => page.evaluate(() => (window as unknown as { __native: { listening(event: string): boolean } }).__native.listening("appUrlOpen"));
const fire = (page: Page, event: string, data: unknown) =>
  page.evaluate(([name, payload]) => (window as unknown as { __native: { fire(event: string, data: unknown): void } }).__native.fire(name as string, payload), [event, data] as const);
const nativeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __native: { calls: NativeCall[] } }).__native.calls);

async function openApp(page: Page) {
  if (pathOf(page) !== "/" || !page.url().startsWith(baseURL())) await page.goto("/");
  await expect.poll(() => listening(page), { timeout: 15_000 }).toBe(true);
}

describe("the mobile app (stand-in Capacitor bridge)", () => {
  const host = () => new URL(baseURL()).host;

  it("opens the event of an App Link and of the custom scheme", async () => {
    const first = await seedGame(db(), { title: uniqueTitle("Linked Game") });
    const second = await seedGame(db(), { title: uniqueTitle("Scheme Game") });
    const page = await appPage();
    await login(page, await createVerifiedUser());
    await openApp(page);

    await fire(page, "appUrlOpen", { url: `https://${host()}/event/${first.id}` });
    await page.getByRole("heading", { name: first.title }).waitFor();
    expect(pathOf(page)).toBe(`/event/${first.id}`);

    await fire(page, "appUrlOpen", { url: `kickoff://event/${second.id}` });
    await page.getByRole("heading", { name: second.title }).waitFor();
    expect(pathOf(page)).toBe(`/event/${second.id}`);
  });

  it("signed out, opens the linked event after login", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("After Login Game") });
    const user = await createVerifiedUser();
    const page = await appPage();
    await openApp(page);
    await page.getByRole("button", { name: "Login" }).waitFor();

    await fire(page, "appUrlOpen", { url: `kickoff://event/${game.id}` });
    await expect.poll(() => pathOf(page)).toBe("/");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    // The login screen names the linked game in a heading of its own (level 2); the game's page has it as its title.
    await page.getByRole("heading", { level: 1, name: game.title }).waitFor({ timeout: 15_000 });
    expect(pathOf(page)).toBe(`/event/${game.id}`);
  });

  it("the back button goes back, and at the root asks before leaving the app", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Back Game") });
    const page = await appPage();
    await login(page, await createVerifiedUser());
    await openApp(page);
    await fire(page, "appUrlOpen", { url: `https://${host()}/event/${game.id}` });
    await page.getByRole("heading", { name: game.title }).waitFor();

    await fire(page, "backButton", { canGoBack: true });
    await expect.poll(() => pathOf(page)).toBe("/");
    await page.getByRole("heading", { name: "Available Events" }).waitFor();

    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await fire(page, "backButton", { canGoBack: false });
    await expect.poll(() => asked).toEqual(["Do you really want to exit the app?"]);
    expect((await nativeCalls(page)).filter((call) => call.method === "exitApp")).toHaveLength(0);
    expect(pathOf(page)).toBe("/");

    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await fire(page, "backButton", { canGoBack: false });
    await expect.poll(async () => (await nativeCalls(page)).filter((call) => call.plugin === "App" && call.method === "exitApp").length).toBe(1);
    expect(asked).toEqual(["Do you really want to exit the app?", "Do you really want to exit the app?"]);
  });

  it("turns the iOS app's notifications on from the profile: its token registered, a game's news pushed through APNs, its tap opening the game", async () => {
    const user = await createVerifiedUser({ firstName: "Ivy", lastName: "Phone" });
    const page = await appPage("ios");
    await login(page, user);
    await openApp(page);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Notifications on this device" });
    await section.getByRole("button", { name: "Turn on notifications" }).click();
    // The system asks, then hands the device's token over through 'registration' once registered.
    const pushCalls = async () => (await nativeCalls(page)).filter((call) => call.plugin === "PushNotifications").map((call) => call.method);
    await expect.poll(pushCalls).toEqual(expect.arrayContaining(["requestPermissions", "register"]));
    const token = "5f3c9a1e".repeat(8);
    await fire(page, "registration", { value: token });
    await section.getByText("Notifications are on for this device.").waitFor();
    await section.getByText("Kickoff app · iOS").waitFor();
    const kinds = { promotion: true, changes: true, decision: true, reminders: true, openings: true, spots: true };
    expect((await page.request.put("/api/push/settings", { data: { kinds, quietStart: "00:00", quietEnd: "00:00" } })).status()).toBe(200);

    // The organiser cancels Ivy's game: Apple's stand-in receives the push for her token.
    const game = await seedGame(db(), { title: uniqueTitle("Phone Game"), costCents: 0 });
    expect((await page.request.post(`/api/events/${game.id}/registrations`, { data: { role: "player" } })).status()).toBe(201);
    const admin = await newPage();
    await login(admin, await adminAccount());
    expect((await admin.request.post(`/api/events/${game.id}/cancel`, { data: { message: "Flooded." } })).status()).toBe(200);
    const receivedByApple = async () => (await (await fetch(`${lane().apnsReadURL}/?token=${token}`)).json()) as { body: { aps: { alert: { title: string } }; url: string } }[];
    await expect.poll(receivedByApple, { timeout: 30_000 }).toHaveLength(1);
    const [pushed] = await receivedByApple();
    expect(pushed!.body).toMatchObject({ aps: { alert: { title: `Cancelled: ${game.title}` } }, url: `/event/${game.id}` });

    // A tap on it: the app opens the game.
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __native: { listening(event: string): boolean } }).__native.listening("pushNotificationActionPerformed"))).toBe(true);
    await fire(page, "pushNotificationActionPerformed", { actionId: "tap", notification: { id: "1", data: pushed!.body } });
    await page.getByRole("heading", { level: 1, name: game.title }).waitFor();
    expect(pathOf(page)).toBe(`/event/${game.id}`);
  });

  it("Share Event uses the native share with the PUBLIC_URL link", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Shared Game") });
    const page = await appPage();
    await login(page, await createVerifiedUser());
    await openApp(page);
    await fire(page, "appUrlOpen", { url: `https://${host()}/event/${game.id}` });
    await page.getByRole("heading", { name: game.title }).waitFor();

    await page.getByRole("button", { name: "Share Event" }).click();
    await expect
      .poll(async () => (await nativeCalls(page)).filter((call) => call.plugin === "Share" && call.method === "share").map((call) => call.options.url))
      .toEqual([`${baseURL()}/event/${game.id}`]);
  });
});

/**
 * The session in the app's web view, in Chromium (the engine of Android's WebView): a second app
 * with PUBLIC_URL=https://kickoff.test, behind a TLS proxy on loopback that Chromium reaches for that
 * name. The app's pages are at https://app.kickoff.test, answered by the page's route as Capacitor's
 * web view answers its own host from the files inside the app; every API call is a real request
 * across origins, with the browser's own cookie and CORS rules.
 */
describe("the app's web view at app.<PUBLIC_URL host> (Chromium, https)", () => {
  const SITE = "https://kickoff.test";
  const APP_ORIGIN = "https://app.kickoff.test";
  let app: AppProcess;
  let proxy: HttpsServer;
  let browser: Browser;
  let tlsDir: string;
  const email = uniqueEmail("webview");

  beforeAll(async () => {
    app = await startApp({ PUBLIC_URL: SITE });
    tlsDir = mkdtempSync(join(tmpdir(), "kickoff-tls-"));
    const [key, cert] = [join(tlsDir, "key.pem"), join(tlsDir, "cert.pem")];
    // A throwaway self-signed certificate for this run; Chromium is told to accept it.
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=kickoff.test", "-addext", "subjectAltName=DNS:kickoff.test"], { stdio: "ignore" });
    proxy = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (incoming, outgoing) => {
      const forwarded = httpRequest(new URL(incoming.url ?? "/", app.baseURL), { method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      forwarded.on("error", () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const { port } = proxy.address() as AddressInfo;
    browser = await chromium.launch({
      executablePath: E2E_CHROMIUM_PATH,
      // Local Network Access would otherwise ask before a page on a public name reaches loopback.
      args: [...CHROMIUM_ARGS, `--host-rules=MAP kickoff.test:443 127.0.0.1:${port}`, "--ignore-certificate-errors", "--disable-features=LocalNetworkAccessChecks"],
    });
    browser.on("context", watchForPageProblems);

    const signUp = await fetch(`${app.baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify({ email, password: PASSWORD, name: "Wendy Webview", firstName: "Wendy", lastName: "Webview", callbackURL: "/" }),
    });
    expect(signUp.status).toBe(200);
    // This app mails into its own local mailbox: the address is marked verified directly.
    const db = new pg.Client({ connectionString: app.databaseURL() });
    await db.connect();
    await db.query(`update "user" set email_verified = true where email = $1`, [email]);
    await db.end();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    await app?.stop();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  });

  it("signs in, stays signed in and writes, with a SameSite=Lax session cookie", async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    screenshotIfTestFails(page);
    await page.route(`${APP_ORIGIN}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=\"en\"><title>Kickoff</title><body>app</body></html>" }));
    await page.goto(`${APP_ORIGIN}/`);

    // What the web app does inside the app (lib/app-origin.ts): PUBLIC_URL's API, with credentials.
    const answers = await page.evaluate(
      async ({ site, email, password }) => {
        const call = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${site}${path}`, {
            method,
            credentials: "include",
            headers: body ? { "content-type": "application/json" } : {},
            body: body ? JSON.stringify(body) : undefined,
          });
          return { status: response.status, body: (await response.json()) as { user?: { email: string; firstName: string } | null } };
        };
        const signIn = await call("POST", "/api/auth/sign-in/email", { email, password });
        const me = await call("GET", "/api/me");
        const rename = await call("PATCH", "/api/me/name", { firstName: "Wanda", lastName: "Webview" });
        const after = await call("GET", "/api/me");
        return { signIn: signIn.status, me: me.body.user?.email, rename: rename.status, firstName: after.body.user?.firstName };
      },
      { site: SITE, email, password: PASSWORD },
    );
    expect(answers).toEqual({ signIn: 200, me: email, rename: 200, firstName: "Wanda" });
    const session = (await context.cookies(SITE)).find((cookie) => cookie.name.endsWith("session_token"));
    expect(session).toMatchObject({ sameSite: "Lax", secure: true, httpOnly: true });
    await context.close();
  });
});

describe("the PWA on a bad connection", () => {
  const OFFLINE_NOTICE = /^Offline — showing what you saw at \d{1,2}:\d{2}/;

  it("shows home, a visited event page and Your Events from cache, refuses Join, and refreshes when back online", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Offline Game") });
    const mine = await seedGame(db(), { title: uniqueTitle("My Offline Game") });
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await login(page, await createVerifiedUser());
    await seedRegistrations(db(), mine, ["me"], { status: "confirmed", userId: (await currentUser(page)).id });

    // Seen once online: home, the event page, Your Events.
    await page.getByRole("link", { name: "Kickoff" }).first().click();
    await page.getByText(game.title).first().waitFor();
    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { name: game.title }).waitFor();
    // The server's page shows the game before the app starts; what shows offline is the answer the
    // app keeps once it has asked for the game itself (src/web/lib/saved-answers.ts).
    await expect
      .poll(() => page.evaluate(async (path) => Boolean(await caches.match(new URL(path, location.origin).toString(), { cacheName: "kickoff-data-v1" })), `/api/events/${game.id}`), { timeout: 15_000 })
      .toBe(true);
    await page.goto("/your-events");
    await page.getByText(mine.title).first().waitFor();
    const notice = page.getByRole("status").filter({ hasText: "Offline" });
    expect(await notice.count()).toBe(0);

    await page.context().setOffline(true);
    await page.goto("/");
    await page.getByText(game.title).first().waitFor();
    await expect.poll(() => notice.first().innerText()).toMatch(OFFLINE_NOTICE);
    // Scrolled down, the notice and the header stay at the top, one above the other.
    await scrollToEnd(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const noticeBox = (await notice.first().boundingBox())!;
    const headerBox = (await page.locator("header").boundingBox())!;
    expect(noticeBox.y).toBeCloseTo(0, 0);
    expect(headerBox.y).toBeCloseTo(noticeBox.y + noticeBox.height, 0);

    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { name: game.title }).waitFor();
    await expect.poll(() => notice.first().innerText()).toMatch(OFFLINE_NOTICE);
    await page.getByRole("button", { name: "Join as Player" }).click();
    await expect.poll(() => notice.first().innerText()).toContain("This needs a connection");

    await page.goto("/your-events");
    await page.getByText(mine.title).first().waitFor();
    await expect.poll(() => notice.first().innerText()).toMatch(OFFLINE_NOTICE);

    // Nothing was kept to be sent later: back online the join has not happened, the notice goes and
    // the screen shows the server's current data.
    await db().query("update event set title = $1 where id = $2", [`${mine.title} (renamed)`, mine.id]);
    await page.context().setOffline(false);
    await page.getByText(`${mine.title} (renamed)`).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => notice.count()).toBe(0);
    const { rows } = await db().query("select count(*)::int as n from registration where event_id = $1", [game.id]);
    expect(rows[0].n).toBe(0);
  });

  it("keeps a rendered page's answers for offline use, but not once its viewer has logged out", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Left Game") });
    const saved = (page: Page, path: string) =>
      page.evaluate(async (path) => Boolean(await caches.match(new URL(path, location.origin).toString(), { cacheName: "kickoff-data-v1" })), path);
    const page = await newPage();
    await login(page, await createVerifiedUser());
    const response = await page.goto(`/event/${game.id}`);
    expect(await response!.text()).toContain('id="server-render"');
    await page.getByRole("heading", { name: game.title }).waitFor();
    await page.waitForSelector("#root[data-hydrated]");
    // Logged out before the page's answers are kept (five seconds after hydration, saved-answers.ts).
    await page.getByRole("button", { name: /open menu/i }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.getByRole("button", { name: "Login" }).waitFor();
    // Past that moment and the idle time after it: nothing of the previous viewer's was written back.
    await page.waitForTimeout(8_000);
    expect({ game: await saved(page, `/api/events/${game.id}`), me: await saved(page, "/api/me") }).toEqual({ game: false, me: false });
  });

  it("announces a new version, which takes over only on Reload", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A deploy: the server (which serves the build in dist/web) now has another service worker. The
    // browser fetches it itself, past the page's routes, so the file is changed for this test.
    // Its precompressed copies, where the build made them, too.
    const files = { "dist/web/sw.js": (text: Buffer) => text, "dist/web/sw.js.br": brotliCompressSync, "dist/web/sw.js.gz": gzipSync };
    const originals = new Map(Object.keys(files).filter((path) => existsSync(path)).map((path) => [path, readFileSync(path)]));
    const next = Buffer.concat([originals.get("dist/web/sw.js")!, Buffer.from("\n// the next version\n")]);
    for (const [path, encode] of Object.entries(files)) if (originals.has(path)) writeFileSync(path, encode(next));
    const offer = page.getByRole("status").filter({ hasText: "A new version is available" });
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await offer.waitFor({ timeout: 15_000 });
    } finally {
      for (const [path, content] of originals) writeFileSync(path, content);
    }
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waiting).toBe(true);

    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await offer.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage ?? false), { timeout: 15_000 }).toBe(false);
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    expect(await offer.count()).toBe(0);
  });
});
