/**
 * The home lists (upcoming, completed pages) are the same for every visitor and are read far more
 * often than they change: when a game link lands in a group chat, dozens of people open it within
 * seconds. This keeps each list's JSON for a short time and lets concurrent requests share one
 * query. Writers in this process call invalidate(); other instances see changes within ttlMs.
 */
export interface ListCache {
  get(key: string, compute: () => Promise<unknown>): Promise<string>;
  invalidate(): void;
}

export const LIST_CACHE_TTL_MS = 1_000;

export function createListCache(options: { ttlMs?: number; now?: () => number } = {}): ListCache {
  const ttlMs = options.ttlMs ?? LIST_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAt: number; json: Promise<string> }>();
  let generation = 0;

  return {
    get(key, compute) {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.json;
      const startedIn = generation;
      const json = compute().then((value) => JSON.stringify(value));
      entries.set(key, { expiresAt: now() + ttlMs, json });
      // A failure is not remembered; a result computed across an invalidation is not kept.
      json.then(
        () => {
          if (startedIn !== generation) entries.delete(key);
        },
        () => entries.delete(key),
      );
      return json;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
