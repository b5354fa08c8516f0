import { api } from "./api.ts";

/**
 * A provider's sign-in from the mobile app (docs/decisions/045-provider-sign-in-in-the-mobile-app.md):
 * started here, carried out in the system browser (providers refuse web views, and the person's
 * provider session is there), back by kickoff://auth/signed-in?code=… or kickoff://auth/failed?error=….
 */

/** Kept across the trip to the browser: Android may stop the app meanwhile, so not only in memory. */
const VERIFIER_KEY = "kickoff.signInVerifier";

/** A secret only this app knows: the server turns the code into a session only with it. */
function newVerifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Opens the provider's sign-in in the system browser: a top-level navigation away from the app's own host is handed to it by Capacitor. */
export async function startNativeSignIn(provider: string): Promise<void> {
  const verifier = newVerifier();
  localStorage.setItem(VERIFIER_KEY, verifier);
  const { url } = await api<{ url: string }>("/api/auth/mobile/sign-in", { body: { provider, verifier } });
  window.location.assign(url);
}

/** What a link back from the browser means: the code to redeem, the error to show, or not a sign-in link. */
export function signInLinkOf(link: string): { code: string } | { error: string } | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "kickoff:" || url.host !== "auth") return null;
  const code = url.searchParams.get("code");
  if (url.pathname === "/signed-in" && code) return { code };
  if (url.pathname === "/failed") return { error: url.searchParams.get("error") || "unknown" };
  return null;
}

/** Turns the code into this web view's session; throws the server's refusal (an expired code, another device's). */
export async function finishNativeSignIn(code: string): Promise<void> {
  const verifier = localStorage.getItem(VERIFIER_KEY) ?? "";
  localStorage.removeItem(VERIFIER_KEY);
  await api("/api/auth/mobile/session", { body: { code, verifier } });
}
