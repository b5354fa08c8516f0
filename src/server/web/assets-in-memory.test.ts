import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { assetsInMemory } from "./assets-in-memory.ts";

/** An app answering /assets/* through assetsInMemory from a serve that counts what it was asked. */
function appServing(files: Record<string, string>, limits?: Parameters<typeof assetsInMemory>[1]) {
  const asked: string[] = [];
  const assets = assetsInMemory(async (c) => {
    asked.push(c.req.path);
    const body = files[c.req.path];
    if (body === undefined) return undefined;
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(body, 200);
  }, limits);
  const app = new Hono();
  app.get("/assets/*", async (c) => (await assets(c)) ?? c.text("Not found", 404));
  return { app, asked };
}

describe("assetsInMemory", () => {
  it("asks the disk once per file and encoding, then answers from memory", async () => {
    const { app, asked } = appServing({ "/assets/a.js": "let a;" });
    for (let i = 0; i < 3; i++) {
      const response = await app.request("/assets/a.js", { headers: { "accept-encoding": "br" } });
      expect(await response.text()).toBe("let a;");
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    }
    await app.request("/assets/a.js");
    expect(asked).toEqual(["/assets/a.js", "/assets/a.js"]);
  });

  it("keeps no file over the size limit, and none once the total is reached", async () => {
    const { app, asked } = appServing({ "/assets/big.js": "x".repeat(11), "/assets/one.js": "y".repeat(8), "/assets/two.js": "z".repeat(8) }, { largestFileBytes: 10, totalBytes: 12 });
    for (const path of ["/assets/big.js", "/assets/big.js", "/assets/one.js", "/assets/one.js", "/assets/two.js", "/assets/two.js"]) expect((await app.request(path)).status).toBe(200);
    // big.js over 10 bytes: asked twice; one.js kept (8 of 12 bytes); two.js would pass 12: asked twice.
    expect(asked).toEqual(["/assets/big.js", "/assets/big.js", "/assets/one.js", "/assets/two.js", "/assets/two.js"]);
  });

  it("counts a file read by two first requests at once only once against the total", async () => {
    const { app, asked } = appServing({ "/assets/a.js": "a".repeat(6), "/assets/b.js": "b".repeat(6) }, { largestFileBytes: 10, totalBytes: 12 });
    await Promise.all([app.request("/assets/a.js"), app.request("/assets/a.js")]);
    await app.request("/assets/b.js");
    await app.request("/assets/b.js");
    // a.js read twice (both at once), kept once: 6 of 12 bytes, so b.js fits and is read once.
    expect(asked).toEqual(["/assets/a.js", "/assets/a.js", "/assets/b.js"]);
  });

  it("keeps nothing not found, nor a range or a HEAD request's answer", async () => {
    const { app, asked } = appServing({ "/assets/r.js": "let r;" });
    expect((await app.request("/assets/none.js")).status).toBe(404);
    expect((await app.request("/assets/none.js")).status).toBe(404);
    await app.request("/assets/r.js", { headers: { range: "bytes=0-1" } });
    await app.request("/assets/r.js", { method: "HEAD" });
    await app.request("/assets/r.js");
    await app.request("/assets/r.js");
    expect(asked).toEqual(["/assets/none.js", "/assets/none.js", "/assets/r.js", "/assets/r.js", "/assets/r.js"]);
  });
});
