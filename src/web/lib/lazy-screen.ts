import { createContext, createElement, Fragment, lazy, useContext, useEffect, useState, type ComponentType } from "react";

const RELOADED_KEY = "kickoff.reloadedForNewVersion";

/**
 * After a file of the app failed to load: loads the page again, once, when online (the usual cause is
 * a deploy that replaced the files this open page knows; the reload brings the new version). Returns
 * false when it did not: offline, a reload could only trade the app's message for the browser's error
 * page, and a second failure after a reload is not a new version.
 */
export function reloadOnceForNewVersion(): boolean {
  if (!navigator.onLine || sessionStorage.getItem(RELOADED_KEY)) return false;
  sessionStorage.setItem(RELOADED_KEY, "1");
  window.location.reload();
  return true;
}

type ScreenModule = { default: ComponentType };
type ScreenLoader = () => Promise<ScreenModule>;

/** Screens whose code is here already, by loader: rendered at once, without suspending. */
const loadedScreens = new Map<ScreenLoader, ComponentType>();

/**
 * Fetches a screen's code ahead of its first render, so that it renders at once: the server renders
 * with it, and a page the server rendered is hydrated only once the same screens are here, as React
 * must build the same tree the HTML was made from (docs/server-rendering.md).
 */
export async function preloadScreen(load: ScreenLoader): Promise<void> {
  if (loadedScreens.has(load)) return;
  loadedScreens.set(load, withDrawn((await load()).default));
}

/**
 * A screen loaded on demand. When its file cannot be loaded, the usual cause is a deploy that
 * replaced the files this open page knows: the page is loaded again, once, at the same address,
 * which brings the new version. Offline, or failing again, it goes to the error boundary.
 * A screen preloaded (preloadScreen) renders directly; each rendered instance keeps the way it
 * started, so a screen never remounts when its code arrives.
 */
export function lazyScreen(load: ScreenLoader) {
  const OnDemand = lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
        return { default: withDrawn(module.default) };
      },
      (error: unknown) => {
        if (!reloadOnceForNewVersion()) throw error;
        // Nothing to render meanwhile: the page is going away.
        return new Promise<never>(() => undefined);
      },
    ),
  );
  return function Screen() {
    const [Loaded] = useState(() => loadedScreens.get(load));
    return createElement(Loaded ?? OnDemand);
  };
}

/**
 * Told when a screen is drawn with its code (the shell draws its footer then: app-shell.tsx). The
 * telling is part of what the screen's code resolves to, after the screen: a component beside the
 * lazy screen ran its effect while the code was still on its way (Preact commits what did not suspend).
 */
export const ScreenDrawnContext = createContext<(() => void) | undefined>(undefined);

function withDrawn(Screen: ComponentType): ComponentType {
  return function DrawnScreen() {
    return createElement(Fragment, null, createElement(Screen), createElement(Drawn));
  };
}

function Drawn() {
  const drawn = useContext(ScreenDrawnContext);
  useEffect(() => drawn?.(), [drawn]);
  return null;
}
