import { api, ApiError } from "./api.ts";
import { sessionExpired, setIdleLimit, startSessionExpiration } from "./session-expiration.ts";

/** The session is checked every 60 s (docs/product-rules.md, "Constants"). */
const CHECK_INTERVAL_MS = 60_000;
/** Tell the server about activity at most this often; its idle limit is minutes long. */
const SERVER_TOUCH_INTERVAL_MS = 60_000;
const ACTIVITY_EVENTS = ["mousemove", "keydown", "click", "scroll", "touchstart"] as const;

/**
 * Activity renews the session (locally and on the server), and a session idle past the limit calls
 * `onExpired` once. Returns what stops the watch. Loaded by `useSessionActivity` once signed in.
 */
export function watchSessionActivity(idleMs: number, onExpired: () => void): () => void {
  setIdleLimit(idleMs);
  // The server just confirmed the session is alive (it enforces the same limit), so start afresh.
  startSessionExpiration();
  let ended = false;
  const expire = () => {
    if (ended) return;
    ended = true;
    onExpired();
  };
  let lastTouch = Date.now();
  const renew = () => {
    if (ended) return;
    // Timers do not run while a laptop sleeps: the first touch after waking must not revive a
    // session that has been idle past the limit.
    if (sessionExpired()) {
      expire();
      return;
    }
    startSessionExpiration();
    if (Date.now() - lastTouch >= SERVER_TOUCH_INTERVAL_MS) {
      lastTouch = Date.now();
      api("/api/me/touch", { body: {} }).catch((error: unknown) => {
        // The server has already ended the session (its own idle limit).
        if (error instanceof ApiError && error.status === 401) expire();
      });
    }
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, renew, { passive: true });
  const timer = window.setInterval(() => {
    if (sessionExpired()) expire();
  }, CHECK_INTERVAL_MS);
  return () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, renew);
    window.clearInterval(timer);
  };
}
