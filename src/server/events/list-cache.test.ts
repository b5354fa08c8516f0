import { describe, expect, it } from "vitest";
import { createListCache } from "./list-cache.ts";

describe("list cache", () => {
  it("shares one computation between concurrent and quick repeated reads, then recomputes after the TTL", async () => {
    let clock = 0;
    let computed = 0;
    const cache = createListCache({ ttlMs: 1000, now: () => clock });
    const compute = async () => ({ events: [++computed] });

    const [a, b] = await Promise.all([cache.get("upcoming", compute), cache.get("upcoming", compute)]);
    expect(a).toBe('{"events":[1]}');
    expect(b).toBe(a);
    clock = 999;
    expect(await cache.get("upcoming", compute)).toBe('{"events":[1]}');
    clock = 1000;
    expect(await cache.get("upcoming", compute)).toBe('{"events":[2]}');
  });

  it("keeps keys apart and forgets everything on invalidate", async () => {
    let computed = 0;
    const cache = createListCache({ now: () => 0 });
    const compute = async () => ++computed;
    expect(await cache.get("completed:1", compute)).toBe("1");
    expect(await cache.get("completed:2", compute)).toBe("2");
    cache.invalidate();
    expect(await cache.get("completed:1", compute)).toBe("3");
  });

  it("does not keep a failure or a result that raced an invalidation", async () => {
    const cache = createListCache({ now: () => 0 });
    await expect(cache.get("upcoming", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("upcoming", async () => "fresh")).toBe('"fresh"');

    cache.invalidate();
    let release!: (value: string) => void;
    const slow = cache.get("completed:1", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release("stale");
    expect(await slow).toBe('"stale"');
    expect(await cache.get("completed:1", async () => "after")).toBe('"after"');
  });

  it("stays bounded when every request names another page", async () => {
    let clock = 0;
    const cache = createListCache({ ttlMs: 1000, now: () => clock, maxEntries: 100 });
    for (let page = 1; page <= 5_000; page++) await cache.get(`completed:${page}`, async () => ({ page }));
    expect(cache.size).toBe(100);
    // The newest pages are the ones kept.
    let recomputed = 0;
    expect(await cache.get("completed:5000", async () => ++recomputed)).toBe('{"page":5000}');
    expect(recomputed).toBe(0);

    clock = 1000;
    await cache.get("upcoming", async () => []);
    expect(cache.size).toBe(1);
  });
});
