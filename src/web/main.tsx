import "./lib/zod-config.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { ErrorBoundary } from "./components/error-boundary.tsx";
import { NotificationProvider } from "./components/notification.tsx";
import { AuthProvider } from "./lib/auth.tsx";
import { reportUpdateWaiting } from "./lib/connection.ts";
import { NativeIntegration } from "./lib/native.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { startEarly } from "./lib/early-start.ts";
import { startLanguage } from "./i18n/i18n.ts";
import { AppRoutes } from "./router.tsx";
import "./styles.css";

const queryClient = createQueryClient();
startEarly(queryClient, window.location.pathname);

const root = createRoot(document.getElementById("root")!);
// The first render waits for the visitor's language: English is in this bundle; French is one chunk,
// fetched while the queries started above are under way (docs/languages.md).
void startLanguage().catch((error: unknown) => console.warn("language not loaded, English used", error)).finally(render);

// As a transition React renders in slices and lets the browser in between, so a phone answers a tap
// while the first screen is being built (nothing is shown before it is whole either way).
function render() {
  startTransition(() => {
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <AuthProvider>
                <NotificationProvider>
                  <NativeIntegration />
                  <AppRoutes />
                </NotificationProvider>
              </AuthProvider>
            </BrowserRouter>
          </QueryClientProvider>
        </ErrorBoundary>
      </StrictMode>,
    );
  });
}

if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
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
  });
}
