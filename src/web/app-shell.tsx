import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate, useNavigationType } from "react-router";
import { ConnectionNotices } from "./components/connection-notices.tsx";
import { ErrorBoundary } from "./components/error-boundary.tsx";
import { Footer } from "./components/footer.tsx";
import { LanguageSwitch } from "./components/lazy-language-switch.tsx";
import { Header } from "./components/header.tsx";
import { useNotify } from "./components/notification.tsx";
import { LoadingScreen, Spinner } from "./components/spinner.tsx";
import { useAuth } from "./lib/auth.tsx";
import { useConfig } from "./lib/config.ts";
import { decideRoute } from "./lib/guards.ts";
import { lazyScreen, ScreenDrawnContext } from "./lib/lazy-screen.ts";
import { rememberEventPath, takeRememberedEventPath } from "./lib/paths.ts";
import { HydrateLater } from "./lib/hydrate-later.tsx";
import { ScreenShown } from "./lib/screen-shown.tsx";
import { serverRender } from "./lib/server-render.ts";
import { useSessionActivity } from "./lib/use-session-activity.ts";
import { rememberViewerDevice } from "./lib/viewer-device.ts";
import { whenIdle } from "./lib/when-idle.ts";
import { screenLoaders } from "./screens.ts";
import { t } from "./i18n/i18n.ts";

const HomeScreen = lazyScreen(screenLoaders.home);
// Signed in, / never shows it: its code and messages are fetched only for a visitor signed out.
const LoginScreen = lazyScreen(screenLoaders.login);

/** The beacon goes once the page has loaded anyway (analytics.ts): its code need not be in the first load. */
function countViewSoon(path: string, signedIn: boolean) {
  import("./lib/analytics.ts").then(({ countView }) => countView(path, signedIn)).catch(() => undefined);
}

const LOGGED_IN_SHOWN_KEY = "kickoff.loggedInShown";

/** The root of every screen: auth guards, header, footer and the session rules. */
export function AppShell() {
  const { user, signOut } = useAuth();
  const config = useConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const appName = config.data?.appName ?? "Kickoff";
  const signedIn = Boolean(user?.emailVerified);
  const wasSignedIn = useRef(signedIn);

  const decision = decideRoute(location.pathname, user);
  const shellDrawn = decision.kind !== "loading" && decision.kind !== "redirect";

  // A new screen starts at its top, and the focus moves to it so that keyboard and screen-reader
  // users carry on from there rather than from a link that is gone (Back keeps its scroll position).
  // In the commit that draws the new screen (a layout effect): an effect runs after the paint, so it
  // could take the focus back from whatever had been focused on the screen already drawn (the
  // header's menu button right after login: the likely cause of a menu that once did not open in
  // CI). The first screen drawn (after the loading screen, if any) is the page as loaded: the
  // browser's own start.
  const navigationType = useNavigationType();
  const mainRef = useRef<HTMLElement>(null);
  const screenKey = `${location.pathname}|${signedIn}`;
  const lastScreenKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!shellDrawn || !mainRef.current || lastScreenKey.current === screenKey) return;
    const first = lastScreenKey.current === null;
    lastScreenKey.current = screenKey;
    if (first) return;
    if (navigationType !== "POP") window.scrollTo(0, 0);
    mainRef.current.focus({ preventScroll: true });
  }, [screenKey, navigationType, shellDrawn]);

  // Remember a visited /event/ path so login returns there (docs/product-rules.md, "Screens and routes").
  useEffect(() => {
    if (user === null || (user && !user.emailVerified)) rememberEventPath(location.pathname);
  }, [user, location.pathname]);

  useEffect(() => {
    if (signedIn && !wasSignedIn.current) {
      const returnTo = takeRememberedEventPath();
      if (returnTo && returnTo !== location.pathname) navigate(returnTo, { replace: true });
    }
    // Signed out another way than Log Out (account deleted, session ended on the server): the next
    // login in this tab is a new one and gets its banner again.
    if (user === null && wasSignedIn.current) sessionStorage.removeItem(LOGGED_IN_SHOWN_KEY);
    if (signedIn && !sessionStorage.getItem(LOGGED_IN_SHOWN_KEY)) {
      sessionStorage.setItem(LOGGED_IN_SHOWN_KEY, "1");
      notify(t("shell.loggedIn"));
    }
    wasSignedIn.current = signedIn;
  }, [signedIn, user, location.pathname, navigate, notify]);

  // One hit per screen viewed (docs/decisions/018-first-party-analytics.md), once it is known who is
  // signed in. Signed out, a game's link counts as that game opened, then as the login screen it
  // sends one to. Signed in, a screen left at once (the effect above has just gone on to the game
  // to return to, or a route sends elsewhere) was never seen: the address has already changed.
  const authKnown = user !== undefined;
  useEffect(() => {
    if (authKnown && (!signedIn || window.location.pathname === location.pathname)) countViewSoon(location.pathname, signedIn);
  }, [authKnown, location.pathname, signedIn]);

  const logOut = useCallback(async () => {
    await signOut().catch((error: unknown) => console.error("logout failed", error));
    sessionStorage.removeItem(LOGGED_IN_SHOWN_KEY);
    notify(t("shell.loggedOut"));
    navigate("/", { replace: true });
  }, [signOut, notify, navigate]);

  useSessionActivity({ active: signedIn, idleMs: config.data?.sessionIdleMs, onExpired: logOut });

  // Only for someone signed in, whose pages the server renders (docs/server-rendering.md): a visitor
  // who never signs in gets no cookie at all. A login writes it before the signed-in screen is drawn
  // (lib/auth.tsx); this covers a page opened signed in, after the paint (reading the screen's width
  // while the page's layout is not done would force it), once the page is idle (a cookie written among
  // a rendered page's first effects lengthened a task a phone counts as blocking).
  useEffect(() => (signedIn ? whenIdle(rememberViewerDevice) : undefined), [signedIn]);

  // The footer comes with the first screen. Drawn at once on a page drawn in the browser (/privacy,
  // say), it stood under an empty screen and was pushed down when the screen's code arrived: a layout
  // shift (Lighthouse's CLS 0.04 on /privacy). Appearing below the screen, it moves nothing. A page
  // the server rendered has its screen, and so its footer, in its HTML (on the server and while
  // hydrating, serverRender() is set). A screen that fails shows its message with the footer.
  const [firstScreenShown, setFirstScreenShown] = useState(() => serverRender() !== undefined);
  const showFooter = useCallback(() => setFirstScreenShown(true), []);

  if (decision.kind === "loading") {
    return (
      <>
        <div className="sticky top-0 z-40">
          <ConnectionNotices />
        </div>
        <LoadingScreen />
      </>
    );
  }
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;

  const onEventPage = location.pathname.startsWith("/event/");
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("shell.skipToContent")}
      </a>
      {/* One sticky stack at the top: the connection notices above the header, never over it. */}
      <div className="sticky top-0 z-40">
        <ConnectionNotices />
        {signedIn && user && <Header user={user} appName={appName} onLogout={logOut} />}
      </div>
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 focus:outline-none">
        {/* Inside the shell, and reset by navigation: a screen that fails keeps the header, and the way out. */}
        <ErrorBoundary key={location.pathname} onFailed={showFooter}>
          {/* The screen's boundary, hydrated in a pass of its own so that ScreenShown runs after the
              screen (lib/screen-shown.tsx). Nothing in it suspends past HydrateLater's own boundary,
              so it has no fallback; the spinner is inside, around the screen. */}
          <Suspense fallback={null}>
            {/* The shell first, then the screen, each in a task of its own on a page the server rendered
                (lib/hydrate-later.tsx); the box takes no room (display: contents). */}
            <HydrateLater as="div" className="contents">
              {/* The screen's code on its way shows the spinner here: HydrateLater's own boundary, which
                  keeps a part's server HTML while it waits for its turn, shows nothing. */}
              <Suspense fallback={<Spinner />}>
                <ScreenDrawnContext.Provider value={showFooter}>
                  {decision.kind === "login" ? <LoginScreen /> : decision.kind === "home" ? <HomeScreen /> : <Outlet />}
                </ScreenDrawnContext.Provider>
              </Suspense>
            </HydrateLater>
            <ScreenShown />
          </Suspense>
        </ErrorBoundary>
      </main>
      {firstScreenShown && signedIn && !onEventPage && <Footer appName={appName} />}
      {/* Before signing in, the footer holds only the language switch (docs/languages.md). */}
      {firstScreenShown && !signedIn && (
        <footer className="border-t border-slate-200 py-4 text-center text-sm text-slate-600">
          <LanguageSwitch />
        </footer>
      )}
    </div>
  );
}
