/**
 * Rendered pictures kept in memory, at most `maxEntries` (least recently used out first), and at
 * most `maxConcurrent` renders at a time: a render holds a core for tens of milliseconds, and the
 * machine also serves the app. Concurrent requests for the same picture share one render. Keys
 * carry the game, its stamp, the language and the variant, so a changed game is a new key and its
 * old pictures just age out (decision 030).
 */
export interface OgImageCache {
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer>;
  readonly size: number;
}

export function createOgImageCache(options: { maxEntries: number; maxConcurrent: number }): OgImageCache {
  const done = new Map<string, Buffer>();
  const inFlight = new Map<string, Promise<Buffer>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  async function limited(render: () => Promise<Buffer>): Promise<Buffer> {
    if (running >= options.maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await render();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    get size() {
      return done.size;
    },
    get(key, render) {
      const hit = done.get(key);
      if (hit) {
        // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
        done.delete(key);
        done.set(key, hit);
        return Promise.resolve(hit);
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = limited(render)
          .then((png) => {
            done.set(key, png);
            while (done.size > options.maxEntries) done.delete(done.keys().next().value!);
            return png;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
