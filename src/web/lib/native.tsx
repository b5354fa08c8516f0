import { useEffect } from "react";
import { useNavigate } from "react-router";
import { t } from "#web/i18n/i18n.ts";
import { useAuth } from "./auth.tsx";
import { isNativeApp } from "./native-bridge.ts";
import { finishNativeSignIn, signInLinkOf } from "./native-sign-in.ts";
import { followNativePush } from "./native-push.ts";

export { isNativeApp };

/** The custom scheme the native projects register (scripts/mobile-links.mjs) for links that are not verified. */
const APP_SCHEME = "kickoff:";

/**
 * The event page a link opens: https://<site>/event/<id> (App Links, Universal Links) or
 * kickoff://event/<id>. Anything else opens nothing.
 */
export function eventPathFromUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  // kickoff://event/<id>: "event" is the host, the id the path. https://…/event/<id>: the path.
  const path = url.protocol === APP_SCHEME ? `/${url.host}${url.pathname}` : url.protocol === "https:" ? url.pathname : "";
  const match = /^\/event\/([^/]+)\/?$/.exec(path);
  return match ? `/event/${match[1]}` : null;
}

/**
 * In the Capacitor app: a provider's sign-in comes back from the system browser (kickoff://auth/…),
 * links to /event/{id} open that event (signed out, the shell remembers it and
 * opens it after login), the hardware back button goes back in history or asks before leaving
 * the app (docs/product-rules.md, "Screens and routes"), and a tap on a notification opens its game
 * (docs/notifications.md, "The mobile app"). In a browser this does nothing.
 */
export function NativeIntegration() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  useEffect(() => {
    if (!isNativeApp()) return;
    let removed = false;
    const handles: { remove(): Promise<void> }[] = [];
    void import("@capacitor/app").then(async ({ App }) => {
      const deepLink = await App.addListener("appUrlOpen", ({ url }) => {
        const signIn = signInLinkOf(url);
        if (signIn && "code" in signIn) {
          // Back from the system browser, signed in there: this web view's session, then the app.
          void finishNativeSignIn(signIn.code)
            .then(() => refresh())
            .then(() => navigate("/", { replace: true }))
            .catch(() => navigate("/?error=state_mismatch", { replace: true }));
          return;
        }
        // The login screen says why (providerSignInError).
        if (signIn) return navigate(`/?error=${encodeURIComponent(signIn.error)}`, { replace: true });
        const path = eventPathFromUrl(url);
        if (path) navigate(path);
      });
      const back = await App.addListener("backButton", ({ canGoBack }) => {
        if (canGoBack) window.history.back();
        else if (window.confirm(t("shell.exitApp"))) void App.exitApp();
      });
      handles.push(deepLink, back);
      if (removed) for (const handle of handles) void handle.remove();
    });
    void followNativePush((path) => navigate(path))
      .then((pushHandles) => {
        handles.push(...pushHandles);
        if (removed) for (const handle of pushHandles) void handle.remove();
      })
      .catch((error: unknown) => console.warn("the app's notifications could not be followed", error));
    return () => {
      removed = true;
      for (const handle of handles) void handle.remove();
    };
  }, [navigate, refresh]);
  return null;
}
