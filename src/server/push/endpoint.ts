import type { Config } from "#server/config.ts";

/**
 * The push services of the browsers people use (Chrome and Edge through FCM, Firefox, Safari,
 * Windows): the hosts of a subscription's endpoint, or their parents.
 */
const KNOWN_PUSH_SERVICES = ["fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

/**
 * Whether the server may post pushes to this endpoint (docs/notifications.md): it posts to whatever a
 * subscription names, so in production only an https endpoint of a known push service (or one of
 * PUSH_SERVICE_HOSTS) is taken, never an address inside the network. Outside production any http(s)
 * endpoint is, so a push service on loopback serves the tests.
 */
export function endpointAllowed(endpoint: string, config: Pick<Config, "production"> & { push: Pick<Config["push"], "extraServiceHosts"> }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!config.production) return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  return [...KNOWN_PUSH_SERVICES, ...config.push.extraServiceHosts].some((service) => host === service || host.endsWith(`.${service}`));
}
