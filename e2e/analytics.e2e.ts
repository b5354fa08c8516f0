import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "#shared/analytics.ts";
import { type AppProcess, startApp } from "./support/app-process.ts";
import { useBrowser } from "./support/browser.ts";
import { joinGame, seedGame } from "./support/games.ts";

/**
 * First-party analytics in Chromium (docs/decisions/018-first-party-analytics.md): the page's beacon
 * after load, counted by the admin report; no cookie and nothing kept in the browser. An app of its
 * own, so that no other spec's visits are in its counts.
 */
const { browser } = useBrowser();
let app: AppProcess;
let db: pg.Client;
let adminCookie: string;
const ADMIN = { email: "analytics-admin@example.com", password: "correct-horse-42" };
// Two people on two devices: the visitor hash is made of the address (loopback for both) and the user agent.
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: ADMIN.email, GEOCODER: "none", ANALYTICS_TIME_ZONE: "UTC" });
  db = new pg.Client({ connectionString: app.databaseURL() });
  await db.connect();
  adminCookie = await signedInAdmin();
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

/** An account through the API, its address marked verified in the database (the mailbox is not the subject here). */
async function verifiedAccount(account: { email: string; password: string }) {
  const signUp = await fetch(`${app.baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseURL },
    body: JSON.stringify({ ...account, name: "Ada Admin", firstName: "Ada", lastName: "Admin", callbackURL: "/" }),
  });
  expect(signUp.status, await signUp.text()).toBe(200);
  await db.query(`update "user" set email_verified = true where email = $1`, [account.email]);
}

/** An admin session through the API. */
async function signedInAdmin(): Promise<string> {
  const headers = { "content-type": "application/json", origin: app.baseURL };
  await verifiedAccount(ADMIN);
  const signIn = await fetch(`${app.baseURL}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify(ADMIN) });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function report(): Promise<AnalyticsReport> {
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${app.baseURL}/api/admin/analytics?from=${yesterday}&to=${today}`, { headers: { cookie: adminCookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

/** A visit: the page loads, and its beacon is sent once it has loaded; resolves with the beacon's answer. */
async function visit(page: Page, path: string, options: { referer?: string } = {}) {
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/analytics/hits", { timeout: 15_000 });
  await page.goto(path, options);
  const answer = await beacon;
  return { status: answer.status(), headers: await answer.allHeaders(), request: answer.request() };
}

describe("analytics", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  const person = async (userAgent: string) => {
    const context = await browser().newContext({ baseURL: app.baseURL, userAgent, viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    return { context, page: await context.newPage() };
  };

  it("counts 3 visits from 2 browsers as 3 views and 2 visitors, and sets no cookie", async () => {
    expect((await report()).totals).toEqual({ views: 0, visitors: 0, shares: 0 });
    const ann = await person(DESKTOP);
    const ben = await person(PHONE);

    // Ann follows a link shared in WhatsApp, then opens the privacy policy; Ben opens the site himself.
    const first = await visit(ann.page, "/", { referer: "https://wa.me/" });
    const second = await visit(ann.page, "/privacy");
    const third = await visit(ben.page, "/");

    for (const beacon of [first, second, third]) {
      expect(beacon.status).toBe(204);
      expect(beacon.headers["set-cookie"]).toBeUndefined();
    }
    expect(JSON.parse(first.request.postData() ?? "")).toEqual({ kind: "view", path: "/", signedIn: false, referrer: "wa.me" });
    // Each page load says where it came from: here, from nowhere (an address typed in).
    expect(JSON.parse(second.request.postData() ?? "")).toEqual({ kind: "view", path: "/privacy", signedIn: false, referrer: null });

    const counted = await report();
    expect(counted.totals).toEqual({ views: 3, visitors: 2, shares: 0 });
    expect(counted.screens.filter((entry) => entry.views > 0)).toEqual([
      { screen: "login", views: 2 },
      { screen: "other", views: 1 },
    ]);
    expect(counted.referrers).toEqual(expect.arrayContaining([{ host: "whatsapp", visits: 1 }, { host: null, visits: 2 }]));
    expect(counted.devices.filter((entry) => entry.visitors > 0)).toEqual(
      expect.arrayContaining([
        { device: "desktop", visitors: 1 },
        { device: "phone", visitors: 1 },
      ]),
    );

    // Nothing kept in either browser: no cookie, nothing in storage.
    for (const { context, page } of [ann, ben]) {
      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate(() => ({ cookie: document.cookie, local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))).toEqual({
        cookie: "",
        local: [],
        session: [],
      });
    }
  });

  it("follows a game's link through sign-in: opened, signed in, joined, and a share", async () => {
    const game = await seedGame(db, { title: "Analytics Thursday 5-a-side" });
    const carla = { email: "carla@example.com", password: "correct-horse-42" };
    await verifiedAccount(carla);
    const { context, page } = await person(TABLET);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const beacons: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/analytics/hits") beacons.push(JSON.parse(request.postData() ?? ""));
    });

    // Signed out, the game's link leads to the login screen: the game counts as opened, then the login screen.
    await page.goto(`/event/${game.id}`, { referer: "https://wa.me/" });
    await expect.poll(() => beacons, { timeout: 15_000 }).toEqual([
      { kind: "view", path: `/event/${game.id}`, signedIn: false, referrer: "wa.me" },
      { kind: "view", path: "/", signedIn: false },
    ]);
    await page.getByLabel("Email").fill(carla.email);
    await page.getByLabel("Password").fill(carla.password);
    await page.getByRole("button", { name: "Login" }).click();
    // Back on the game, signed in (the home screen it passed through for an instant is not a view).
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    await expect.poll(() => beacons.length, { timeout: 15_000 }).toBe(3);
    expect(beacons[2]).toEqual({ kind: "view", path: `/event/${game.id}`, signedIn: true });

    await page.getByRole("button", { name: "Share Event" }).first().click();
    await expect.poll(() => beacons.length, { timeout: 15_000 }).toBe(4);
    expect(beacons[3]).toEqual({ kind: "share", path: `/event/${game.id}`, signedIn: true });
    await joinGame(page, game, { role: "player" });

    const counted = await report();
    expect(counted.games).toEqual([{ eventId: game.id, title: game.title, startsAt: expect.any(String), opened: 2, signedIn: 1, joined: 1, paid: 0, shares: 1 }]);
    expect(counted.devices).toEqual(expect.arrayContaining([{ device: "tablet", visitors: 1 }]));
    // Signed in, the only cookies are the session's and the language the app speaks (docs/languages.md), as
    // the privacy policy says: nothing for counting.
    expect((await context.cookies()).map((cookie) => cookie.name).every((name) => name.startsWith("better-auth.") || name === "kickoff_lang" || name === "kickoff_view")).toBe(true);
  });
});
