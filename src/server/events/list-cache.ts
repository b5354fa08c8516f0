import { createTtlCache } from "#server/cache/ttl-cache.ts";

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
  const cache = createTtlCache<string>({
    ttlMs: options.ttlMs ?? LIST_CACHE_TTL_MS,
    maxEntries: options.maxEntries ?? LIST_CACHE_MAX_ENTRIES,
    now: options.now,
  });
  return {
    get: (key, compute) => cache.get(key, () => compute().then((value) => JSON.stringify(value))),
    invalidate: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
