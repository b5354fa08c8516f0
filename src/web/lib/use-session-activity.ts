import { useEffect } from "react";
import { api } from "./api.ts";
import { sessionExpired, setIdleLimit, startSessionExpiration } from "./session-expiration.ts";

/** SPEC §9: the session is checked every 60 s. */
const CHECK_INTERVAL_MS = 60_000;
/** Tell the server about activity at most this often; its idle limit is minutes long. */
const SERVER_TOUCH_INTERVAL_MS = 60_000;
const ACTIVITY_EVENTS = ["mousemove", "keydown", "click", "scroll", "touchstart"] as const;

/**
 * While a verified user is signed in: activity renews the session (locally and on the server),
 * and a session idle past the limit logs the user out.
 */
export function useSessionActivity(options: { active: boolean; idleMs: number | undefined; onExpired: () => void }) {
  const { active, idleMs, onExpired } = options;
  useEffect(() => {
    if (!active || !idleMs) return;
    setIdleLimit(idleMs);
    // The server just confirmed the session is alive (it enforces the same limit), so start afresh.
    startSessionExpiration();
    let lastTouch = Date.now();
    const renew = () => {
      startSessionExpiration();
      if (Date.now() - lastTouch >= SERVER_TOUCH_INTERVAL_MS) {
        lastTouch = Date.now();
        api("/api/me/touch", { body: {} }).catch(() => undefined);
      }
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, renew, { passive: true });
    const timer = window.setInterval(() => {
      if (sessionExpired()) onExpired();
    }, CHECK_INTERVAL_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, renew);
      window.clearInterval(timer);
    };
  }, [active, idleMs, onExpired]);
}
