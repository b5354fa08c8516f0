import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { ErrorBoundary } from "./components/error-boundary.tsx";
import { NotificationProvider } from "./components/notification.tsx";
import { AuthProvider } from "./lib/auth.tsx";
import { isNativeApp } from "./lib/native-bridge.ts";
import { ScreenShownProvider } from "./lib/screen-shown.tsx";
import { AppRoutes } from "./router.tsx";

// Inside the Capacitor app only: its code is not in a browser's first load.
const NativeIntegration = lazy(() => import("./lib/native.tsx").then((module) => ({ default: module.NativeIntegration })));

/**
 * The native integration, mounted once the page is hydrated: the server renders no app, so a tree
 * that had it from the first render would differ from the server's HTML (React's error #418, seen in
 * the app's web view on every page rendered on the server). It draws nothing either way.
 */
function NativeIntegrationAfterHydration() {
  const [inNativeApp, setInNativeApp] = useState(false);
  useEffect(() => setInNativeApp(isNativeApp()), []);
  return inNativeApp ? (
    <Suspense fallback={null}>
      <NativeIntegration />
    </Suspense>
  ) : null;
}

/**
 * The whole app under its router: the same tree in the browser (BrowserRouter) and on the server
 * (StaticRouter, entry-server.tsx), as hydration needs (docs/server-rendering.md).
 */
export function AppRoot({
  queryClient,
  router: Router,
  onShown,
}: {
  queryClient: QueryClient;
  router: ComponentType<{ children: ReactNode }>;
  /** Once the first screen is on screen: called by `ScreenShown`, inside the screen's boundary (lib/screen-shown.tsx). */
  onShown?: () => void;
}) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Router>
            <AuthProvider>
              <NotificationProvider>
                <NativeIntegrationAfterHydration />
                <ScreenShownProvider value={onShown}>
                  <AppRoutes />
                </ScreenShownProvider>
              </NotificationProvider>
            </AuthProvider>
          </Router>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
