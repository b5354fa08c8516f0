import { DATA_CACHE } from "./connection.ts";

/**
 * The answers the screens are built from — the home list, event pages, Your Events, who is signed
 * in — are kept (Cache Storage, this origin only) as last fetched, so that without a connection the
 * screen shows what was last seen. Kept here rather than in the service worker so that it works the
 * same inside the mobile app, whose API is another origin. Changes are never kept or replayed.
 */
const SAVED = /^\/api\/(config|me|me\/events|me\/registrations|events|events\/[^/?]+)(\?.*)?$/;

const available = () => typeof caches !== "undefined";
const key = (path: string) => new URL(path, window.location.origin).toString();

export function isSavedAnswer(path: string): boolean {
  return SAVED.test(path);
}

export async function saveAnswer(path: string, body: string): Promise<void> {
  if (!available()) return;
  try {
    const cache = await caches.open(DATA_CACHE);
    await cache.put(key(path), new Response(body, { headers: { "content-type": "application/json", "x-kickoff-fetched-at": new Date().toISOString() } }));
  } catch {
    // Storage full or refused: the app works on, only without this copy.
  }
}

export async function savedAnswer(path: string): Promise<{ body: string; fetchedAt: Date } | null> {
  if (!available()) return null;
  try {
    const saved = await caches.match(key(path), { cacheName: DATA_CACHE });
    if (!saved) return null;
    return { body: await saved.text(), fetchedAt: new Date(saved.headers.get("x-kickoff-fetched-at") ?? 0) };
  } catch {
    return null;
  }
}
