import { DATA_CACHE, savedAnswersGeneration } from "./connection.ts";
import { whenIdle } from "./when-idle.ts";

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

/** Saves an answer read while the saved answers were at `generation` (`savedAnswersGeneration()`). */
export async function saveAnswer(path: string, body: string, generation: number): Promise<void> {
  if (!available()) return;
  await put(path, body, new Date(), generation);
}

async function put(path: string, body: string, fetchedAt: Date, generation: number): Promise<void> {
  try {
    const cache = await caches.open(DATA_CACHE);
    // Read before the session ended (Log Out, or the server ending it): not this device's to keep.
    if (generation !== savedAnswersGeneration()) return;
    await cache.put(key(path), new Response(body, { headers: { "content-type": "application/json", "x-kickoff-fetched-at": fetchedAt.toISOString() } }));
  } catch {
    // Storage full or refused: the app works on, only without this copy.
  }
}

export async function savedAnswer(path: string): Promise<{ body: string; fetchedAt: Date } | null> {
  try {
    const saved = await savedCopy(path);
    return saved && { body: await saved.text(), fetchedAt: fetchedAtOf(saved) };
  } catch {
    return null;
  }
}

async function savedCopy(path: string): Promise<Response | null> {
  if (!available()) return null;
  try {
    return (await caches.match(key(path), { cacheName: DATA_CACHE })) ?? null;
  } catch {
    return null;
  }
}

const fetchedAtOf = (saved: Response) => new Date(saved.headers.get("x-kickoff-fetched-at") ?? 0);

/**
 * The answers a page rendered on the server carries (docs/server-rendering.md), kept as if they had
 * just been fetched, with the time the server read them: the page no longer asks for them again once
 * hydrated only to keep them. Nothing here is urgent: begun once the page has had a few seconds to
 * itself (the first write to the cache is tens of milliseconds on a slow phone), one answer per idle
 * moment after that. Only those the app keeps anyway (`SAVED`).
 */
export function keepRenderedAnswers(answers: readonly { key: readonly unknown[]; data: unknown; updatedAt: number }[]): void {
  if (!available()) return;
  const generation = savedAnswersGeneration();
  const kept = answers.flatMap((answer) => {
    const saved = savedFormOf(answer.key, answer.data);
    return saved && isSavedAnswer(saved.path) ? [{ ...saved, fetchedAt: new Date(answer.updatedAt) }] : [];
  });
  const next = () => {
    const answer = kept.shift();
    if (!answer) return;
    void keepUnlessNewer(answer.path, answer.body, answer.fetchedAt, generation).then(() => whenIdle(next, 5_000));
  };
  setTimeout(() => whenIdle(next, 5_000), KEEP_AFTER_MS);
}

/** How long after hydration a rendered page's answers are kept: past the load and its first taps. */
const KEEP_AFTER_MS = 5_000;

/**
 * A query's answer as its API route sends it, and that route's address: what the query's fetcher asks
 * for (`fetchEvent` unwraps `{ event }`, `meQuery` `{ user }`). entry-server.test.tsx checks every
 * answer of a rendered home and game page against what the render asked for.
 */
export function savedFormOf(key: readonly unknown[], data: unknown): { path: string; body: unknown } | null {
  const [first, second, third] = key;
  if (key.length === 1 && first === "me") return { path: "/api/me", body: { user: data } };
  if (key.length === 1 && first === "config") return { path: "/api/config", body: data };
  if (first !== "events") return null;
  if (key.length === 2 && second === "upcoming") return { path: "/api/events?scope=upcoming", body: data };
  if (key.length === 2 && second === "my-registrations") return { path: "/api/me/registrations", body: data };
  if (key.length === 3 && second === "detail" && typeof third === "string") return { path: `/api/events/${encodeURIComponent(third)}`, body: { event: data } };
  return null;
}

/** A copy fetched since the page was rendered (home's stream reads its list again as it opens) stays. */
async function keepUnlessNewer(path: string, body: unknown, fetchedAt: Date, generation: number): Promise<void> {
  // Its date from its headers alone: home's list can be hundreds of KB.
  const saved = await savedCopy(path);
  if (saved && fetchedAtOf(saved) >= fetchedAt) return;
  await put(path, JSON.stringify(body), fetchedAt, generation);
}
