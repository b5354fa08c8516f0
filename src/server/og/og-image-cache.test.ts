import { describe, expect, it } from "vitest";
import { createOgImageCache } from "./og-image-cache.ts";

/** A render that finishes when told, and counts how many run at once. */
function renders() {
  let running = 0;
  let most = 0;
  let calls = 0;
  const release: (() => void)[] = [];
  const render = (bytes: string) => async () => {
    calls++;
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => release.push(resolve));
    running--;
    return Buffer.from(bytes);
  };
  const settle = async () => {
    while (release.length || running) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { render, settle, stats: () => ({ most, calls }) };
}

describe("createOgImageCache", () => {
  it("renders a picture once for concurrent requests, then answers from memory", async () => {
    const cache = createOgImageCache({ maxEntries: 10, maxConcurrent: 2 });
    const { render, settle, stats } = renders();
    const asked = Promise.all(Array.from({ length: 5 }, () => cache.get("a", render("A"))));
    await settle();
    expect((await asked).map(String)).toEqual(["A", "A", "A", "A", "A"]);
    expect(String(await cache.get("a", render("other")))).toBe("A");
    expect(stats().calls).toBe(1);
  });

  it("runs at most maxConcurrent renders at once", async () => {
    const cache = createOgImageCache({ maxEntries: 100, maxConcurrent: 2 });
    const { render, settle, stats } = renders();
    const asked = Promise.all(Array.from({ length: 8 }, (_, i) => cache.get(`k${i}`, render(`v${i}`))));
    await settle();
    expect((await asked).map(String)).toEqual(Array.from({ length: 8 }, (_, i) => `v${i}`));
    expect(stats()).toEqual({ most: 2, calls: 8 });
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const cache = createOgImageCache({ maxEntries: 2, maxConcurrent: 1 });
    const plain = (bytes: string) => async () => Buffer.from(bytes);
    await cache.get("a", plain("A"));
    await cache.get("b", plain("B"));
    await cache.get("a", plain("A again"));
    await cache.get("c", plain("C"));
    expect(cache.size).toBe(2);
    expect(String(await cache.get("a", plain("A again")))).toBe("A");
    expect(String(await cache.get("b", plain("B again")))).toBe("B again");
  });

  it("keeps no failed render, and the next request tries again", async () => {
    const cache = createOgImageCache({ maxEntries: 2, maxConcurrent: 1 });
    await expect(cache.get("a", async () => Promise.reject(new Error("font missing")))).rejects.toThrow("font missing");
    expect(String(await cache.get("a", async () => Buffer.from("A")))).toBe("A");
  });
});
