import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipientLimit } from "./recipient-limit.ts";
import { createTestContext, signUpVerified, TestClient, TEST_PASSWORD, type TestContext, uniqueEmail } from "#test/test-app.ts";

/**
 * Mail bombing one inbox (issue 14): requests from anywhere, each within the per-client limits,
 * must not fill one address's inbox. Through the app with its default settings (3 mails of a kind
 * per address in 15 minutes), counted at the real SMTP server the mails go to.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

const REQUESTS = 10;

/** A different client address for each request, as a botnet would use: only the recipient links them. */
let nextAddress = 1;
const anotherClient = () => new TestClient(context, { remoteAddress: `198.51.100.${nextAddress++ % 250}` });

async function answer(request: Promise<Response>) {
  const response = await request;
  return { status: response.status, body: await response.text(), setCookie: response.headers.getSetCookie().map((line) => line.replace(/=[^;]*/, "=…")) };
}

const mailsTo = (email: string, subject: RegExp) => context.mail.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && subject.test(mail.subject));

/**
 * Every mail the requests so far caused has arrived: a mail asked for after them, to another
 * address, is waited for, and a moment more for any that took another connection.
 */
async function settled() {
  const { email } = await signUpVerified(context);
  const before = context.mail.mails.length;
  await anotherClient().request("POST", "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
  await context.mail.waitFor(email, "reset", { after: before });
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe("mails to one address, per kind of mail", () => {
  it("sends 3 password-reset mails, and answers the 7 over the limit as for an address without an account", async () => {
    const { email } = await signUpVerified(context);
    const reset = (address: string) => answer(anotherClient().request("POST", "/api/auth/request-password-reset", { email: address, redirectTo: "/reset-password" }));
    const unknown = await reset(uniqueEmail("nobody"));
    expect(unknown.status).toBe(200);
    for (let i = 0; i < REQUESTS; i++) expect(await reset(i % 2 ? email : email.toUpperCase())).toEqual(unknown);
    await settled();
    expect(mailsTo(email, /reset/i)).toHaveLength(3);
  });

  it("sends 3 verification mails (the sign-up's included) however often they are asked for again", async () => {
    const email = uniqueEmail("unverified");
    expect((await anotherClient().request("POST", "/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "x", firstName: "Una", lastName: "Verified" })).status).toBe(200);
    const resend = (address: string) => answer(anotherClient().request("POST", "/api/auth/send-verification-email", { email: address, callbackURL: "/" }));
    const unknown = await resend(uniqueEmail("nobody"));
    expect(unknown.status).toBe(200);
    for (let i = 0; i < REQUESTS; i++) expect(await resend(email)).toEqual(unknown);
    await settled();
    expect(mailsTo(email, /verify/i)).toHaveLength(3);
  });

  it("sends 3 'You already have an account' mails to an owner whose address is registered again and again", async () => {
    const owner = await signUpVerified(context);
    const signUp = (address: string) =>
      anotherClient().request("POST", "/api/auth/sign-up/email", { email: address, password: TEST_PASSWORD, name: "x", firstName: "Sam", lastName: "Same", callbackURL: "/" });
    for (let i = 0; i < REQUESTS; i++) expect((await signUp(owner.email)).status).toBe(200);
    await settled();
    expect(mailsTo(owner.email, /already have/i)).toHaveLength(3);
  });

  it("counts each kind of mail apart, and each address apart", async () => {
    const { email } = await signUpVerified(context);
    const neighbour = await signUpVerified(context);
    for (let i = 0; i < 4; i++) await anotherClient().request("POST", "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    // The reset mails are spent; the account's other mails and another address's resets are not.
    for (let i = 0; i < 2; i++) {
      await anotherClient().request("POST", "/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "x", firstName: "Sam", lastName: "Same" });
      await anotherClient().request("POST", "/api/auth/request-password-reset", { email: neighbour.email, redirectTo: "/reset-password" });
    }
    await settled();
    expect(mailsTo(email, /reset/i)).toHaveLength(3);
    expect(mailsTo(email, /already have/i)).toHaveLength(2);
    expect(mailsTo(neighbour.email, /reset/i)).toHaveLength(2);
  });
});

describe("recipientLimit", () => {
  const MINUTE = 60_000;

  it("allows 3 in any 15 minutes: one more as soon as the oldest is 15 minutes old", async () => {
    let now = 0;
    const limit = recipientLimit({ limit: 3, windowMs: 15 * MINUTE, now: () => now });
    const at = async (minute: number) => {
      now = minute * MINUTE;
      return limit.allow("passwordReset", "Pat@Example.com ");
    };
    expect([await at(0), await at(5), await at(10), await at(14.9)]).toEqual([true, true, true, false]);
    // A refused mail is not counted: the one at 0 frees its place at 15, the one at 5 at 20.
    expect([await at(15), await at(19.9), await at(20), await at(21)]).toEqual([true, false, true, false]);
    expect(await limit.allow("passwordReset", "pat@example.com")).toBe(false);
    expect(await limit.allow("verification", "pat@example.com")).toBe(true);
    expect(await limit.allow("passwordReset", "other@example.com")).toBe(true);
  });
});
