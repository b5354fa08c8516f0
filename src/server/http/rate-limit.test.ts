import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpVerified, TestClient, TEST_PASSWORD, type TestContext, uniqueEmail } from "#test/test-app.ts";

/**
 * The limits with tight settings (the other suites run with generous ones, see test-app.ts; the
 * defaults are checked in config.test.ts and on the real server in main.test.ts).
 */
const contexts: TestContext[] = [];
async function contextWith(env: Record<string, string>) {
  const context = await createTestContext(env);
  contexts.push(context);
  return context;
}
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

interface ErrorBody {
  error: { code: string; message: string };
}

async function signIn(client: TestClient, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await client.request("POST", "/api/auth/sign-in/email", { email, password }, headers);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as ErrorBody };
}

function expectRateLimited(answer: { status: number; retryAfter: string | null; body: ErrorBody }) {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body.error.code).toBe("rate_limited");
  expect(answer.body.error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
}

describe("sign-in, per client address", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await contextWith({ RATE_LIMIT_SIGN_IN: "5", RATE_LIMIT_FAILED_PASSWORDS: "1000" });
  });

  it("keys on the socket's address and ignores the X-Forwarded-For a client makes up", async () => {
    const attacker = new TestClient(context, { remoteAddress: "203.0.113.10" });
    for (let guess = 0; guess < 5; guess++) {
      const answer = await signIn(attacker, uniqueEmail("victim"), `guess-${guess}-password`, { "x-forwarded-for": `198.51.100.${guess}` });
      expect(answer.status).toBe(401);
    }
    expectRateLimited(await signIn(attacker, uniqueEmail("victim"), "guess-5-password", { "x-forwarded-for": "198.51.100.99" }));

    // Someone else, at another address, is not held back.
    const neighbour = new TestClient(context, { remoteAddress: "203.0.113.11" });
    expect((await signIn(neighbour, uniqueEmail("victim"), "guess-password")).status).toBe(401);
  });
});

describe("sign-in behind trusted proxies (TRUST_PROXY)", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await contextWith({ RATE_LIMIT_SIGN_IN: "3", RATE_LIMIT_FAILED_PASSWORDS: "1000", TRUST_PROXY: "1" });
  });

  it("keys on the address the proxy saw, not on the ones the client added", async () => {
    // The proxy connects from loopback and appends the address it saw.
    const proxy = new TestClient(context, { remoteAddress: "127.0.0.1" });
    for (let guess = 0; guess < 3; guess++) {
      const answer = await signIn(proxy, uniqueEmail("victim"), "wrong-password", { "x-forwarded-for": `10.0.0.${guess}, 198.51.100.7` });
      expect(answer.status).toBe(401);
    }
    expectRateLimited(await signIn(proxy, uniqueEmail("victim"), "wrong-password", { "x-forwarded-for": "10.0.0.99, 198.51.100.7" }));
    expect((await signIn(proxy, uniqueEmail("victim"), "wrong-password", { "x-forwarded-for": "198.51.100.8" })).status).toBe(401);
  });
});

describe("failed passwords, per account", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await contextWith({ RATE_LIMIT_SIGN_IN: "100", RATE_LIMIT_FAILED_PASSWORDS: "3" });
  });

  it("slows the account after 3 wrong passwords, never the other accounts", async () => {
    const a = await signUpVerified(context);
    const b = await signUpVerified(context);
    const attacker = new TestClient(context, { remoteAddress: "203.0.113.20" });
    for (let guess = 0; guess < 3; guess++) expect((await signIn(attacker, a.email, `wrong-${guess}-password`)).status).toBe(401);

    // A's next sign-in waits, even with the right password and from another address.
    expectRateLimited(await signIn(new TestClient(context, { remoteAddress: "203.0.113.21" }), a.email, TEST_PASSWORD));
    // B signs in, from the attacker's address too.
    expect((await signIn(attacker, b.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(new TestClient(context, { remoteAddress: "203.0.113.22" }), b.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("counts the email address case-insensitively", async () => {
    const a = await signUpVerified(context);
    const attacker = new TestClient(context, { remoteAddress: "203.0.113.23" });
    for (const email of [a.email.toUpperCase(), a.email.replace(/^./, (first) => first.toUpperCase()), a.email]) expect((await signIn(attacker, email, "wrong-password")).status).toBe(401);
    expectRateLimited(await signIn(attacker, a.email, TEST_PASSWORD));
  });

  it("does not count right passwords, nor let parallel guesses slip past the limit", async () => {
    const a = await signUpVerified(context);
    const client = new TestClient(context, { remoteAddress: "203.0.113.24" });
    for (let i = 0; i < 5; i++) expect((await signIn(client, a.email, TEST_PASSWORD)).status).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(client, a.email, `parallel-${i}-password`)));
    expect(guesses.filter((guess) => guess.status === 401)).toHaveLength(3);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(7);
  });

  it("counts wrong passwords given to change the email, the password or to delete the account", async () => {
    for (const attempt of [
      (client: TestClient) => client.json("POST", "/api/me/email", { currentPassword: "wrong-password", newEmail: uniqueEmail("moved") }),
      (client: TestClient) => client.json("POST", "/api/auth/change-password", { currentPassword: "wrong-password", newPassword: "another-pass-1" }),
      (client: TestClient) => client.json("POST", "/api/auth/delete-user", { password: "wrong-password" }),
    ]) {
      const { client, email } = await signUpVerified(context);
      for (let guess = 0; guess < 3; guess++) expect((await attempt(client)).status).toBe(400);
      const fourth = await attempt(client);
      expect(fourth.status).toBe(429);
      expect((fourth.body as unknown as ErrorBody).error.code).toBe("rate_limited");
      expectRateLimited(await signIn(new TestClient(context), email, TEST_PASSWORD));
    }
  });
});

describe("sign-up, password reset, verification mails and password checks, per client address", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await contextWith({ RATE_LIMIT_SIGN_UP: "2", RATE_LIMIT_PASSWORD_RESET: "2", RATE_LIMIT_VERIFICATION_MAIL: "2", RATE_LIMIT_PASSWORD_CHECK: "2", RATE_LIMIT_FAILED_PASSWORDS: "1000" });
  });

  it.each<[string, (client: TestClient) => Promise<Response>]>([
    ["sign-up", (client) => client.request("POST", "/api/auth/sign-up/email", { email: uniqueEmail("new"), password: TEST_PASSWORD, name: "x", firstName: "New", lastName: "Player" })],
    ["password reset", (client) => client.request("POST", "/api/auth/request-password-reset", { email: uniqueEmail("someone"), redirectTo: "/reset-password" })],
    ["setting a new password", (client) => client.request("POST", "/api/auth/reset-password", { token: "made-up-token", newPassword: "another-pass-1" })],
    ["verification mail", (client) => client.request("POST", "/api/auth/send-verification-email", { email: uniqueEmail("someone"), callbackURL: "/" })],
  ])("limits %s", async (_label, attempt) => {
    const client = new TestClient(context, { remoteAddress: `203.0.113.${30 + Math.floor(Math.random() * 200)}` });
    for (let i = 0; i < 2; i++) expect((await attempt(client)).status).toBeLessThan(429);
    const limited = await attempt(client);
    expectRateLimited({ status: limited.status, retryAfter: limited.headers.get("retry-after"), body: (await limited.json()) as ErrorBody });
    expect((await attempt(new TestClient(context, { remoteAddress: "198.51.100.200" }))).status).toBeLessThan(429);
  });

  it("limits the password checks of email changes, password changes and account deletion together", async () => {
    const { client, userId } = await signUpVerified(context);
    const fromHome = new TestClient(context, { remoteAddress: "203.0.113.250" });
    for (const [name, value] of client.cookies) fromHome.cookies.set(name, value);
    expect((await fromHome.json("POST", "/api/me/email", { currentPassword: "wrong-password", newEmail: uniqueEmail("moved") })).status).toBe(400);
    expect((await fromHome.json("POST", "/api/auth/change-password", { currentPassword: "wrong-password", newPassword: "another-pass-1" })).status).toBe(400);
    const limited = await fromHome.request("POST", "/api/auth/delete-user", { password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await limited.json()) as ErrorBody).error.code).toBe("rate_limited");
    const { rows } = await context.database.pool.query(`select count(*) from "user" where id = $1`, [userId]);
    expect(rows[0].count).toBe("1");
  });
});
