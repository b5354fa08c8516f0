/** The Capacitor app (capacitor.config.json; the native projects under android/ and ios/). */
export const MOBILE_APP_ID = "app.kickoff.games";

/** The custom URL scheme the app registers, for links when App Links / Universal Links are not verified. */
export const MOBILE_URL_SCHEME = "kickoff";

/**
 * The host the app's web view serves its own pages at (capacitor.config.json's `server.hostname`,
 * written by `npm run mobile:sync`): a subdomain of PUBLIC_URL's host. The app and the API at
 * PUBLIC_URL are then one site, so the session cookie stays SameSite=Lax and the app still sends it
 * (docs/decisions/016-mobile-app-on-the-site.md). The name never resolves: Capacitor answers it
 * from the files inside the app.
 */
export function mobileAppHost(publicUrl: string): string {
  return `app.${new URL(publicUrl).hostname}`;
}

/**
 * The origins of the app's web view: Android (`server.androidScheme: "https"`) and iOS (Capacitor's
 * own scheme). Only for an https PUBLIC_URL with a domain name: the session cookie is Secure there
 * only, and an address has no subdomain.
 */
export function mobileAppOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const isAddress = /^[\d.]+$|^\[/.test(url.hostname);
  if (url.protocol !== "https:" || isAddress) return [];
  const host = mobileAppHost(publicUrl);
  return [`https://${host}`, `capacitor://${host}`];
}

/**
 * Where a provider's sign-in in the system browser comes back to the app: kickoff://auth/signed-in?code=…
 * or kickoff://auth/failed?error=… (docs/decisions/045-provider-sign-in-in-the-mobile-app.md).
 */
export const MOBILE_SIGN_IN_LINK = `${MOBILE_URL_SCHEME}://auth`;

/** The app's paths that links open in the app (App Links, Universal Links). */
export const MOBILE_LINK_PATH_PREFIX = "/event/";
