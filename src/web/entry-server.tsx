import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { EventSummary } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import type { ViewerDevice } from "#shared/viewer-device.ts";
import { AppRoot } from "./app-root.tsx";
import { eventKeys } from "./features/events/hooks/query-keys.ts";
import { fetchEvent } from "./features/events/hooks/fetch-event.ts";
import { eventPreviewQuery } from "./features/events/hooks/use-event-preview.ts";
import { fetchMyRegistrations } from "./features/events/hooks/use-my-registrations.ts";
import { fetchUpcomingEvents } from "./features/events/hooks/use-upcoming-events.ts";
import { preloadLanguageSwitch } from "./components/lazy-language-switch.tsx";
import { loadWholeLanguage, speakWholeLanguage, t, type WholeLanguage } from "./i18n/i18n.ts";
import { setServerTransport, type ServerTransport } from "./lib/api.ts";
import { meQuery } from "./lib/auth.tsx";
import { configQuery } from "./lib/config.ts";
import { decideRoute } from "./lib/guards.ts";
import { preloadScreen } from "./lib/lazy-screen.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { setServerRender, type ServerRender } from "./lib/server-render.ts";
import { renderElementsLean } from "./lib/server-elements.ts";
import { gatherStyled } from "./lib/styled-elements.ts";
import { screenLoaders } from "./screens.ts";

/**
 * The server's render of the first screen (docs/server-rendering.md): the same components as the
 * browser's, with the answers the API gives this viewer, read through the app itself. Built by
 * `vite build --ssr` into dist/ssr and loaded by src/server/web/render-page.ts.
 */
export interface RenderInput {
  /** The address, path and query ("/event/abc"). */
  url: string;
  /** The request's language (cookie, else Accept-Language); an account's own choice wins. */
  language: Language;
  /**
   * The device cookie's zone and width; none on a first visit, when only the login screen is
   * rendered: in the shared game's zone, named, or the app's own zone (it shows no time).
   */
  device: ViewerDevice | undefined;
  /** The app's zone (TIME_ZONE), for a first visit's login screen without a game. */
  timeZone: string;
  /** The API as this viewer's request would reach it (their cookies, their address). */
  transport: ServerTransport;
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  state: ServerRender;
  /** What the page says, in its language, when tapped before it has started (src/web/public/boot.js). */
  gettingReady: string;
  /** Its elements ("<div") and class attributes, for its first screen's stylesheet (lib/styled-elements.ts). */
  styled: Set<string>;
}

/**
 * The transport of the read being started (`readInto` below). `api()` takes it as it starts, in the query
 * function's synchronous part, so no other request's read can come in between. Not an
 * AsyncLocalStorage: once one is used, Node tracks every promise the process makes, for every route.
 */
let reading: ServerTransport | undefined;
setServerTransport(() => reading);
let rendering: ServerRender | undefined;
setServerRender(() => rendering);
// Elements whose props the string render writes as they are skip preact/compat's copy of them.
renderElementsLean();

/** Each language whole, loaded once: its catalogs are a few kilobytes. */
const languages = new Map<Language, Promise<WholeLanguage>>();
const wholeLanguage = (language: Language) => {
  let loading = languages.get(language);
  if (!loading) {
    loading = loadWholeLanguage(language);
    loading.catch(() => languages.delete(language));
    languages.set(language, loading);
  }
  return loading;
};

/**
 * The page's first screen as HTML, or null for a page this render does not make (another screen, a
 * redirect, an unverified account, an answer that failed): the browser then renders it as before.
 * Throws only for a fault of its own; the caller falls back the same way.
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage | null> {
  const { pathname } = new URL(input.url, "http://localhost");
  const queryClient = createQueryClient();
  const prepared = await prepare(queryClient, pathname, input.language, input.transport);
  if (!prepared) return null;
  // Without the device cookie only the login screen, which shows no time but a shared game's.
  if (!input.device && prepared.screen !== "login") return null;
  const state: ServerRender = {
    screen: prepared.screen,
    language: prepared.whole.language,
    device: input.device ?? { timeZone: prepared.sharedGameZone ?? input.timeZone, narrow: false },
    now: Date.now(),
    queries: answersOf(queryClient),
    ...(input.device ? {} : { deviceGuessed: true }),
    ...(prepared.sharedEventId === undefined ? {} : { location: "/", sharedEventId: prepared.sharedEventId }),
  };
  // From here to the end nothing yields: the language and the render's device are the process's
  // own for this moment, and no other request's render can run in between.
  speakWholeLanguage(prepared.whole);
  rendering = state;
  try {
    const location = state.location ?? input.url;
    const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
    const { result: html, styled } = gatherStyled(() => renderToString(<AppRoot queryClient={queryClient} router={Router} />));
    return { html, state, gettingReady: t("shell.gettingReady"), styled };
  } finally {
    rendering = undefined;
    queryClient.clear();
  }
}

async function prepare(queryClient: QueryClient, pathname: string, requested: Language, transport: ServerTransport) {
  const read = <T,>(query: Query<T>) => readInto(queryClient, query, transport);
  const [user] = await Promise.all([read(meQuery), read(configQuery)]);
  const decision = decideRoute(pathname, user);
  const eventId = /^\/event\/([^/]+)\/?$/.exec(pathname)?.[1];
  let screen: ServerRender["screen"];
  // A game's link, signed out: the shell sends the visitor to the login screen at "/", the game shown
  // above the form (guards.ts, SharedEventPreview); the browser moves to "/" before hydrating.
  let sharedEventId: string | undefined;
  if (user === null && eventId && decision.kind === "redirect") {
    const id = decodedOrNull(eventId);
    if (id === null) return null;
    sharedEventId = id;
    screen = "login";
  } else if (decision.kind === "login") screen = "login";
  else if (decision.kind === "render" && pathname === "/") screen = "home";
  else if (decision.kind === "render" && eventId) screen = "event";
  else return null;

  const whole = await wholeLanguage(user?.language ?? requested);
  // The screen's code asks for its messages: the language must be spoken while it loads.
  speakWholeLanguage(whole);
  const reads: Promise<unknown>[] = [preloadScreen(screenLoaders[screen]), preloadLanguageSwitch()];
  if (screen === "home") {
    reads.push(
      read({ queryKey: eventKeys.upcoming(), queryFn: () => fetchUpcomingEvents() }),
      read({ queryKey: eventKeys.myRegistrations(), queryFn: () => fetchMyRegistrations() }),
    );
  } else if (screen === "event") {
    // A malformed address is the browser's to answer ("Event not found."), not a fault of the render.
    const id = decodedOrNull(eventId!);
    if (id === null) return null;
    reads.push(read({ queryKey: eventKeys.detail(id), queryFn: () => fetchEvent(id) }));
  }
  if (sharedEventId !== undefined) reads.push(read(eventPreviewQuery(sharedEventId)));
  // Any answer that failed (an unknown game, a hiccup): the browser renders the page as before,
  // and says what went wrong the way it always does.
  const settled = await Promise.allSettled(reads);
  if (settled.some((result) => result.status === "rejected")) return null;
  const sharedGameZone = sharedEventId === undefined ? undefined : queryClient.getQueryData<EventSummary>(eventPreviewQuery(sharedEventId).queryKey)?.timeZone;
  return { screen, whole, sharedEventId, sharedGameZone };
}

/**
 * A read's answer put in the render's cache as `fetchQuery` would put it (its data, status and time),
 * without the machinery a render never uses: an AbortController and a retryer for each read, about a
 * twentieth of a game page's render (docs/server-rendering.md, "What a render costs"). A read that
 * fails is not asked again after a pause, as the browser would: the page is the plain one at once.
 * The query function is the browser's; its `api()` call, in its synchronous part, finds `transport`.
 */
async function readInto<T>(queryClient: QueryClient, query: Query<T>, transport: ServerTransport): Promise<T> {
  reading = transport;
  let answer: Promise<T>;
  try {
    answer = query.queryFn({});
  } finally {
    reading = undefined;
  }
  const data = await answer;
  queryClient.setQueryData(query.queryKey, data);
  return data;
}

type Query<T> = { queryKey: QueryKey; queryFn: (context: { signal?: AbortSignal }) => Promise<T> };

/** The answers the render reads, to be put in the browser's cache as they are (server-render.ts). */
function answersOf(queryClient: QueryClient): ServerRender["queries"] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "success")
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
}

function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
