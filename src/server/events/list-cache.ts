/**
 * The home lists (upcoming, completed pages) are the same for every visitor and are read far more
 * often than they change: when a game link lands in a group chat, dozens of people open it within
 * seconds. This keeps each list's JSON for a short time and lets concurrent requests share one
 * query. Writers in this process call invalidate(); other instances see changes within ttlMs.
 * The shared part of each event page is kept here too, as `event:<id>` (decision 010).
 */
export interface ListCache {
  get(key: string, compute: () => Promise<unknown>): Promise<string>;
  invalidate(): void;
  /** Entries held now (expired ones are dropped as new ones arrive). */
  readonly size: number;
}

export const LIST_CACHE_TTL_MS = 1_000;
/**
 * Keys come from the query string (?page=N for any N), so without a bound anyone could fill the
 * memory with distinct pages. Past this many, the oldest entries go first.
 */
export const LIST_CACHE_MAX_ENTRIES = 1_000;

export function createListCache(options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {}): ListCache {
  const ttlMs = options.ttlMs ?? LIST_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? LIST_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Insertion order is expiry order: every entry is (re)inserted with now() + ttlMs.
  const entries = new Map<string, { expiresAt: number; json: Promise<string> }>();
  let generation = 0;

  const evict = () => {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt > time && entries.size <= maxEntries) break;
      entries.delete(key);
    }
  };

  return {
    get(key, compute) {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.json;
      const startedIn = generation;
      const json = compute().then((value) => JSON.stringify(value));
      entries.delete(key);
      entries.set(key, { expiresAt: now() + ttlMs, json });
      evict();
      // A failure is not remembered; a result computed across an invalidation is not kept.
      const forget = () => {
        if (entries.get(key)?.json === json) entries.delete(key);
      };
      json.then(() => {
        if (startedIn !== generation) forget();
      }, forget);
      return json;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
