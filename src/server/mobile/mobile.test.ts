import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpVerified, TEST_PASSWORD, type TestContext } from "../../test/test-app.ts";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";

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
    appWithWeb = createApp({ ...plain.services, webDist });
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

  beforeAll(async () => {
    http = await createTestContext();
    https = await createTestContext({ PUBLIC_URL });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  for (const origin of ["https://localhost", "capacitor://localhost"]) {
    it(`lets the app at ${origin} call the API with credentials, preflight included`, async () => {
      const preflight = await http.app.request("/api/events", {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
      expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
      expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
      expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");

      const get = await http.app.request("/api/config", { headers: { origin } });
      expect(get.headers.get("access-control-allow-origin")).toBe(origin);
      expect(get.headers.get("access-control-allow-credentials")).toBe("true");
    });
  }

  it("gives no other origin any CORS header", async () => {
    for (const origin of ["https://evil.example", "http://localhost", "capacitor://evil", "null"]) {
      const preflight = await http.app.request("/api/events", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
      expect(preflight.headers.get("access-control-allow-origin"), origin).toBeNull();
      expect(preflight.headers.get("access-control-allow-credentials"), origin).toBeNull();
      const get = await http.app.request("/api/config", { headers: { origin } });
      expect(get.headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });

  it("over http keeps the session cookie SameSite=Lax (no cross-site cookie without Secure)", async () => {
    const { client, email } = await signUpVerified(http);
    const response = await client.request("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD }, { origin: "https://localhost" });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  it("over https signs the app in with a SameSite=None; Secure session cookie that works from the app's origin", async () => {
    const { client, email } = await signUpVerified(https);
    const response = await client.request("POST", "/api/auth/sign-in/email", { email, password: TEST_PASSWORD }, { origin: "capacitor://localhost" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("capacitor://localhost");
    const session = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(session).toMatch(/SameSite=None/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);

    const me = await client.request("GET", "/api/me", undefined, { origin: "capacitor://localhost" });
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(email);
  });

  it("over https refuses a write from another site, which a SameSite=None cookie would otherwise carry", async () => {
    const { client } = await signUpVerified(https, { firstName: "Ada" });
    const forged = await client.request("PATCH", "/api/me/name", { firstName: "Mallory", lastName: "X" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    const fromApp = await client.request("PATCH", "/api/me/name", { firstName: "Grace", lastName: "H" }, { origin: "https://localhost" });
    expect(fromApp.status).toBe(200);
    const me = await client.request("GET", "/api/me");
    expect(((await me.json()) as { user: { firstName: string } }).user.firstName).toBe("Grace");
    // Requests without an Origin (not a browser's cross-site request, e.g. a webhook) are not affected.
    expect((await https.app.request("/api/config", { method: "POST" })).status).not.toBe(403);
  });
});
