import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const base = { DATA_DIR: ".tmp/config-test", AUTH_SECRET: "x".repeat(40) };

describe("loadConfig", () => {
  it("runs on the embedded defaults with no configuration", () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      appName: "Kickoff",
      port: 3000,
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      adminEmails: [],
      payments: { mode: "simulated", currency: "cad", feePercent: 2.9, feeFixedCents: 30 },
      sessionIdleMs: 600_000,
    });
  });

  it("listens on every interface, trusts no proxy and limits sign-in attempts by default", () => {
    expect(loadConfig(base)).toMatchObject({
      host: "0.0.0.0",
      trustProxy: 0,
      rateLimits: {
        windowMs: 15 * 60_000,
        perAddress: { signIn: 100, signUp: 60, passwordReset: 30, verificationMail: 30, verificationCheck: 1200, passwordCheck: 30, analyticsHits: 1200, calendarFeed: 600 },
        failedPasswordsPerAccount: 10,
        mailsPerRecipient: 3,
      },
    });
    const production = { ...base, NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com", PUBLIC_URL: "https://games.example.org" };
    expect(loadConfig(production).rateLimits.mailsPerRecipient).toBe(3);
    expect(loadConfig({ ...base, HOST: "127.0.0.1", TRUST_PROXY: "2", RATE_LIMIT_SIGN_IN: "5", RATE_LIMIT_MAILS_PER_RECIPIENT: "5" })).toMatchObject({
      host: "127.0.0.1",
      trustProxy: 2,
      rateLimits: { perAddress: { signIn: 5 }, mailsPerRecipient: 5 },
    });
    expect(loadConfig({ ...base, HOST: "::" }).host).toBe("::");
  });

  it("refuses a bad HOST or TRUST_PROXY, and a limit of 0 (the limits cannot be switched off)", () => {
    expect(() => loadConfig({ ...base, HOST: "http://example.com/" })).toThrow(/HOST/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_SIGN_IN: "0" })).toThrow(/RATE_LIMIT_SIGN_IN: must be at least 1/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_FAILED_PASSWORDS: "0" })).toThrow(/RATE_LIMIT_FAILED_PASSWORDS/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_MAILS_PER_RECIPIENT: "0" })).toThrow(/RATE_LIMIT_MAILS_PER_RECIPIENT: must be at least 1/);
  });

  it("counts analytics in the organiser's zone: ANALYTICS_TIME_ZONE, else this machine's", () => {
    expect(loadConfig({ ...base, ANALYTICS_TIME_ZONE: "America/Toronto" }).analytics.timeZone).toBe("America/Toronto");
    expect(loadConfig(base).analytics.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => loadConfig({ ...base, ANALYTICS_TIME_ZONE: "Mars/Olympus" })).toThrow(/ANALYTICS_TIME_ZONE: must be an IANA time zone/);
  });

  it("takes the organiser's zone from GAME_TIME_ZONE (the game form starts with it), else this machine's; analytics count days there unless told", () => {
    expect(loadConfig({ ...base, GAME_TIME_ZONE: "Europe/Paris" })).toMatchObject({ timeZone: "Europe/Paris", analytics: { timeZone: "Europe/Paris" } });
    expect(loadConfig({ ...base, GAME_TIME_ZONE: "Europe/Paris", ANALYTICS_TIME_ZONE: "UTC" })).toMatchObject({ timeZone: "Europe/Paris", analytics: { timeZone: "UTC" } });
    expect(loadConfig(base).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => loadConfig({ ...base, GAME_TIME_ZONE: "Mars/Olympus" })).toThrow(/GAME_TIME_ZONE: must be an IANA time zone/);
  });

  it("takes a currency with cents and a known minimum charge, in any case; a zero-decimal one such as JPY stops start-up with the reason", () => {
    expect(loadConfig({ ...base, CURRENCY: "EUR" }).payments.currency).toBe("eur");
    expect(loadConfig({ ...base, CURRENCY: "gbp" }).payments.currency).toBe("gbp");
    expect(() => loadConfig({ ...base, CURRENCY: "jpy" })).toThrow(/CURRENCY: jpy has no cents, and prices are kept in cents: use a currency with two decimals \(usd, /);
    expect(() => loadConfig({ ...base, CURRENCY: "xyz" })).toThrow(/CURRENCY: must be one of usd, /);
    expect(() => loadConfig({ ...base, CURRENCY: "dollars" })).toThrow(/CURRENCY: must be a three-letter currency code/);
  });

  it("normalises admin emails", () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: " Boss@Example.com, ,second@example.com" }).adminEmails).toEqual([
      "boss@example.com",
      "second@example.com",
    ]);
  });

  it("stops start-up with a message naming every bad variable", () => {
    const attempt = () => loadConfig({ ...base, PORT: "eighty", DATABASE_URL: "mysql://x", PAYMENTS: "cash" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("PAYMENTS");
    }
  });

  it("requires the production secrets in production", () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: "production" })).toThrow(/AUTH_SECRET[\s\S]*SMTP_URL[\s\S]*PUBLIC_URL/);
  });

  it("requires the Stripe keys for PAYMENTS=stripe", () => {
    expect(() => loadConfig({ ...base, PAYMENTS: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it("takes the iOS app's APNs key with its key id and team together, for the app's bundle id unless told", () => {
    expect(() => loadConfig({ ...base, APNS_KEY_FILE: "/keys/AuthKey.p8" })).toThrow(/APNS_KEY_ID[\s\S]*IOS_TEAM_ID/);
    expect(() => loadConfig({ ...base, APNS_KEY_FILE: "/keys/AuthKey.p8", APNS_KEY_ID: "short", IOS_TEAM_ID: "TEAM123456" })).toThrow(/APNS_KEY_ID: must be the 10-character Key ID/);
    const apns = loadConfig({ ...base, APNS_KEY_FILE: "/keys/AuthKey.p8", APNS_KEY_ID: "ABC123DEFG", IOS_TEAM_ID: "TEAM123456" }).push.apns;
    expect(apns).toEqual({ keyFile: "/keys/AuthKey.p8", keyId: "ABC123DEFG", teamId: "TEAM123456", topic: "app.kickoff.games", host: undefined });
    expect(loadConfig(base).push.apns).toBeNull();
  });

  it("treats a blank value as not set, as .env.example leaves many of them", () => {
    const blank = Object.fromEntries(
      ["PORT", "FEE_PERCENT", "FEE_FIXED_CENTS", "SESSION_IDLE_MINUTES", "APP_NAME", "PAYMENTS", "GEOCODER_URL", "NODE_ENV", "CURRENCY"].map((name) => [name, " "]),
    );
    expect(loadConfig({ ...base, ...blank })).toMatchObject({
      appName: "Kickoff",
      port: 3000,
      publicUrl: "http://localhost:3000",
      production: false,
      payments: { mode: "simulated", currency: "cad", feePercent: 2.9, feeFixedCents: 30 },
      geocoder: { url: "https://nominatim.openstreetmap.org" },
      sessionIdleMs: 600_000,
    });
  });

  it("accepts only web addresses for PUBLIC_URL and GEOCODER_URL", () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: "javascript:alert(1)" })).toThrow(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ ...base, GEOCODER_URL: "file:///etc/passwd" })).toThrow(/GEOCODER_URL/);
    expect(loadConfig({ ...base, PUBLIC_URL: "https://games.example.org/" }).publicUrl).toBe("https://games.example.org");
  });

  it("keeps a product name with a comma or angle brackets as one sender name", () => {
    const { mailFrom } = loadConfig({ ...base, APP_NAME: 'Joe\'s <Five, "a" side>', PUBLIC_URL: "https://games.example.org" });
    expect(addressparser(mailFrom)).toEqual([{ name: 'Joe\'s <Five, "a" side>', address: "no-reply@games.example.org" }]);
  });

  it("generates the secret once into DATA_DIR, and refuses a truncated one", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "kickoff-secret-"));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
      writeFileSync(join(dataDir, "auth-secret"), "");
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/auth-secret: must hold at least 32 characters/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
