import { apiUrl } from "#web/lib/app-origin.ts";

/**
 * Opens a live stream (docs/live-updates.md) with the session cookie, also from the mobile app's
 * origin. Null where the platform has no EventSource: the page then keeps polling.
 */
export function openLiveStream(path: string): EventSource | null {
  if (typeof EventSource === "undefined") return null;
  return new EventSource(apiUrl(path), { withCredentials: true });
}
