import { useSyncExternalStore } from "react";

/**
 * What the connection notices show: the time of the oldest saved answer on screen while the server
 * cannot be reached (the service worker answers from its copy), and whether a new version of the
 * app is waiting to take over.
 */
interface ConnectionState {
  offlineSince: Date | null;
  /** A change (join, pay, cancel...) was refused for want of a connection; nothing is kept to send later. */
  writeRefused: boolean;
  updateWaiting: ServiceWorker | null;
}

let state: ConnectionState = { offlineSince: null, writeRefused: false, updateWaiting: null };
const listeners = new Set<() => void>();
const set = (next: Partial<ConnectionState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

/** A saved answer fetched at `fetchedAt` is shown instead of the server's. */
export function reportShownFromCache(fetchedAt: Date) {
  if (Number.isNaN(fetchedAt.getTime())) return;
  if (!state.offlineSince || fetchedAt < state.offlineSince) set({ offlineSince: fetchedAt });
}

/** The server answered: what is shown is current again. */
export function reportOnline() {
  if (state.offlineSince || state.writeRefused) set({ offlineSince: null, writeRefused: false });
}

export function reportWriteRefused() {
  set({ writeRefused: true });
}

export function reportUpdateWaiting(worker: ServiceWorker) {
  set({ updateWaiting: worker });
}

/** "Reload": the waiting version takes over (sw.js), then the page reloads into it. */
export function acceptUpdate(worker: ServiceWorker) {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage({ type: "SKIP_WAITING" });
}

export function useConnection(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // Rendered on the server: nothing has failed yet (docs/server-rendering.md).
    () => state,
  );
}

/** The service worker's copies of signed-in answers (sw.js): gone when the session ends. */
export const DATA_CACHE = "kickoff-data-v1";

/**
 * How many times the saved answers have been forgotten: an answer read before the session ended is
 * not saved after it (saved-answers.ts), or the next person on this device would see it offline.
 */
let forgotten = 0;

export function forgetSavedAnswers() {
  forgotten += 1;
  if (typeof caches !== "undefined") void caches.delete(DATA_CACHE).catch(() => undefined);
}

/** Changes each time the saved answers are forgotten (a session ended). */
export function savedAnswersGeneration(): number {
  return forgotten;
}
