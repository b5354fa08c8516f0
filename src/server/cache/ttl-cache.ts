/**
 * Values kept by key for a short time, for things read far more often than they change (the home
 * lists, the shared part of an event page, sessions). Concurrent readers of a missing key share one
 * computation; a failure is not kept, nor a value computed across a clear(); past `maxEntries` the
 * oldest go first, so keys that come from requests cannot fill the memory.
 */
export interface TtlCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
  /** Entries held now (expired ones are dropped as new ones arrive). */
  readonly size: number;
}

export function createTtlCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<T> {
  const { ttlMs, maxEntries } = options;
  const now = options.now ?? Date.now;
  // Insertion order is expiry order: every entry is (re)inserted with now() + ttlMs.
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
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
      if (cached && cached.expiresAt > now()) return cached.value;
      const startedIn = generation;
      const value = compute();
      entries.delete(key);
      entries.set(key, { expiresAt: now() + ttlMs, value });
      evict();
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(() => {
        if (startedIn !== generation) forget();
      }, forget);
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
