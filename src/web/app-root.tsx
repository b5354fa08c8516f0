import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, type ComponentType, type ReactNode } from "react";
import { ErrorBoundary } from "./components/error-boundary.tsx";
import { NotificationProvider } from "./components/notification.tsx";
import { AuthProvider } from "./lib/auth.tsx";
import { isNativeApp } from "./lib/native-bridge.ts";
import { ScreenShownProvider } from "./lib/screen-shown.tsx";
import { AppRoutes } from "./router.tsx";

// Inside the Capacitor app only: its code is not in a browser's first load.
const NativeIntegration = lazy(() => import("./lib/native.tsx").then((module) => ({ default: module.NativeIntegration })));
const inNativeApp = isNativeApp();

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
                {inNativeApp && (
                  <Suspense fallback={null}>
                    <NativeIntegration />
                  </Suspense>
                )}
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
