import "./lib/zod-config.ts";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoot } from "./app-root.tsx";
import { hydrateChecked } from "./lib/hydration-check.ts";
import { preloadScreen, reloadOnceForNewVersion } from "./lib/lazy-screen.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { startEarly } from "./early-start.ts";
import { readServerRender } from "./lib/viewer-device.ts";
import { setServerRender } from "./lib/server-render.ts";
import { activateLanguage, startLanguage } from "./i18n/i18n.ts";
import { screenLoaders } from "./screens.ts";
import { rememberEventPath } from "./lib/paths.ts";
import { rememberOpenedPath } from "./lib/opened-path.ts";
import { keepRenderedAnswers } from "./lib/saved-answers.ts";
import { whenIdle } from "./lib/when-idle.ts";
import "./styles.css";

const queryClient = createQueryClient();
// A page the server rendered carries what it was rendered with (docs/server-rendering.md): its
// answers go in the cache, and the browser renders in its language, then hydrates once the screen's
// code is here. Any other page renders here as it always has.
const rendered = readServerRender();
// Rendered for another address (a signed-out visitor's game link is the login screen at "/"): the
// browser goes there first, as the shell's redirect would, keeping the game to return to after login.
if (rendered?.location && rendered.location !== window.location.pathname) {
  rememberEventPath(window.location.pathname);
  // The game's link counts as that game opened, signed out, before the login screen it shows
  // (lib/opened-path.ts; docs/decisions/018-first-party-analytics.md).
  rememberOpenedPath(window.location.pathname);
  window.history.replaceState(window.history.state, "", rendered.location);
}
for (const answer of rendered?.queries ?? []) queryClient.setQueryData(answer.key, answer.data, { updatedAt: answer.updatedAt });
// The first render waits for the visitor's language: Lingui's runtime and the shell's messages are
// two small chunks, fetched while the queries and the screen asked for below are under way; a
// screen's own messages come with its code (docs/languages.md). Started first: the screen's loader
// asks for the language's messages.
const languageLoaded = rendered ? activateLanguage(rendered.language).then(() => preloadScreen(screenLoaders[rendered.screen])) : startLanguage();
// A rendered page carries its answers, fresh: they are not asked for again. Newer ones come from the
// screen's live stream, opened once the page is hydrated (a newer answer drawn before would not be
// the server's HTML; docs/server-rendering.md), and the page's answers are kept for offline use as
// they are (lib/saved-answers.ts).
if (!rendered) startEarly(queryClient, window.location.pathname);

const container = document.getElementById("root")!;
// The scripts' evaluation and the first render in tasks of their own, so that neither is a long one
// on a phone: the page is on screen already when the server rendered it (lib/hydrate-later.tsx).
languageLoaded.then(() => (rendered ? new Promise((resolve) => setTimeout(resolve, 0)).then(render) : render()), (error: unknown) => {
  console.error("the language's messages could not be loaded", error);
  // Without them no screen can say anything: a new version is loaded once, else the page's own notice.
  if (reloadOnceForNewVersion()) return;
  document.getElementById("root")?.remove();
  document.getElementById("start-failure")?.removeAttribute("hidden");
});

// In a transition: React rendered in slices there, letting the browser in between. Preact's
// compatibility layer (docs/decisions/050-preact-under-the-react-api.md) runs it at once, in one
// pass; a page the server rendered is hydrated in turns instead (lib/hydrate-later.tsx). The
// transition stays so that the code means the same on either.
function render() {
  let wasHydrated = false;
  // Settles once every part of the page has had its turn (lib/hydrate-later.tsx).
  let wholePage: Promise<void> = Promise.resolve();
  const hydrated = () => {
    if (wasHydrated) return;
    wasHydrated = true;
    void wholePage.then(takeInput);
  };
  const takeInput = () => {
    setServerRender(undefined);
    // The server's page takes no input until now: a tap held meanwhile is made again (src/web/public/boot.js).
    container.removeAttribute("inert");
    container.dataset.hydrated = "";
    document.dispatchEvent(new Event("kickoff:hydrated"));
    if (rendered) {
      keepRenderedAnswers(rendered.queries);
      whenIdle(registerWorker);
    }
  };
  const app = <AppRoot queryClient={queryClient} router={BrowserRouter} onShown={rendered ? hydrated : undefined} />;
  if (rendered) {
    setServerRender(() => rendered);
    // As a transition too (the page is already on screen; see above).
    startTransition(() => {
      wholePage = hydrateChecked(container, () => hydrateRoot(container, app));
    });
    return;
  }
  startTransition(() => createRoot(container).render(app));
}

/**
 * The service worker (the app offline), registered once the page has loaded: its code is not in the
 * first load. A page the server rendered registers it once hydrated and idle (above), not at its load
 * event: that page starts this script after its first paint (boot.js), often after the load event,
 * and the worker's first install fetched again each file the page had loaded, to keep it offline
 * (thirty-odd requests, and the worker's own thread starting), in the middle of the hydration's turns.
 * On a phone (and a two-core test machine) they competed for the processor, and the turns' tasks
 * took several times their own work.
 */
function registerWorker() {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  import("./lib/service-worker.ts").then(({ registerServiceWorker }) => registerServiceWorker()).catch((error: unknown) => console.warn("service worker not registered", error));
}
if (!rendered) {
  if (document.readyState === "complete") registerWorker();
  else window.addEventListener("load", registerWorker);
}
