import { useEffect, useRef } from "react";
import type * as WatchModule from "./watch-session-activity.ts";
import { serverRender } from "./server-render.ts";
import { whenIdle } from "./when-idle.ts";

/**
 * The watch's code (`watch-session-activity.ts`) is not in the home page's first script (its budget):
 * it is fetched as the app starts, so it is here by the time anyone signs in, and a signed-in page
 * starts it a moment after its first screen. A failed fetch (offline) is tried again at the next sign-in.
 */
let watcher: Promise<typeof WatchModule> | undefined;
function loadWatcher() {
  watcher ??= import("./watch-session-activity.ts").catch((error: unknown) => {
    watcher = undefined;
    throw error;
  });
  return watcher;
}
if (typeof window !== "undefined") loadWatcher().catch(() => undefined);

/**
 * While a verified user is signed in: activity renews the session (locally and on the server),
 * and a session idle past the limit logs the user out.
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
    const start = () => {
      loadWatcher()
        .then(({ watchSessionActivity }) => {
          if (!stopped) stop = watchSessionActivity(idleMs, () => onExpiredRef.current());
        })
        .catch(() => undefined); // offline and not cached: the server's own idle limit still ends the session
    };
    // On a page the server rendered, once it is idle: the watch's first write to localStorage and its
    // listeners were part of the hydration's first effects, a task a phone counts as blocking, and a
    // minute's checks lose nothing by starting a moment later. Anywhere else (a login) at once.
    let cancel = () => {};
    if (serverRender()) cancel = whenIdle(start);
    else start();
    return () => {
      stopped = true;
      cancel();
      stop?.();
    };
  }, [active, idleMs]);
}
