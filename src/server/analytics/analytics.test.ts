import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "#shared/analytics.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { ADMIN_EMAIL, connectionFrom, createTestContext, signUpVerified, TEST_ORIGIN, TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "#server/app.ts";
import { insertEvent, insertUser } from "#test/seed-events.ts";
import { type Boss, startBoss } from "#server/jobs/boss.ts";
import { createAnalytics } from "./record-hit.ts";
import { rollUpHits } from "./roll-up-hits.ts";
import { ANALYTICS_QUEUE, startAnalyticsWorker } from "./workers.ts";

/**
 * First-party analytics through the real app on a real database: the beacon (POST
 * /api/analytics/hits) and the admin report (GET /api/admin/analytics), the hourly roll-up and
 * retention. Clocks are fixed per test (their own days), except where the app's own wiring is used.
 */
const ZONE = "America/Toronto";
let context: TestContext;
let admin: TestClient;
let player: TestClient;
beforeAll(async () => {
  context = await createTestContext({ ANALYTICS_TIME_ZONE: ZONE });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  player = (await signUpVerified(context)).client;
});
afterAll(async () => {
  await context?.close();
});

const UA = {
  phone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

type App = ReturnType<typeof createApp>;

/** What navigator.sendBeacon sends: a text/plain POST of known length with the page's Origin, from `address`. */
function beacon(app: App, body: unknown, options: { address?: string; userAgent?: string; headers?: Record<string, string> } = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return app.request(
    `${TEST_ORIGIN}/api/analytics/hits`,
    {
      method: "POST",
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "text/plain;charset=UTF-8",
        "content-length": String(Buffer.byteLength(text)),
        "user-agent": options.userAgent ?? UA.desktop,
        ...options.headers,
      },
      body: text,
    },
    connectionFrom(options.address ?? "203.0.113.10"),
  );
}

const view = (path: string, extra: Record<string, unknown> = {}) => ({ kind: "view", path, signedIn: false, ...extra });

/** The app with its analytics at a fixed instant (moved with `at.set`), and the admin signed in to it. */
function appAt(iso: string, timeZone = ZONE) {
  let clock = new Date(iso);
  const analytics = createAnalytics({ pool: context.database.pool, timeZone, publicUrl: TEST_ORIGIN, now: () => clock });
  const app = createApp({ ...context.services, analytics });
  const adminHere = new TestClient({ app });
  for (const [name, value] of admin.cookies) adminHere.cookies.set(name, value);
  return {
    app,
    analytics,
    at: { set: (next: string) => (clock = new Date(next)), get: () => clock },
    async report(from: string, to: string) {
      const response = await adminHere.json<AnalyticsReport>("GET", `/api/admin/analytics?from=${from}&to=${to}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    },
  };
}

const dayOf = (report: AnalyticsReport, day: string) => report.days.find((entry) => entry.day === day)!;

describe("the beacon", () => {
  it("counts 3 views from 2 visitors as 3 views and 2 visitors, and sets no cookie", async () => {
    const today = dateInZone(new Date(), ZONE);
    const before = (await admin.json<AnalyticsReport>("GET", `/api/admin/analytics?from=${today}&to=${today}`)).body.totals;
    const answers = [
      await beacon(context.app, view("/", { referrer: "wa.me" }), { address: "198.51.100.7", userAgent: UA.phone }),
      await beacon(context.app, view("/privacy"), { address: "198.51.100.7", userAgent: UA.phone }),
      await beacon(context.app, view("/", { referrer: null }), { address: "198.51.100.8", userAgent: UA.desktop }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(await answer.text()).toBe("");
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    const report = await admin.json<AnalyticsReport>("GET", `/api/admin/analytics?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    expect(report.body.totals).toEqual({ views: before.views + 3, visitors: before.visitors + 2, shares: before.shares });
    expect(report.body.period).toEqual({ from: today, to: today, timeZone: ZONE });
  });

  it("stores counts and classes only: no address, no user agent, no user", async () => {
    const { rows } = await context.database.pool.query<Record<string, unknown>>("select * from page_hit limit 1");
    expect(Object.keys(rows[0]!).sort()).toEqual(["at", "day", "device", "event_id", "id", "kind", "landing", "referrer", "screen", "signed_in", "visitor"]);
    const text = JSON.stringify((await context.database.pool.query("select * from page_hit")).rows);
    expect(text).not.toContain("198.51.100.7");
    expect(text).not.toContain("iPhone");
  });

  it("leaves out bots and prefetches, and still answers them 204", async () => {
    const at = appAt("2026-03-10T15:00:00Z");
    const counted = await beacon(at.app, view("/"), { userAgent: UA.phone });
    expect(counted.status).toBe(204);
    const ignored = [
      await beacon(at.app, view("/"), { userAgent: UA.headless }),
      await beacon(at.app, view("/"), { userAgent: UA.googlebot }),
      await beacon(at.app, view("/"), { userAgent: "curl/8.5.0" }),
      await beacon(at.app, view("/"), { userAgent: "" }),
      await beacon(at.app, view("/"), { userAgent: UA.phone, headers: { "sec-purpose": "prefetch" } }),
      await beacon(at.app, view("/"), { userAgent: UA.phone, headers: { "sec-purpose": "prefetch;prerender" } }),
      await beacon(at.app, view("/"), { userAgent: UA.phone, headers: { purpose: "prefetch" } }),
    ];
    for (const answer of ignored) expect(answer.status).toBe(204);
    expect((await at.report("2026-03-10", "2026-03-10")).totals).toEqual({ views: 1, visitors: 1, shares: 0 });
  });

  it("answers bad input with a clear 400, never a 500", async () => {
    const at = appAt("2026-03-11T15:00:00Z");
    const bad: [unknown, Record<string, string>?][] = [
      ["not json"],
      [""],
      ["[]"],
      ["null"],
      [{ kind: "view", path: "/" }],
      [{ kind: "click", path: "/", signedIn: false }],
      [{ kind: "view", path: "https://evil.example/", signedIn: false }],
      [{ kind: "view", path: "/?token=secret", signedIn: false }],
      [{ kind: "view", path: `/${"a".repeat(300)}`, signedIn: false }],
      [{ kind: "view", path: "/", signedIn: "yes" }],
      [{ kind: "view", path: "/", signedIn: false, referrer: "https://wa.me/123" }],
      [{ kind: "view", path: "/", signedIn: false, userId: "someone" }],
      [JSON.stringify({ kind: "view", path: "/", signedIn: false, referrer: "x".repeat(2000) })],
      // Nested as deep as fits in 1 KB: JSON.parse takes it, the schema refuses it (this route is before the body guard).
      [`${"[".repeat(500)}${"]".repeat(500)}`],
      [`${'{"a":'.repeat(200)}1${"}".repeat(200)}`],
      [view("/"), { "content-type": "application/x-www-form-urlencoded" }],
      [view("/"), { "content-type": "multipart/form-data; boundary=x" }],
    ];
    for (const [body, headers] of bad) {
      const answer = await beacon(at.app, body, { headers });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("validation");
    }
    // Its own limit on the declared length, before anything is read; and a length must be declared.
    for (const [body, headers] of [
      ["x".repeat(70 * 1024), {}],
      [JSON.stringify(view("/")), { "content-length": "5000" }],
    ] as const) {
      const answer = await beacon(at.app, body, { headers });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe("A hit is at most 1024 bytes.");
    }
    for (const headers of [{ "content-length": "" }, { "content-length": "12abc" }, { "transfer-encoding": "chunked" }] as Record<string, string>[]) {
      const answer = await beacon(at.app, view("/"), { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe("A hit is sent with its length (Content-Length).");
    }
    const json = await beacon(at.app, view("/"), { headers: { "content-type": "application/json" } });
    expect(json.status).toBe(204);
    expect((await at.report("2026-03-11", "2026-03-11")).totals.views).toBe(1);
  });

  it("refuses a beacon from another site's page", async () => {
    const answer = await beacon(context.app, view("/"), { headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
  });

  it("limits beacons per client address (429 with Retry-After), each address apart", async () => {
    const config = { ...context.config, rateLimits: { ...context.config.rateLimits, perAddress: { ...context.config.rateLimits.perAddress, analyticsHits: 3 } } };
    const app = createApp({ ...context.services, config });
    for (let i = 0; i < 3; i++) expect((await beacon(app, view("/"), { address: "192.0.2.50" })).status).toBe(204);
    const limited = await beacon(app, view("/"), { address: "192.0.2.50" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await beacon(app, view("/"), { address: "192.0.2.51" })).status).toBe(204);
  });

  it("writes hits in batches and keeps up with a burst", async () => {
    const at = appAt("2026-03-12T15:00:00Z");
    const answers = await Promise.all(Array.from({ length: 450 }, (_, i) => beacon(at.app, view("/your-events", { signedIn: true }), { address: `10.1.${i >> 8}.${i & 255}` })));
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    const report = await at.report("2026-03-12", "2026-03-12");
    expect(report.totals).toEqual({ views: 450, visitors: 450, shares: 0 });
    expect(dayOf(report, "2026-03-12").screens["your-events"]).toBe(450);
    expect(report.devices.find((entry) => entry.device === "desktop")?.visitors).toBe(450);
  });
});

describe("the report", () => {
  it("is for admins only: 401 signed out, 403 for a player", async () => {
    expect((await new TestClient(context).json("GET", "/api/admin/analytics?from=2026-01-01&to=2026-01-31")).status).toBe(401);
    const forbidden = await player.json<{ error: { code: string } }>("GET", "/api/admin/analytics?from=2026-01-01&to=2026-01-31");
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("forbidden");
    expect((await admin.json("GET", "/api/admin/analytics?from=2026-01-01&to=2026-01-31")).status).toBe(200);
  });

  it("refuses reversed, too long and malformed periods with a clear 400", async () => {
    const cases: [string, string, string][] = [
      ["from=2026-02-10&to=2026-02-01", "to", "The end date must not be before the start date."],
      ["from=2024-01-01&to=2026-01-02", "to", "Choose a period of at most two years."],
      ["from=2026-13-01&to=2026-12-31", "from", "Enter the start date as YYYY-MM-DD."],
      ["from=2026-02-30&to=2026-03-01", "from", "Enter the start date as YYYY-MM-DD."],
      ["from=yesterday&to=2026-03-01", "from", "Enter the start date as YYYY-MM-DD."],
      ["from=2026-01-01&to=2026-1-31", "to", "Enter the end date as YYYY-MM-DD."],
      ["from=2026-01-01&to=2026-01-31%27%20or%201=1", "to", "Enter the end date as YYYY-MM-DD."],
    ];
    for (const [query, field, message] of cases) {
      const answer = await admin.json<{ error: { code: string; message: string; fields: Record<string, string> } }>("GET", `/api/admin/analytics?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toEqual({ code: "validation", message, fields: { [field]: message } });
    }
    // Two years to the day (a leap day included) is fine; so is the default, the last 30 days.
    expect((await admin.json("GET", "/api/admin/analytics?from=2024-01-01&to=2025-12-31")).status).toBe(200);
    const defaulted = await admin.json<AnalyticsReport>("GET", "/api/admin/analytics");
    expect(defaulted.status).toBe(200);
    expect(defaulted.body.days).toHaveLength(30);
    expect(defaulted.body.period.to).toBe(dateInZone(new Date(), ZONE));
  });

  it("counts screens, referrers, devices and shares, and each game's funnel", async () => {
    const at = appAt("2026-04-14T16:00:00Z");
    const game = await insertEvent(context.database.db, { title: "Tuesday 7-a-side" });
    const other = await insertEvent(context.database.db, { title: "Sunday league" });
    const path = `/event/${game.id}`;
    // Three people open the game's link from WhatsApp; two sign in and look again; one shares it.
    await beacon(at.app, view(path, { referrer: "wa.me" }), { address: "198.51.100.1", userAgent: UA.phone });
    await beacon(at.app, view(path, { referrer: "com.whatsapp" }), { address: "198.51.100.2", userAgent: UA.phone });
    await beacon(at.app, view(path, { referrer: "t.co" }), { address: "198.51.100.3", userAgent: UA.desktop });
    await beacon(at.app, view("/", { signedIn: false }), { address: "198.51.100.1", userAgent: UA.phone });
    await beacon(at.app, view(path, { signedIn: true }), { address: "198.51.100.1", userAgent: UA.phone });
    await beacon(at.app, view(path, { signedIn: true }), { address: "198.51.100.2", userAgent: UA.phone });
    await beacon(at.app, { kind: "share", path, signedIn: true }, { address: "198.51.100.2", userAgent: UA.phone });
    await beacon(at.app, view(`/event/${other.id}`, { referrer: null, signedIn: true }), { address: "198.51.100.4", userAgent: UA.desktop });
    await beacon(at.app, view(`/event/${randomUUID()}`, { signedIn: true }), { address: "198.51.100.4", userAgent: UA.desktop });
    // Two join that day (one declined), one paid; a registration of another day is not in the period.
    const [first, second, third] = [await insertUser(context.database.db), await insertUser(context.database.db), await insertUser(context.database.db)];
    const joined = await registrationAt(game.id, first.id, "2026-04-14T17:00:00Z", "confirmed");
    await registrationAt(game.id, second.id, "2026-04-14T17:05:00Z", "payment_failed");
    await registrationAt(game.id, third.id, "2026-04-16T12:00:00Z", "confirmed");
    await chargeAt(game.id, joined, "2026-04-14T17:00:01Z", "succeeded");

    const report = await at.report("2026-04-14", "2026-04-14");
    expect(report.totals).toEqual({ views: 8, visitors: 4, shares: 1 });
    expect(report.screens.slice(0, 2)).toEqual([
      { screen: "event", views: 7 },
      { screen: "login", views: 1 },
    ]);
    expect(report.referrers).toEqual([
      { host: "whatsapp", visits: 2 },
      expect.objectContaining({ visits: 1 }),
      expect.objectContaining({ visits: 1 }),
    ]);
    expect(report.referrers.map((entry) => entry.host).sort()).toEqual(["t.co", "whatsapp", null].sort());
    expect(report.devices).toEqual([
      { device: "phone", visitors: 2 },
      { device: "desktop", visitors: 2 },
      { device: "tablet", visitors: 0 },
    ]);
    expect(report.games).toEqual([
      { eventId: game.id, title: "Tuesday 7-a-side", startsAt: game.startsAt.toISOString(), opened: 5, signedIn: 2, joined: 2, paid: 1, shares: 1 },
      { eventId: other.id, title: "Sunday league", startsAt: other.startsAt.toISOString(), opened: 1, signedIn: 1, joined: 0, paid: 0, shares: 0 },
    ]);
  });
});

describe("days in the organiser's zone, the roll-up and retention", () => {
  it("counts each day in America/Toronto, across midnight there (not UTC's), before and after the roll-up", async () => {
    // 23:59 on 9 November in Toronto is 04:59 UTC on the 10th; 00:01 on the 10th is 05:01 UTC.
    const at = appAt("2026-11-10T04:59:00Z");
    const game = await insertEvent(context.database.db, { title: "Midnight game" });
    await beacon(at.app, view(`/event/${game.id}`), { address: "198.51.100.20", userAgent: UA.phone });
    await beacon(at.app, view("/"), { address: "198.51.100.21", userAgent: UA.desktop });
    const late = await insertUser(context.database.db);
    await registrationAt(game.id, late.id, "2026-11-10T04:59:30Z", "confirmed");
    at.at.set("2026-11-10T05:01:00Z");
    await beacon(at.app, view(`/event/${game.id}`), { address: "198.51.100.20", userAgent: UA.phone });
    const early = await insertUser(context.database.db);
    await registrationAt(game.id, early.id, "2026-11-10T05:00:30Z", "confirmed");

    const expectations = (report: AnalyticsReport) => {
      expect(dayOf(report, "2026-11-09")).toMatchObject({ views: 2, visitors: 2 });
      expect(dayOf(report, "2026-11-10")).toMatchObject({ views: 1, visitors: 1 });
      expect(report.games).toEqual([expect.objectContaining({ eventId: game.id, opened: 2, joined: 2 })]);
    };
    // Today in Toronto is the 10th: the 9th is read from raw hits, not rolled up yet.
    expectations(await at.report("2026-11-09", "2026-11-10"));
    const nov9 = await at.report("2026-11-09", "2026-11-09");
    expect(nov9.games).toEqual([expect.objectContaining({ opened: 1, joined: 1 })]);

    // The next day the job adds up the 9th and the 10th; the report then reads the sums.
    at.at.set("2026-11-11T06:00:00Z");
    const rolled = await rollUpHits(context.database.pool, { timeZone: ZONE, now: at.at.get() });
    expect(rolled.rolledUp).toEqual(expect.arrayContaining(["2026-11-09", "2026-11-10"]));
    const sums = await context.database.pool.query<{ day: string; value: number }>(
      "select day::text as day, value from analytics_daily where metric = 'views' and day in ('2026-11-09', '2026-11-10') order by day",
    );
    expect(sums.rows).toEqual([
      { day: "2026-11-09", value: 2 },
      { day: "2026-11-10", value: 1 },
    ]);
    expectations(await at.report("2026-11-09", "2026-11-10"));
    // Raw hits of rolled-up days are not read again: a day's sums stand for it.
    await context.database.pool.query("delete from page_hit where day in ('2026-11-09', '2026-11-10')");
    expectations(await at.report("2026-11-09", "2026-11-10"));

    // Run again: the same sums (the job may run twice, or on two instances).
    await rollUpHits(context.database.pool, { timeZone: ZONE, now: at.at.get() });
    expectations(await at.report("2026-11-09", "2026-11-10"));
  });

  it("the same day in UTC is one day", async () => {
    const at = appAt("2026-11-20T04:59:00Z", "UTC");
    await beacon(at.app, view("/profile", { signedIn: true }), { address: "198.51.100.30" });
    at.at.set("2026-11-20T05:01:00Z");
    await beacon(at.app, view("/profile", { signedIn: true }), { address: "198.51.100.31" });
    const report = await at.report("2026-11-20", "2026-11-20");
    expect(report.period.timeZone).toBe("UTC");
    expect(dayOf(report, "2026-11-20")).toMatchObject({ views: 2, visitors: 2 });
  });

  it("rotates the salt daily (the same browser is another hash the next day) and deletes it after 2 days; raw hits after 30 days, sums never", async () => {
    const at = appAt("2026-06-01T15:00:00Z");
    const same = { address: "198.51.100.40", userAgent: UA.phone };
    await beacon(at.app, view("/"), same);
    await beacon(at.app, view("/profile"), same);
    at.at.set("2026-06-02T15:00:00Z");
    await beacon(at.app, view("/"), same);
    await at.analytics.buffer.flush();

    const salts = async () => (await context.database.pool.query<{ day: string }>("select day::text as day from analytics_salt where day between '2026-06-01' and '2026-06-30' order by day")).rows.map((row) => row.day);
    expect(await salts()).toEqual(["2026-06-01", "2026-06-02"]);
    const hashes = await context.database.pool.query<{ day: string; visitor: string }>(
      "select distinct day::text as day, visitor from page_hit where day in ('2026-06-01', '2026-06-02') order by day",
    );
    expect(hashes.rows).toHaveLength(2);
    expect(hashes.rows[0]!.visitor).not.toBe(hashes.rows[1]!.visitor);

    // On the 3rd the salt of the 1st goes; on the 4th that of the 2nd.
    await rollUpHits(context.database.pool, { timeZone: ZONE, now: new Date("2026-06-03T15:00:00Z") });
    expect(await salts()).toEqual(["2026-06-02"]);
    await rollUpHits(context.database.pool, { timeZone: ZONE, now: new Date("2026-06-04T15:00:00Z") });
    expect(await salts()).toEqual([]);

    // Raw hits stay 30 days after their day, then only the day's sums are left.
    const rawOn = async (day: string) => Number((await context.database.pool.query("select count(*) from page_hit where day = $1", [day])).rows[0].count);
    await rollUpHits(context.database.pool, { timeZone: ZONE, now: new Date("2026-07-01T15:00:00Z") });
    expect(await rawOn("2026-06-01")).toBe(2);
    await rollUpHits(context.database.pool, { timeZone: ZONE, now: new Date("2026-07-02T15:00:00Z") });
    expect(await rawOn("2026-06-01")).toBe(0);
    expect(await rawOn("2026-06-02")).toBe(1);
    const report = await at.report("2026-06-01", "2026-06-02");
    expect(dayOf(report, "2026-06-01")).toMatchObject({ views: 2, visitors: 1 });
    expect(dayOf(report, "2026-06-02")).toMatchObject({ views: 1, visitors: 1 });
  });

  it("runs as an hourly pg-boss job", async () => {
    let boss: Boss | undefined;
    try {
      boss = await startBoss(context.database.url);
      await context.database.pool.query("insert into analytics_salt (day, secret) values ('2020-01-01', 'old')");
      await startAnalyticsWorker(boss, { pool: context.database.pool, timeZone: ZONE });
      expect(await boss.getSchedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: ANALYTICS_QUEUE, cron: "41 * * * *" })]));
      await boss.send(ANALYTICS_QUEUE, {});
      const left = async () => Number((await context.database.pool.query("select count(*) from analytics_salt where day = '2020-01-01'")).rows[0].count);
      await expect.poll(left, { timeout: 15_000, interval: 200 }).toBe(0);
    } finally {
      await boss?.stop({ graceful: false, wait: true });
    }
  });
});

async function registrationAt(eventId: string, userId: string, at: string, status: string): Promise<string> {
  const { rows } = await context.database.pool.query<{ id: string }>(
    "insert into registration (event_id, user_id, role, status, amount_cents, created_at, updated_at) values ($1, $2, 'player', $3, 1000, $4, $4) returning id",
    [eventId, userId, status, at],
  );
  return rows[0]!.id;
}

async function chargeAt(eventId: string, registrationId: string, at: string, status: string) {
  await context.database.pool.query(
    `insert into payment (registration_id, event_id, kind, status, amount_cents, currency, idempotency_key, created_at, updated_at)
     values ($1, $2, 'charge', $3, 1000, 'cad', $4, $5, $5)`,
    [registrationId, eventId, status, randomUUID(), at],
  );
}
