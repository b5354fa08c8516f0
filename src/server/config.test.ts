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
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: "production" })).toThrow(/AUTH_SECRET[\s\S]*SMTP_URL/);
  });

  it("requires the Stripe keys for PAYMENTS=stripe", () => {
    expect(() => loadConfig({ ...base, PAYMENTS: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
