import { useEffect, useRef } from "react";

/**
 * While a verified user is signed in: activity renews the session (locally and on the server),
 * and a session idle past the limit logs the user out (`watch-session-activity.ts`, fetched once
 * signed in, not in the home page's first script: its budget). Its idle limit is minutes long, so
 * the moment its code takes to arrive changes nothing.
 */
export function useSessionActivity(options: { active: boolean; idleMs: number | undefined; onExpired: () => void }) {
  const { active, idleMs, onExpired } = options;
  // The callback changes with navigation; restarting the session on each change would hide an expiry.
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onExpiredRef.current = onExpired;
  }, [onExpired]);

  useEffect(() => {
    if (!active || !idleMs) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    import("./watch-session-activity.ts")
      .then(({ watchSessionActivity }) => {
        if (!stopped) stop = watchSessionActivity(idleMs, () => onExpiredRef.current());
      })
      .catch(() => undefined); // offline and not cached: the server's own idle limit still ends the session
    return () => {
      stopped = true;
      stop?.();
    };
  }, [active, idleMs]);
}
