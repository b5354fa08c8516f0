import { reportUpdateWaiting } from "./connection.ts";

/** Registers the service worker (sw.js): the app offline, and a new version offered with "Reload". */
export function registerServiceWorker(): void {
  navigator.serviceWorker
    .register("/sw.js")
    .then((registration) => {
      // A new version installed beside the running one waits for "Reload" (sw.js).
      const offer = (worker: ServiceWorker | null) => {
        if (worker && navigator.serviceWorker.controller) reportUpdateWaiting(worker);
      };
      offer(registration.waiting);
      // Files the page loaded before the worker took over (the first visit) are kept for offline use too.
      void navigator.serviceWorker.ready.then((ready) => {
        const assets = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(`${window.location.origin}/assets/`));
        ready.active?.postMessage({ type: "CACHE_ASSETS", urls: assets });
      });
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed") offer(worker);
        });
      });
    })
    .catch((error: unknown) => console.warn("service worker not registered", error));
}
