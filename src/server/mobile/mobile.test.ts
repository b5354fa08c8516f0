import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileAppHost, mobileAppOrigins } from "#shared/mobile.ts";
import { createTestContext, signUpVerified, TestClient, TEST_ORIGIN, TEST_PASSWORD, type TestContext, uniqueEmail } from "#test/test-app.ts";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const FINGERPRINT = Array.from({ length: 32 }, (_, index) => (index * 7).toString(16).padStart(2, "0").toUpperCase()).join(":");
const PUBLIC_URL = "https://kickoff.example";

describe("/.well-known for the mobile app's links", () => {
  let plain: TestContext;
  let configured: TestContext;
  let webDist: string;
  let appWithWeb: ReturnType<typeof createApp>;

  beforeAll(async () => {
    plain = await createTestContext();
    configured = await createTestContext({ ANDROID_CERT_SHA256: `${FINGERPRINT.toLowerCase()}, ${FINGERPRINT.replace(/^../, "FF")}`, IOS_TEAM_ID: "ABCDE12345" });
    webDist = mkdtempSync(join(tmpdir(), "kickoff-dist-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><html><body><div id=root></div></body></html>");
    appWithWeb = createApp(plain.services, { webDist });
  });
  afterAll(async () => {
    await plain.close();
    await configured.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("serves Android's asset links for the app id and every configured certificate", async () => {
    const response = await configured.app.request("/.well-known/assetlinks.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: { namespace: "android_app", package_name: "app.kickoff.games", sha256_cert_fingerprints: [FINGERPRINT, FINGERPRINT.replace(/^../, "FF")] },
      },
    ]);
  });

  it("serves Apple's app-site-association without an extension, as JSON, for /event/ paths", async () => {
    const response = await configured.app.request("/.well-known/apple-app-site-association");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      applinks: { details: [{ appIDs: ["ABCDE12345.app.kickoff.games"], components: [{ "/": "/event/*" }] }] },
    });
  });

  it("answers 404, never the web app's page, when not configured", async () => {
    for (const app of [plain.app, appWithWeb]) {
      for (const path of ["/.well-known/assetlinks.json", "/.well-known/apple-app-site-association", "/.well-known/other"]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-type") ?? "", path).not.toContain("text/html");
      }
    }
  });

  it("refuses malformed fingerprints and team ids at start-up", () => {
    const base = { DATA_DIR: ".tmp/config-test", AUTH_SECRET: "x".repeat(40) };
    expect(() => loadConfig({ ...base, ANDROID_CERT_SHA256: "AB:CD" })).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => loadConfig({ ...base, IOS_TEAM_ID: "abc" })).toThrow(/IOS_TEAM_ID/);
    expect(loadConfig(base).mobile).toEqual({ androidCertSha256: [], iosTeamId: undefined });
  });
});

describe("the mobile app's origin (CORS and the session cookie)", () => {
  let http: TestContext;
  let https: TestContext;
  /** The app's web view, served by Capacitor at a subdomain of PUBLIC_URL's host (capacitor.config.json's server.hostname). */
  const APP_ORIGINS = ["https://app.kickoff.example", "capacitor://app.kickoff.example"];

  beforeAll(async () => {
    http = await createTestContext();
    https = await createTestContext({ PUBLIC_URL });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  it("names the app's host and origins after PUBLIC_URL's host, only for an https site with a domain name", () => {
    expect(mobileAppHost("https://games.example.org:8443/")).toBe("app.games.example.org");
    expect(mobileAppOrigins("https://games.example.org:8443/")).toEqual(["https://app.games.example.org", "capacitor://app.games.example.org"]);
    expect(mobileAppOrigins(PUBLIC_URL)).toEqual(APP_ORIGINS);
    for (const site of ["http://games.example.org", "https://203.0.113.5", "https://[2001:db8::1]"]) expect(mobileAppOrigins(site), site).toEqual([]);
  });

  for (const origin of APP_ORIGINS) {
    it(`lets the app at ${origin} call the API with credentials, preflight included`, async () => {
      const preflight = await https.app.request("/api/events", {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
      expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
      expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
      expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");

      const get = await https.app.request("/api/config", { headers: { origin } });
      expect(get.headers.get("access-control-allow-origin")).toBe(origin);
      expect(get.headers.get("access-control-allow-credentials")).toBe("true");
    });
  }

  it("gives no other origin any CORS header: not the app's old localhost origins, not another host or scheme", async () => {
    const others = ["https://localhost", "capacitor://localhost", "https://evil.example", "https://app.kickoff.example.evil.example", "http://app.kickoff.example", "https://app.kickoff.example:8443", "capacitor://evil", "null"];
    for (const [context, origins] of [
      [https, others],
      [http, [...others, "https://app.localhost", "capacitor://app.localhost"]],
    ] as const) {
      for (const origin of origins) {
        const preflight = await context.app.request("/api/events", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
        expect(preflight.headers.get("access-control-allow-origin"), origin).toBeNull();
        expect(preflight.headers.get("access-control-allow-credentials"), origin).toBeNull();
        const get = await context.app.request("/api/config", { headers: { origin } });
        expect(get.headers.get("access-control-allow-origin"), origin).toBeNull();
      }
    }
  });

  it("over https signs the app in with a SameSite=Lax; Secure session cookie that works from the app's origin", async () => {
    const { client, email } = await signUpVerified(https);
    const response = await client.request("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD }, { origin: "capacitor://app.kickoff.example" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("capacitor://app.kickoff.example");
    const session = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);

    const me = await client.request("GET", "/api/me", undefined, { origin: "capacitor://app.kickoff.example" });
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(email);
  });

  it("sets every cookie SameSite=Lax over https, the verification pass too", async () => {
    const signUp = await new TestClient(https).request(
      "POST",
      "/api/auth/sign-up/email",
      { email: uniqueEmail("lax"), password: TEST_PASSWORD, name: "x", firstName: "Lax", lastName: "Cookie" },
      { origin: "https://app.kickoff.example" },
    );
    expect(signUp.status).toBe(200);
    const cookies = signUp.headers.getSetCookie();
    expect(cookies.some((line) => line.includes("verification_pass="))).toBe(true);
    for (const line of cookies) expect(line).toMatch(/SameSite=Lax/i);
  });

  it("refuses a write from another site, over https and over http, and takes the app's", async () => {
    for (const [context, appOrigin] of [
      [https, "https://app.kickoff.example"],
      [http, TEST_ORIGIN],
    ] as const) {
      const { client } = await signUpVerified(context, { firstName: "Ada" });
      for (const origin of ["https://evil.example", "https://localhost"]) {
        const forged = await client.request("PATCH", "/api/me/name", { firstName: "Mallory", lastName: "X" }, { origin });
        expect(forged.status, origin).toBe(403);
        expect(await forged.json()).toEqual({ error: { code: "forbidden", message: "This request is not allowed from another site." } });
      }
      const fromApp = await client.request("PATCH", "/api/me/name", { firstName: "Grace", lastName: "H" }, { origin: appOrigin });
      expect(fromApp.status).toBe(200);
      const me = await client.request("GET", "/api/me");
      expect(((await me.json()) as { user: { firstName: string } }).user.firstName).toBe("Grace");
      // Requests without an Origin (not a browser's cross-site request, e.g. a webhook) are not affected.
      expect((await context.app.request("/api/config", { method: "POST" })).status).not.toBe(403);
    }
  });
});
