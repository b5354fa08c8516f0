import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Capacitor's bridge sets window.Capacitor inside the app; reading it keeps Capacitor out of the web bundle. */
export function isNativeApp(): boolean {
  const bridge = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return Boolean(bridge?.isNativePlatform?.());
}

/**
 * In the Capacitor app: deep links to /event/{id} open that event, and the hardware back button
 * goes back in history or asks before leaving the app (SPEC §2). In a browser this does nothing.
 */
export function NativeIntegration() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isNativeApp()) return;
    let removed = false;
    const handles: { remove(): Promise<void> }[] = [];
    void import("@capacitor/app").then(async ({ App }) => {
      const deepLink = await App.addListener("appUrlOpen", ({ url }) => {
        const path = new URL(url).pathname;
        if (path.startsWith("/event/")) navigate(path);
      });
      const back = await App.addListener("backButton", ({ canGoBack }) => {
        if (canGoBack) window.history.back();
        else if (window.confirm("Do you really want to exit the app?")) void App.exitApp();
      });
      handles.push(deepLink, back);
      if (removed) for (const handle of handles) void handle.remove();
    });
    return () => {
      removed = true;
      for (const handle of handles) void handle.remove();
    };
  }, [navigate]);
  return null;
}
