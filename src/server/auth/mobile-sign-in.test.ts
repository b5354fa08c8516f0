import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileAppOrigins } from "#shared/mobile.ts";
import { OidcIssuer } from "#test/oidc-issuer.ts";
import { createTestContext, TestClient, uniqueEmail, type TestContext } from "#test/test-app.ts";

/**
 * A provider's sign-in from the mobile app (docs/decisions/045-provider-sign-in-in-the-mobile-app.md):
 * the system browser goes through the provider and back to the app's link with a one-time code,
 * which only the app that started (its verifier) turns into a session of the web view's own.
 */
const SITE = "https://kickoff.test";
const [ANDROID_APP] = mobileAppOrigins(SITE) as [string, string];
let issuer: OidcIssuer;
let context: TestContext;
beforeAll(async () => {
  issuer = await new OidcIssuer().start();
  context = await createTestContext({ PUBLIC_URL: SITE, OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: "kickoff-club", OIDC_CLIENT_SECRET: "club-secret", OIDC_LABEL: "Authentik" });
});
afterAll(async () => {
  await context?.close();
  await issuer?.stop();
});

/** The app's web view: its origin, its own cookies. */
class WebView {
  readonly client = new TestClient(context);
  readonly verifier = randomBytes(32).toString("base64url");
  request(method: string, path: string, body?: Record<string, unknown>) {
    return this.client.request(method, `${SITE}${path}`, body, { origin: ANDROID_APP });
  }
  async json<T>(method: string, path: string, body?: Record<string, unknown>) {
    const response = await this.request(method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  }
}

/** The system browser: follows redirects on the site and at the provider, and stops at the app's link. */
async function systemBrowser(browser: TestClient, start: string): Promise<{ link: URL; visited: string[] }> {
  const visited: string[] = [];
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    visited.push(url);
    const response = url.startsWith(SITE) ? await browser.request("GET", url, undefined, { origin: "" }) : await fetch(url, { redirect: "manual" });
    expect(response.status, `${url}: ${await response.clone().text()}`).toBe(302);
    url = new URL(response.headers.get("location")!, url).href;
    if (url.startsWith("kickoff:")) return { link: new URL(url), visited };
  }
  throw new Error(`no way back to the app after ${visited.join(" → ")}`);
}

async function startFromApp(app: WebView) {
  const start = await app.json<{ url: string }>("POST", "/api/auth/mobile/sign-in", { provider: "oidc", verifier: app.verifier });
  expect(start.status).toBe(200);
  return start.body.url;
}

describe("a provider's sign-in from the mobile app", () => {
  it("goes through the system browser and back by kickoff://auth/signed-in; the app's code makes the web view's session, the browser keeps none", async () => {
    const email = uniqueEmail("mobile");
    issuer.signInAs({ sub: `mobile-${email}`, email, email_verified: true, name: "Mo Bile", given_name: "Mo", family_name: "Bile" });
    const app = new WebView();
    const start = await startFromApp(app);
    expect(start).toMatch(new RegExp(`^${SITE}/api/auth/mobile/sign-in/[A-Za-z0-9_-]{32}$`));

    const browser = new TestClient(context);
    const { link, visited } = await systemBrowser(browser, start);
    // The redirect URLs, in order: the attempt, the provider, the provider's callback on the site, the page that hands over.
    expect(visited.map((url) => new URL(url).pathname)).toEqual([new URL(start).pathname, "/authorize", "/api/auth/callback/oidc", new URL(visited[3]!).pathname]);
    expect(new URL(visited[1]!).searchParams.get("redirect_uri")).toBe(`${SITE}/api/auth/callback/oidc`);
    expect(visited[3]).toMatch(new RegExp(`^${SITE}/api/auth/mobile/signed-in/[A-Za-z0-9_-]{32}$`));
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe("kickoff://auth/signed-in");
    const code = link.searchParams.get("code")!;
    expect(code).toBeTruthy();
    // The system browser is signed out again.
    expect((await browser.json<{ user: null }>("GET", `${SITE}/api/me`)).body.user).toBeNull();

    const redeemed = await app.request("POST", "/api/auth/mobile/session", { code, verifier: app.verifier });
    expect(redeemed.status).toBe(200);
    expect(redeemed.headers.get("access-control-allow-origin")).toBe(ANDROID_APP);
    expect(redeemed.headers.getSetCookie().join("\n")).toMatch(/__Secure-better-auth\.session_token=.*SameSite=Lax/i);
    expect((await app.json<{ user: { email: string; firstName: string } }>("GET", "/api/me")).body.user).toMatchObject({ email, firstName: "Mo" });

    // A code is good once.
    const again = await new WebView().json<{ code: string }>("POST", "/api/auth/mobile/session", { code, verifier: app.verifier });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("MOBILE_SIGN_IN_EXPIRED");
  });

  it("opens nothing for a code redeemed without the verifier of the app that started (a link opened on someone else's phone)", async () => {
    const email = uniqueEmail("mobile");
    issuer.signInAs({ sub: `mobile-${email}`, email, email_verified: true, name: "Vic Tim" });
    const attacker = new WebView();
    const start = await startFromApp(attacker);
    // The victim's browser completes the attacker's attempt; the code goes to the victim's phone.
    const { link } = await systemBrowser(new TestClient(context), start);
    const victimsApp = new WebView();
    const refused = await victimsApp.json<{ code: string; message: string }>("POST", "/api/auth/mobile/session", { code: link.searchParams.get("code"), verifier: victimsApp.verifier });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "MOBILE_SIGN_IN_EXPIRED", message: "This sign-in has expired, or it was started on another device. Please sign in again." });
    expect((await victimsApp.json<{ user: null }>("GET", "/api/me")).body.user).toBeNull();
  });

  it("comes back by kickoff://auth/failed?error= when the provider's sign-in does not succeed, and for an attempt unknown", async () => {
    issuer.denyNext();
    const app = new WebView();
    const denied = await systemBrowser(new TestClient(context), await startFromApp(app));
    expect(`${denied.link.protocol}//${denied.link.host}${denied.link.pathname}`).toBe("kickoff://auth/failed");
    expect(denied.link.searchParams.get("error")).toBe("access_denied");

    const unknown = await systemBrowser(new TestClient(context), `${SITE}/api/auth/mobile/sign-in/${"x".repeat(32)}`);
    expect(unknown.link.href).toBe("kickoff://auth/failed?error=state_not_found");
  });

  it("refuses a provider that is not configured and a verifier that is too short", async () => {
    const app = new WebView();
    expect((await app.request("POST", "/api/auth/mobile/sign-in", { provider: "github", verifier: app.verifier })).status).toBe(404);
    expect((await app.request("POST", "/api/auth/mobile/sign-in", { provider: "oidc", verifier: "short" })).status).toBe(400);
  });
});
