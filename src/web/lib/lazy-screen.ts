import { lazy, type ComponentType } from "react";

const RELOADED_KEY = "kickoff.reloadedForNewVersion";

/**
 * A screen loaded on demand. When its file cannot be loaded, the usual cause is a deploy that
 * replaced the files this open page knows: the page is loaded again, once, at the same address,
 * which brings the new version. Offline, or failing again, it goes to the error boundary.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
        return module;
      },
      (error: unknown) => {
        // Offline, a reload could only trade the app's message for the browser's error page.
        if (!navigator.onLine || sessionStorage.getItem(RELOADED_KEY)) throw error;
        sessionStorage.setItem(RELOADED_KEY, "1");
        window.location.reload();
        // Nothing to render meanwhile: the page is going away.
        return new Promise<never>(() => undefined);
      },
    ),
  );
}
