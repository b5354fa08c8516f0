import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { OidcIssuer, type ProviderPerson } from "#test/oidc-issuer.ts";
import { createTestContext, signUpVerified, TestClient, TEST_ORIGIN, uniqueEmail, type TestContext } from "#test/test-app.ts";

/**
 * Signing in with Google and with any OpenID Connect provider (docs/decisions/044-sign-in-with-openid-connect.md),
 * through the app's HTTP routes, against a real issuer on loopback: discovery, PKCE, the signed ID
 * token and its nonce. Google is the same path with GOOGLE_ISSUER pointed at the issuer.
 */
let issuer: OidcIssuer;
let context: TestContext;
beforeAll(async () => {
  issuer = await new OidcIssuer().start();
  context = await createTestContext({
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: "kickoff-club",
    OIDC_CLIENT_SECRET: "club-secret",
    OIDC_LABEL: "Authentik",
    GOOGLE_CLIENT_ID: "kickoff-google",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: issuer.url,
  });
});
afterAll(async () => {
  await context?.close();
  await issuer?.stop();
});

let counter = 0;
function person(overrides: Partial<ProviderPerson> = {}): ProviderPerson {
  counter += 1;
  return { sub: `subject-${Date.now().toString(36)}-${counter}`, email: uniqueEmail("provider"), email_verified: true, name: "Rosa Park", given_name: "Rosa", family_name: "Park", ...overrides };
}

/**
 * The whole round trip as a browser makes it: the button's request, the provider's authorization
 * endpoint (which answers at once), and the callback on the app, whose answer is returned.
 */
async function signInWith(client: TestClient, provider: "oidc" | "google" = "oidc") {
  const start = await client.json<{ url: string }>("POST", "/api/auth/sign-in/social", { provider, callbackURL: "/", errorCallbackURL: "/", disableRedirect: true });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authorize = new URL(start.body.url);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer.url}/authorize`);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/${provider}`);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("nonce")).toBeTruthy();
  const atProvider = await fetch(start.body.url, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("location")!);
  const callback = await client.request("GET", `${back.pathname}${back.search}`);
  return { callback, location: new URL(callback.headers.get("location") ?? "", TEST_ORIGIN) };
}

async function me(client: TestClient) {
  return (await client.json<{ user: Record<string, unknown> | null }>("GET", "/api/me")).body.user;
}

async function usersWithEmail(email: string) {
  const result = await context.database.pool.query<{ id: string }>(`select id from "user" where email = $1`, [email.toLowerCase()]);
  return result.rows;
}

async function providerAccounts(email: string) {
  const result = await context.database.pool.query<{ provider_id: string }>(
    `select a.provider_id from account a join "user" u on u.id = a.user_id where u.email = $1 order by a.provider_id`,
    [email.toLowerCase()],
  );
  return result.rows.map((row) => row.provider_id);
}

describe("the configured providers", () => {
  it("are in the public configuration, in the order of their buttons, without their secrets", async () => {
    const config = await new TestClient(context).json<Record<string, unknown>>("GET", "/api/config");
    expect(config.body.signInProviders).toEqual([
      { id: "google", label: "Google" },
      { id: "oidc", label: "Authentik" },
    ]);
    expect(JSON.stringify(config.body)).not.toContain("secret");
  });
});

describe("signing in with a provider", () => {
  it("makes the account with the provider's name on the first sign-in, and opens the same account on the next", async () => {
    const someone = person();
    issuer.signInAs(someone);
    const first = new TestClient(context);
    const { callback, location } = await signInWith(first);
    expect(callback.status).toBe(302);
    expect(location.pathname).toBe("/");
    expect(location.searchParams.get("error")).toBeNull();
    const user = await me(first);
    expect(user).toMatchObject({ email: someone.email, emailVerified: true, firstName: "Rosa", lastName: "Park", name: "Rosa Park", hasPassword: false, signIns: ["oidc"] });

    const again = new TestClient(context);
    await signInWith(again);
    expect((await me(again))?.id).toBe(user?.id);
    expect(await usersWithEmail(someone.email)).toHaveLength(1);
  });

  it("splits the display name when the provider gives no given and family names", async () => {
    issuer.signInAs(person({ name: "Ana Maria Souza", given_name: undefined, family_name: undefined }));
    const client = new TestClient(context);
    await signInWith(client);
    expect(await me(client)).toMatchObject({ firstName: "Ana", lastName: "Maria Souza", name: "Ana Maria Souza" });
  });

  it("signs Google in through the same path (GOOGLE_ISSUER), as a provider of its own", async () => {
    const someone = person({ name: "Gus Grant", given_name: "Gus", family_name: "Grant" });
    issuer.signInAs(someone);
    const client = new TestClient(context);
    const { location } = await signInWith(client, "google");
    expect(location.searchParams.get("error")).toBeNull();
    expect(await me(client)).toMatchObject({ email: someone.email, firstName: "Gus", signIns: ["google"] });
  });

  it("opens an existing verified account when the provider has verified the same address, and the profile lists the sign-in", async () => {
    const { client: withPassword, email } = await signUpVerified(context);
    const owner = await me(withPassword);
    issuer.signInAs(person({ email: email.toUpperCase(), email_verified: true }));
    const client = new TestClient(context);
    const { location } = await signInWith(client);
    expect(location.searchParams.get("error")).toBeNull();
    expect(await me(client)).toMatchObject({ id: owner?.id, hasPassword: true, signIns: ["oidc"] });
    expect(await providerAccounts(email)).toEqual(["credential", "oidc"]);
    // The account keeps its own name: the provider's does not replace it.
    expect((await me(client))?.name).toBe(owner?.name);
  });

  it("never opens an existing account for an address the provider has not verified: back to the login screen, nothing linked", async () => {
    const { email } = await signUpVerified(context);
    issuer.signInAs(person({ email, email_verified: false }));
    const client = new TestClient(context);
    const { callback, location } = await signInWith(client);
    expect(callback.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${TEST_ORIGIN}/`);
    expect(location.searchParams.get("error")).toBe("account_not_linked");
    expect(await me(client)).toBeNull();
    expect(await providerAccounts(email)).toEqual(["credential"]);
  });

  it("never opens an account whose own address is not verified yet, even for a verified provider address", async () => {
    const email = uniqueEmail("unverified");
    const signUp = await new TestClient(context).json("POST", "/api/auth/sign-up/email", { email, password: "correct-horse-42", name: "x", firstName: "Una", lastName: "Verified" });
    expect(signUp.status).toBe(200);
    issuer.signInAs(person({ email, email_verified: true }));
    const client = new TestClient(context);
    const { location } = await signInWith(client);
    expect(location.searchParams.get("error")).toBe("account_not_linked");
    expect(await me(client)).toBeNull();
    expect(await providerAccounts(email)).toEqual(["credential"]);
  });

  it("makes a new account for an unverified provider address unverified, and mails the verification link first", async () => {
    const someone = person({ email_verified: false });
    issuer.signInAs(someone);
    const client = new TestClient(context);
    await signInWith(client);
    // An unverified session: the app sends it to /verify-email until the mailed link is followed.
    expect(await me(client)).toMatchObject({ email: someone.email, emailVerified: false });
    const mail = await context.mail.waitFor(someone.email, "verify");
    expect(mail.links.some((link) => link.includes("/api/auth/verify-email"))).toBe(true);
    expect((await client.json("PATCH", "/api/me/name", { firstName: "A", lastName: "B" })).status).toBe(403);
  });
});

describe("a provider's sign-in that does not succeed comes back to the login screen, never a 500, no account made", () => {
  const expectBackWith = (location: URL, error: string) => {
    expect(`${location.origin}${location.pathname}`).toBe(`${TEST_ORIGIN}/`);
    expect(location.searchParams.get("error")).toBe(error);
  };

  it("consent refused at the provider", async () => {
    const someone = person();
    issuer.signInAs(someone).denyNext();
    const client = new TestClient(context);
    const { callback, location } = await signInWith(client);
    expect(callback.status).toBe(302);
    expectBackWith(location, "access_denied");
    expect(await me(client)).toBeNull();
    expect(await usersWithEmail(someone.email)).toEqual([]);
  });

  it("an ID token made for another client", async () => {
    const someone = person();
    issuer.signInAs(someone).otherAudienceNext();
    const client = new TestClient(context);
    const { location } = await signInWith(client);
    expectBackWith(location, "unable_to_get_user_info");
    expect(await me(client)).toBeNull();
    expect(await usersWithEmail(someone.email)).toEqual([]);
  });

  it("a code the provider's token endpoint refuses", async () => {
    const someone = person();
    issuer.signInAs(someone).refuseCodeNext();
    const client = new TestClient(context);
    const { location } = await signInWith(client);
    expectBackWith(location, "invalid_code");
    expect(await usersWithEmail(someone.email)).toEqual([]);
  });

  it("a state that does not match: the callback in another browser, or a state made up", async () => {
    const someone = person();
    issuer.signInAs(someone);
    const started = new TestClient(context);
    const start = await started.json<{ url: string }>("POST", "/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/", errorCallbackURL: "/", disableRedirect: true });
    const back = new URL((await fetch(start.body.url, { redirect: "manual" })).headers.get("location")!);
    // Another browser (without the state cookie) brings the provider's answer back.
    const elsewhere = new TestClient(context);
    const callback = await elsewhere.request("GET", `${back.pathname}${back.search}`);
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location")!, TEST_ORIGIN);
    expect(`${location.origin}${location.pathname}`).toBe(`${TEST_ORIGIN}/`);
    expect(location.searchParams.get("error")).toMatch(/^state_/);
    expect(await me(elsewhere)).toBeNull();

    back.searchParams.set("state", "made-up");
    const madeUp = await started.request("GET", `${back.pathname}${back.search}`);
    expect(madeUp.status).toBe(302);
    expect(new URL(madeUp.headers.get("location")!, TEST_ORIGIN).searchParams.get("error")).toMatch(/^state_/);
    expect(await usersWithEmail(someone.email)).toEqual([]);
  });

  it("a provider that is not configured", async () => {
    const client = new TestClient(context);
    const response = await client.json<{ code: string }>("POST", "/api/auth/sign-in/social", { provider: "github", callbackURL: "/", disableRedirect: true });
    expect(response.status).toBe(404);
  });
});

describe("deleting an account that signs in only with a provider", () => {
  it("needs no password after a fresh sign-in through the provider, and asks for one (naming the provider) otherwise", async () => {
    const someone = person();
    issuer.signInAs(someone);
    const client = new TestClient(context);
    await signInWith(client);
    const userId = (await me(client))?.id as string;
    // The session is older than 5 minutes: sign in again with the provider first.
    await context.database.pool.query(`update session set created_at = now() - interval '6 minutes' where user_id = $1`, [userId]);
    const stale = await client.json<{ message: string; code: string }>("POST", "/api/auth/delete-user", {});
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ code: "FRESH_SIGN_IN_REQUIRED", message: "For your security, sign in again with Authentik, then delete your account within 5 minutes." });

    const fresh = new TestClient(context);
    await signInWith(fresh);
    const deleted = await fresh.json("POST", "/api/auth/delete-user", {});
    expect(deleted.status).toBe(200);
    expect(await usersWithEmail(someone.email)).toEqual([]);
  });
});

describe("a provider that cannot be reached", () => {
  let down: TestContext;
  beforeAll(async () => {
    // An issuer that answered nothing at start (a port nobody listens on): discovery is tried again
    // at each sign-in, and the sign-in is refused with why.
    const gone = await new OidcIssuer().start();
    const url = gone.url;
    await gone.stop();
    down = await createTestContext({ OIDC_ISSUER: url, OIDC_CLIENT_ID: "kickoff-club", OIDC_CLIENT_SECRET: "club-secret", OIDC_LABEL: "Keycloak" });
  });
  afterAll(async () => {
    await down?.close();
  });

  it("answers the button with a clear 502 in the reader's language, and the login screen stays", async () => {
    const client = new TestClient(down);
    const english = await client.json<{ error: { message: string } }>("POST", "/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/", disableRedirect: true });
    expect(english.status).toBe(502);
    expect(english.body.error.message).toBe("The sign-in provider cannot be reached right now. Try again in a moment, or log in with your email and password.");
    const french = await down.app.request(`${TEST_ORIGIN}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", "accept-language": "fr-CA" },
      body: JSON.stringify({ provider: "oidc", callbackURL: "/", disableRedirect: true }),
    });
    expect(french.status).toBe(502);
    expect(((await french.json()) as { error: { message: string } }).error.message).toMatch(/^Le fournisseur de connexion est injoignable/);
  });

  it("an issuer that takes the connection and never answers holds neither the app's start nor its API (discovery waits 5 s at most)", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const app = await createTestContext({ OIDC_ISSUER: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, OIDC_CLIENT_ID: "kickoff-club", OIDC_CLIENT_SECRET: "club-secret", OIDC_LABEL: "Keycloak" });
    try {
      const me = await new TestClient(app).json("GET", "/api/me");
      expect(me).toEqual({ status: 200, body: { user: null } });
      expect(sockets.size).toBeGreaterThan(0); // discovery did ask it
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("a provider that goes down between the button and its answer: back to the login screen", async () => {
    const flaky = await new OidcIssuer().start();
    const app = await createTestContext({ OIDC_ISSUER: flaky.url, OIDC_CLIENT_ID: "kickoff-club", OIDC_CLIENT_SECRET: "club-secret", OIDC_LABEL: "Keycloak" });
    try {
      flaky.signInAs(person());
      const client = new TestClient(app);
      const start = await client.json<{ url: string }>("POST", "/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/", errorCallbackURL: "/", disableRedirect: true });
      const back = new URL((await fetch(start.body.url, { redirect: "manual" })).headers.get("location")!);
      await flaky.stop();
      const callback = await client.request("GET", `${back.pathname}${back.search}`);
      expect(callback.status).toBe(302);
      expect(new URL(callback.headers.get("location")!, TEST_ORIGIN).searchParams.get("error")).toBe("invalid_code");
      expect(await me(client)).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe("the configuration", () => {
  const base = { NODE_ENV: "test", DATA_DIR: ".tmp/test-data", AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789" };

  it("takes the four OIDC_ variables together, or none", () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER: "https://id.example.org" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" })).toThrow(/OIDC_LABEL/);
    const config = loadConfig({ ...base, OIDC_ISSUER: "https://id.example.org/realms/club/", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", OIDC_LABEL: "Keycloak" });
    expect(config.signInProviders).toEqual([{ id: "oidc", label: "Keycloak", issuer: "https://id.example.org/realms/club", clientId: "a", clientSecret: "b" }]);
    expect(loadConfig(base).signInProviders).toEqual([]);
  });

  it("reads Google's configuration from Google unless told otherwise, and wants https issuers in production", () => {
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s" }).signInProviders[0]).toMatchObject({ id: "google", issuer: "https://accounts.google.com" });
    const production = { ...base, NODE_ENV: "production", SMTP_URL: "smtp://mail.example.org", PUBLIC_URL: "https://games.example.org" };
    expect(() => loadConfig({ ...production, OIDC_ISSUER: "http://id.example.org", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", OIDC_LABEL: "Club" })).toThrow(/OIDC_ISSUER: must be https/);
    expect(loadConfig({ ...production, OIDC_ISSUER: "http://127.0.0.1:8080", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", OIDC_LABEL: "Club" }).signInProviders).toHaveLength(1);
  });
});
