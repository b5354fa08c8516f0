import type { Hit } from "#shared/analytics.ts";
import { apiUrl } from "./app-origin.ts";
import { takeOpenedPath } from "./opened-path.ts";

/**
 * First-party analytics (docs/decisions/018-first-party-analytics.md): one beacon per screen
 * viewed and one per use of the Share button, sent to our own server when the browser is idle after
 * the page has loaded. No cookie, no id kept anywhere: the server counts visitors with a hash that
 * changes every day. Fetched as the first screen shows (app-shell.tsx), and kept this small.
 */

let lastScreen = "";
let firstView = true;

/** A screen is shown: the app's path, and whether a verified account is signed in ("/" is then Home, else Login). */
export function countView(path: string, signedIn: boolean): void {
  // A game's link answered with the login screen counts as that game opened first (opened-path.ts).
  const opened = takeOpenedPath();
  if (opened && opened !== path) countView(opened, false);
  // The same screen again (a re-render, React's development double effects) is not another view.
  const screen = `${path}|${signedIn}`;
  if (screen === lastScreen) return;
  lastScreen = screen;
  const hit: Hit = { kind: "view", path, signedIn };
  // Where the visit came from, once per page load: the host only, never the linking page's address.
  if (firstView) hit.referrer = referrerHost();
  firstView = false;
  afterLoad(() => send(hit));
}

/** The Share button sent or copied the link of the game at `path` (the game page is for signed-in people). */
export function countShare(path: string): void {
  send({ kind: "share", path, signedIn: true });
}

function referrerHost(): string | null {
  try {
    const { host, hostname } = new URL(document.referrer);
    // A link within the site is no way in; an app that opened the link shows as its package (com.whatsapp).
    return host !== location.host && /^[\w.-]{1,253}$/.test(hostname) ? hostname : null;
  } catch {
    return null;
  }
}

/** After the load event, when the browser is idle; a prerendered page waits until it is shown. */
function afterLoad(run: () => void): void {
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => afterLoad(run), { once: true });
  } else if (document.readyState !== "complete") {
    addEventListener("load", () => afterLoad(run), { once: true });
  } else if (typeof requestIdleCallback === "function") {
    requestIdleCallback(run, { timeout: 5000 });
  } else {
    setTimeout(run, 0);
  }
}

function send(hit: Hit): void {
  // Offline it is lost: nothing is kept to be sent later.
  if (navigator.onLine === false) return;
  const url = apiUrl("/api/analytics/hits");
  const body = JSON.stringify(hit);
  // A string goes as text/plain, which needs no preflight, from the mobile app's origin either.
  if (navigator.sendBeacon?.(url, body)) return;
  fetch(url, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => undefined);
}
