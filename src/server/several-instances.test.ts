import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "#test/payments.ts";
import { createTestContext, followLink, signUpVerified, TEST_PASSWORD, TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "./app.ts";
import { connect } from "./db/client.ts";
import { pruneBuckets } from "./http/rate-limit-store.ts";
import { pruneRecipientTimes } from "./mail/recipient-limit.ts";
import { createContext } from "./context.ts";

/**
 * Two instances of the app on one database, as behind a load balancer (docs/decisions/026-shared-state.md):
 * each with its own pool, listening connection and caches. What one does, the other honours at once.
 * PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
let context: TestContext;
let second: { app: ReturnType<typeof createApp>; services: ReturnType<typeof createContext>; close(): Promise<void> };

beforeAll(async () => {
  context = await createTestContext({ RATE_LIMIT_SIGN_IN: "4", RATE_LIMIT_FAILED_PASSWORDS: "1000" });
  const database = connect(context.database.url, 4);
  const services = createContext(context.config, database, { mailer: context.services.mailer });
  await services.live.start();
  second = {
    app: createApp(services),
    services,
    async close() {
      await services.live.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await context?.close();
});

/** The same browser (its cookies) talking to the second instance. */
function onSecond(client: TestClient, remoteAddress?: string): TestClient {
  const there = new TestClient({ app: second.app }, { remoteAddress });
  for (const [name, value] of client.cookies) there.cookies.set(name, value);
  return there;
}

/**
 * What the other instance answers within a moment: PostgreSQL delivers a notification to every
 * listener when the change commits, but the other instance handles it on its own event loop, so a
 * request sent the instant the change's answer arrives may still be served a few milliseconds before
 * it. 200 ms is far inside the session cache's 1 s: only the announcement can make these pass.
 */
async function soon<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 200;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("sessions", () => {
  it("a sign-out on one instance is refused on the other at once", async () => {
    const { client } = await signUpVerified(context);
    const there = onSecond(client);
    // The second instance has just looked the session up and keeps it for a second. (/api/me/events
    // needs a session; /api/me would answer 200 with no user.)
    expect((await there.get("/api/me/events")).status).toBe(200);
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await soon(async () => (await there.get("/api/me/events")).status, 401)).toBe(401);
  });

  it("a password change that revokes the other sessions ends them on the other instance at once", async () => {
    const { client, email } = await signUpVerified(context);
    // The same account signed in on another device, served by the second instance.
    const phone = new TestClient({ app: second.app });
    expect((await phone.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await phone.get("/api/me/events")).status).toBe(200);
    const changed = await client.json("POST", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "another-pass-1", revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect(await soon(async () => (await phone.get("/api/me/events")).status, 401)).toBe(401);
  });

  it("a password reset on one instance ends the sessions the other was serving", async () => {
    const { client, email } = await signUpVerified(context);
    const there = onSecond(client);
    expect((await there.get("/api/me/events")).status).toBe(200);
    const stranger = new TestClient(context);
    const before = context.mail.mails.length;
    expect((await stranger.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
    const mail = await context.mail.waitFor(email, "reset", { after: before });
    const redirect = await followLink(stranger, mail.links.find((link) => link.includes("/api/auth/reset-password/"))!);
    const token = new URL(redirect.headers.get("location")!, "http://localhost").searchParams.get("token");
    // The cache is refreshed just before the reset, so only the announcement can drop it in time.
    expect((await there.get("/api/me/events")).status).toBe(200);
    expect((await stranger.json("POST", "/api/auth/reset-password", { token, newPassword: "a-brand-new-pass" })).status).toBe(200);
    expect(await soon(async () => (await there.get("/api/me/events")).status, 401)).toBe(401);
  });

  it("an account deleted through one instance is signed out on the other at once", async () => {
    const { client } = await signUpVerified(context);
    const there = onSecond(client);
    expect((await there.get("/api/me/events")).status).toBe(200);
    expect((await client.json("POST", "/api/auth/delete-user", { password: TEST_PASSWORD })).status).toBe(200);
    expect(await soon(async () => (await there.get("/api/me/events")).status, 401)).toBe(401);
  });

  it("a cache on one instance is invalidated by a change on the other: a new name shows at once", async () => {
    const { client } = await signUpVerified(context, { firstName: "Old", lastName: "Name" });
    const there = onSecond(client);
    expect((await there.json<{ user: { name: string } }>("GET", "/api/me")).body.user.name).toBe("Old Name");
    expect((await client.json("PATCH", "/api/me/name", { firstName: "New", lastName: "Name" })).status).toBe(200);
    expect(await soon(async () => (await there.json<{ user: { name: string } }>("GET", "/api/me")).body.user.name, "New Name")).toBe("New Name");
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("after losing its listening connection an instance drops its session cache", async () => {
    const { client } = await signUpVerified(context);
    const there = onSecond(client);
    expect((await there.get("/api/me/events")).status).toBe(200);
    // The second instance stops hearing; meanwhile the sessions go without an announcement (the
    // trigger off inside this transaction), as if it had been missed.
    const resets: number[] = [];
    const stop = second.services.live.channel.onReset(() => resets.push(Date.now()));
    const connection = await context.database.pool.connect();
    try {
      await connection.query("select pg_terminate_backend($1)", [second.services.live.channel.listenerPid]);
      await connection.query("begin");
      await connection.query("alter table session disable trigger session_change_announced");
      await connection.query("delete from session");
      await connection.query("alter table session enable trigger session_change_announced");
      await connection.query("commit");
      await eventually(async () => (resets.length > 0 ? true : undefined), "the channel to reconnect", 10_000);
    } finally {
      connection.release();
      stop();
    }
    expect(await soon(async () => (await there.get("/api/me/events")).status, 401)).toBe(401);
  });
});

describe("rate limits", () => {
  it("a limit spans both instances: 4 sign-ins from one address over two instances, then 429 on either", async () => {
    const address = "198.51.100.40";
    const here = new TestClient(context, { remoteAddress: address });
    const there = new TestClient({ app: second.app }, { remoteAddress: address });
    const signIn = (client: TestClient) => client.request("POST", "/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong-password" });
    for (const client of [here, there, here, there]) expect((await signIn(client)).status).toBe(401);
    for (const client of [here, there]) {
      const refused = await signIn(client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    }
    // Another address is not held back.
    expect((await signIn(new TestClient({ app: second.app }, { remoteAddress: "198.51.100.41" }))).status).toBe(401);
  });

  it("the account mails to one address count over both instances: 3 reset mails, not 3 per instance", async () => {
    const { email } = await signUpVerified(context);
    let address = 1;
    const reset = (app: ReturnType<typeof createApp>) =>
      new TestClient({ app }, { remoteAddress: `203.0.113.${address++}` }).request("POST", "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    const before = context.mail.mails.length;
    for (const app of [context.app, second.app, context.app, second.app, context.app, second.app]) expect((await reset(app)).status).toBe(200);
    await context.mail.waitFor(email, "reset", { after: before });
    // Every mail asked for has had the time to arrive (they leave after the answer).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(context.mail.mails.slice(before).filter((mail) => mail.to.includes(email.toLowerCase()) && /reset/i.test(mail.subject))).toHaveLength(3);
  });

  it("buckets untouched for a whole window are pruned; the others stay", async () => {
    const pool = context.database.pool;
    await pool.query("insert into rate_limit_bucket (key, tokens, taken, updated_at) values ('old|test', 0, true, now() - interval '16 minutes'), ('recent|test', 0, true, now())");
    expect(await pruneBuckets(pool, context.config.rateLimits.windowMs)).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query<{ key: string }>("select key from rate_limit_bucket where key like '%|test'");
    expect(rows.map((row) => row.key)).toEqual(["recent|test"]);

    await pool.query("insert into mail_recipient_sent (key, sent) values ('old|test', array[now() - interval '20 minutes', now() - interval '16 minutes']), ('recent|test', array[now() - interval '20 minutes', now()])");
    expect(await pruneRecipientTimes(pool, context.config.rateLimits.windowMs)).toBe(1);
    const { rows: mails } = await pool.query<{ key: string }>("select key from mail_recipient_sent where key like '%|test'");
    expect(mails.map((row) => row.key)).toEqual(["recent|test"]);
  });
});

describe("recurring jobs", () => {
  it("a schedule kept by two instances runs once per minute it names", async () => {
    const queue = "several-instances-tick";
    const runs: string[] = [];
    // Both instances check the schedules every second (pg-boss's default is every 30 s): many
    // chances to send the same minute's job twice.
    const start = async (name: string) => {
      const boss = new PgBoss({ connectionString: context.database.url, max: 2, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 });
      boss.on("error", () => undefined);
      await boss.start();
      await boss.createQueue(queue, { name: queue, policy: "singleton", retryLimit: 0 });
      await boss.schedule(queue, "* * * * *");
      await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
        runs.push(name);
      });
      return boss;
    };
    // Away from a minute's end, so that the whole test falls in one minute.
    const seconds = new Date().getSeconds();
    if (seconds > 40) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const bosses = [await start("first"), await start("second")];
    try {
      await eventually(async () => (runs.length > 0 ? true : undefined), "the scheduled job to run", 15_000);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(runs).toHaveLength(1);
    } finally {
      for (const boss of bosses) await boss.stop({ graceful: false, wait: true });
    }
  }, 90_000);
});
