import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH } from "#shared/password-rule.ts";
import { createTestContext, followLink, signUpVerified, TestClient, TEST_ORIGIN, TEST_PASSWORD, type TestContext, uniqueEmail } from "#test/test-app.ts";
import { VERIFICATION_PASS_SECONDS, verificationPasses } from "./verification-pass.ts";

/** Issue 10, first run: verification noticed on the first device, a second sign-up with the same address, the password rule. */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

const PASS_COOKIE = "better-auth.verification_pass";

function signUp(client: TestClient, email: string, password = TEST_PASSWORD) {
  return client.request("POST", "/api/auth/sign-up/email", { email, password, name: "x", firstName: "Fay", lastName: "First", callbackURL: "/" });
}

async function verifiedAnswer(client: TestClient): Promise<boolean> {
  const answer = await client.json<{ verified: boolean }>("GET", "/api/me/verification");
  expect(answer.status).toBe(200);
  return answer.body.verified;
}

async function verificationLink(email: string, after: number): Promise<string> {
  const mail = await context.mail.waitFor(email, "verify", { after });
  const link = mail.links.find((candidate) => candidate.includes("/api/auth/verify-email"));
  if (!link) throw new Error(`no verification link in "${mail.subject}"`);
  return link;
}

describe("the browser that registered notices a verification made elsewhere", () => {
  it("answers verified to that browser only once the link was opened on another device", async () => {
    const email = uniqueEmail("first-device");
    const before = context.mail.mails.length;
    const registering = new TestClient(context);
    expect((await signUp(registering, email)).status).toBe(200);
    expect(registering.cookies.has(PASS_COOKIE)).toBe(true);
    expect(await verifiedAnswer(registering)).toBe(false);

    const phone = new TestClient(context);
    expect((await followLink(phone, await verificationLink(email, before))).status).toBe(302);

    expect(await verifiedAnswer(registering)).toBe(true);
    // Still no session on the first device: it is told to log in.
    expect((await registering.json<{ user: null }>("GET", "/api/me")).body.user).toBeNull();
    // Nobody else learns anything: no pass, or a pass that was tampered with, is "not verified".
    expect(await verifiedAnswer(new TestClient(context))).toBe(false);
    const forger = new TestClient(context);
    const genuine = registering.cookies.get(PASS_COOKIE)!;
    forger.cookies.set(PASS_COOKIE, `${genuine.slice(0, 20)}${genuine[20] === "A" ? "B" : "A"}${genuine.slice(21)}`);
    expect(await verifiedAnswer(forger)).toBe(false);
  });

  it("never answers verified to someone who registers an address that was already verified", async () => {
    const owner = await signUpVerified(context);
    const stranger = new TestClient(context);
    expect((await signUp(stranger, owner.email)).status).toBe(200);
    expect(stranger.cookies.has(PASS_COOKIE)).toBe(true);
    expect(await verifiedAnswer(stranger)).toBe(false);
    // The owner carrying on with their account changes nothing for the stranger.
    expect((await owner.client.json("PATCH", "/api/me/name", { firstName: "Owen", lastName: "Owner" })).status).toBe(200);
    expect(await verifiedAnswer(stranger)).toBe(false);
  });

  it("gives a pass to a sign-in refused for an unverified address (right password), not to a wrong password", async () => {
    const email = uniqueEmail("came-back");
    const before = context.mail.mails.length;
    expect((await signUp(new TestClient(context), email)).status).toBe(200);

    const wrong = new TestClient(context);
    expect((await wrong.request("POST", "/api/auth/sign-in/email", { email, password: "not-the-password" })).status).toBe(401);
    expect(wrong.cookies.has(PASS_COOKIE)).toBe(false);

    const returning = new TestClient(context);
    const refused = await returning.json<{ code: string }>("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(await verifiedAnswer(returning)).toBe(false);

    expect((await followLink(new TestClient(context), await verificationLink(email, before))).status).toBe(302);
    expect(await verifiedAnswer(returning)).toBe(true);
  });

  it("stops answering once the pass is older than a day", async () => {
    const passes = verificationPasses(context.services.auth);
    const { userId } = await signUpVerified(context);
    const issued = Date.parse("2030-01-01T00:00:00Z");
    const header = await passes.setCookie({ userId, answers: true }, issued);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/Path=\/api\/me\/verification/);
    const cookie = header.split(";")[0]!;
    expect(await passes.read(cookie, issued + 1000)).toEqual({ userId, answers: true, issuedAt: issued / 1000 });
    expect(await passes.read(cookie, issued + (VERIFICATION_PASS_SECONDS + 1) * 1000)).toBeNull();
  });
});

describe("registering with an address that has an account", () => {
  it("answers as for a new address and mails the owner that the account exists, with login and reset links", async () => {
    const owner = await signUpVerified(context);
    const fresh = new TestClient(context);
    const again = new TestClient(context);
    const before = context.mail.mails.length;
    const [newAnswer, takenAnswer] = [await signUp(fresh, uniqueEmail("new-one")), await signUp(again, owner.email)];
    expect([newAnswer.status, takenAnswer.status]).toEqual([200, 200]);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, keys: Object.keys(body.user).sort() });
    expect(shape(await takenAnswer.json())).toEqual(shape(await newAnswer.json()));
    const cookieShape = (response: Response) => response.headers.getSetCookie().map((line) => line.replace(/=[^;]*/, "=…"));
    expect(cookieShape(takenAnswer)).toEqual(cookieShape(newAnswer));
    expect(again.cookies.get(PASS_COOKIE)!.length).toBe(fresh.cookies.get(PASS_COOKIE)!.length);

    const mail = await context.mail.waitFor(owner.email, "already have", { after: before });
    expect(mail.subject).toBe("You already have a Kickoff account");
    expect(mail.links).toEqual([`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/forgot-password`]);
    expect(mail.text).toContain("Log in:");
    expect(mail.text).toContain("Reset password:");
    // No new account, and the owner's password is unchanged.
    const { rows } = await context.database.pool.query(`select count(*)::int as users from "user" where email = $1`, [owner.email]);
    expect(rows[0].users).toBe(1);
    expect((await new TestClient(context).json("POST", "/api/auth/sign-in/email", { email: owner.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("sends a fresh verification link to an address registered but not verified yet", async () => {
    const email = uniqueEmail("twice");
    const first = new TestClient(context);
    expect((await signUp(first, email)).status).toBe(200);
    await context.mail.waitFor(email, "verify");
    const before = context.mail.mails.length;

    const second = new TestClient(context);
    expect((await signUp(second, email, "another-password-9")).status).toBe(200);
    const link = await verificationLink(email, before);
    expect(context.mail.mails.slice(before).some((mail) => /already have/i.test(mail.subject))).toBe(false);
    expect(await verifiedAnswer(second)).toBe(false);

    expect((await followLink(new TestClient(context), link)).status).toBe(302);
    // Both browsers that waited for this address see it verified; the account keeps its first password.
    expect(await verifiedAnswer(second)).toBe(true);
    expect(await verifiedAnswer(first)).toBe(true);
    expect((await new TestClient(context).json("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe("the password rule", () => {
  const short = "x".repeat(PASSWORD_MIN_LENGTH - 1);
  const enough = "y".repeat(PASSWORD_MIN_LENGTH);

  it(`refuses a new password shorter than ${PASSWORD_MIN_LENGTH} characters at sign-up, change and reset`, async () => {
    const refused = await new TestClient(context).json<{ code: string }>("POST", "/api/auth/sign-up/email", {
      email: uniqueEmail("short"),
      password: short,
      name: "x",
      firstName: "Sho",
      lastName: "Rt",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("PASSWORD_TOO_SHORT");
    expect((await signUp(new TestClient(context), uniqueEmail("enough"), enough)).status).toBe(200);

    const { client, email } = await signUpVerified(context);
    const change = await client.json<{ code: string }>("POST", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: short });
    expect(change.status).toBe(400);
    expect(change.body.code).toBe("PASSWORD_TOO_SHORT");

    const before = context.mail.mails.length;
    expect((await client.json("POST", "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
    const resetMail = await context.mail.waitFor(email, "reset", { after: before });
    const redirect = await followLink(client, resetMail.links.find((link) => link.includes("/api/auth/reset-password/"))!);
    const token = new URL(redirect.headers.get("location")!, TEST_ORIGIN).searchParams.get("token");
    const reset = await client.json<{ code: string }>("POST", "/api/auth/reset-password", { token, newPassword: short });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe("PASSWORD_TOO_SHORT");
  });
});

describe("the verification re-check limit", () => {
  let tight: TestContext;
  beforeAll(async () => {
    tight = await createTestContext({ RATE_LIMIT_VERIFICATION_CHECK: "3" });
  });
  afterAll(async () => {
    await tight?.close();
  });

  it("answers 429 with Retry-After once an address has asked too often", async () => {
    const client = new TestClient(tight, { remoteAddress: "203.0.113.7" });
    for (let attempt = 0; attempt < 3; attempt++) expect((await client.request("GET", "/api/me/verification")).status).toBe(200);
    const limited = await client.request("GET", "/api/me/verification");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await new TestClient(tight, { remoteAddress: "198.51.100.4" }).request("GET", "/api/me/verification")).status).toBe(200);
  });
});
