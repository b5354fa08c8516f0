import { describe, expect, it } from "vitest";

describe("zod-config", () => {
  it("makes Zod skip its eval probe (jitless), which a strict CSP would report", async () => {
    await import("./zod-config.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
