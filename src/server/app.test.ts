import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#test/database.ts";
import { connectionFrom, TestClient, TEST_ORIGIN, TEST_PASSWORD, type TestContext } from "#test/test-app.ts";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createLocalMailer } from "./mail/mailer.ts";
import { createContext } from "./context.ts";

/** The app as `npm start` runs it without SMTP: local mailbox, built web app served with fallback. */
let database: Database;
let webDist: string;
let context: TestContext;
const printed: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = mkdtempSync(join(tmpdir(), "kickoff-dist-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><html><head><title>Kickoff</title></head><body><div id=root></div></body></html>");
  writeFileSync(join(webDist, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(join(webDist, "manifest.webmanifest"), "{}");
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, AUTH_SECRET: "s".repeat(40), DATA_DIR: ".tmp/test-data" });
  const mailer = createLocalMailer(database.db, (line) => printed.push(line));
  const services = createContext(config, database, { mailer });
  const app = createApp(services, { webDist });
  context = { app, database, config, services, mail: undefined as never, close: async () => undefined };
});

afterAll(async () => {
  await database.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("http basics", () => {
  it("answers /healthz when the database answers", async () => {
    const response = await context.app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("sends security headers", async () => {
    const response = await context.app.request("/");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // Stripe's sources are allowed only in stripe mode (money/processors/stripe.test.ts checks that side).
    expect(response.headers.get("content-security-policy")).not.toContain("stripe.com");
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const response = await context.app.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
  });

  it("serves the web app with history fallback, so a reload of /profile works", async () => {
    for (const path of ["/", "/profile", "/event/some-id"]) {
      const response = await context.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expect(await response.text(), path).toContain('<div id=root>');
    }
    const asset = await context.app.request("/assets/index-abc123.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(await asset.text()).toContain("console.log");
    const missingChunk = await context.app.request("/assets/home-gone-after-deploy.js");
    expect(missingChunk.status).toBe(404);
    expect(missingChunk.headers.get("content-type")).not.toContain("text/html");
    const manifest = await context.app.request("/manifest.webmanifest");
    expect(await manifest.text()).toBe("{}");
  });
});

describe("local mailbox (no SMTP_URL)", () => {
  const local = connectionFrom("127.0.0.1");

  it("keeps each mail, prints its links and lists it at /dev/mailbox", async () => {
    const client = new TestClient(context);
    const email = `mailbox-${Date.now()}@example.com`;
    const signUp = await client.json("POST", "/api/auth/sign-up/email", {
      email,
      password: TEST_PASSWORD,
      name: "x",
      firstName: "Mo",
      lastName: "Salah",
    });
    expect(signUp.status).toBe(200);
    // Account mails go out after the answer (the same answer whether the address has an account).
    await expect.poll(() => printed.some((line) => line.includes(email) && line.includes("/api/auth/verify-email?token="))).toBe(true);

    const list = await (await context.app.request("/dev/mailbox", {}, local)).text();
    expect(list).toContain(`to ${email}`);
    const id = list.match(/href="\/dev\/mailbox\/(\d+)"/)?.[1];
    expect(id).toBeDefined();
    const message = await (await context.app.request(`/dev/mailbox/${id}`, {}, local)).text();
    expect(message).toContain("Verify email");
    expect((await context.app.request("/dev/mailbox/999999", {}, local)).status).toBe(404);
  });

  it("is served to this machine only", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await context.app.request("/dev/mailbox", {}, connectionFrom(address))).status, address).toBe(200);
    }
    for (const address of ["192.0.2.10", "fd00::5", "::ffff:192.0.2.10"]) {
      for (const path of ["/dev/mailbox", "/dev/mailbox/1", "/dev/mailbox/"]) {
        const response = await context.app.request(path, {}, connectionFrom(address));
        expect(response.status, `${address} ${path}`).toBe(403);
        expect(await response.text()).not.toContain("/dev/mailbox/");
      }
    }
    // No socket at all (not a real connection): refused too.
    expect((await context.app.request("/dev/mailbox")).status).toBe(403);
  });

  it("behind a trusted proxy on this machine, is served only to clients the proxy reports on this machine", async () => {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, AUTH_SECRET: "s".repeat(40), DATA_DIR: ".tmp/test-data", TRUST_PROXY: "1" });
    const behindProxy = createApp(createContext(config, database, { mailer: createLocalMailer(database.db, () => undefined) }));
    const fromProxy = (forwardedFor: string) => behindProxy.request("/dev/mailbox", { headers: { "x-forwarded-for": forwardedFor } }, local);
    expect((await fromProxy("203.0.113.5")).status).toBe(403);
    expect((await fromProxy("127.0.0.1, 203.0.113.5")).status).toBe(403);
    expect((await fromProxy("127.0.0.1")).status).toBe(200);
  });
});
