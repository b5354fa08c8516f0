import { useLocation, useRoutes, type RouteObject } from "react-router";
import { AppShell } from "./app-shell.tsx";
import { lazyScreen } from "./lib/lazy-screen.ts";
import { paths } from "./lib/paths.ts";
import { screenLoaders } from "./screens.ts";

const screens: RouteObject[] = [
  { path: paths.home, Component: lazyScreen(screenLoaders.home) },
  { path: paths.register, Component: lazyScreen(screenLoaders.register) },
  { path: paths.verifyEmail, Component: lazyScreen(screenLoaders.verifyEmail) },
  { path: paths.forgotPassword, Component: lazyScreen(screenLoaders.forgotPassword) },
  { path: paths.resetPassword, Component: lazyScreen(screenLoaders.resetPassword) },
  { path: paths.privacy, Component: lazyScreen(screenLoaders.privacy) },
  { path: "/event/:id", Component: lazyScreen(screenLoaders.event) },
  { path: "/event/:id/check-in", Component: lazyScreen(screenLoaders.checkIn) },
  { path: "/event/:id/teams", Component: lazyScreen(screenLoaders.teams) },
  { path: paths.confirmation, Component: lazyScreen(screenLoaders.confirmation) },
  { path: paths.yourEvents, Component: lazyScreen(screenLoaders.yourEvents) },
  { path: paths.profile, Component: lazyScreen(screenLoaders.profile) },
  { path: paths.createEvent, Component: lazyScreen(screenLoaders.createEvent) },
  { path: "/admin/event/:id/edit", Component: lazyScreen(screenLoaders.editEvent) },
  // The console's screen also shows the weekly series under it (/console/series/…, routes/console.tsx).
  { path: `${paths.console}/*`, Component: lazyScreen(screenLoaders.console) },
  { path: "/console/events/:id", Component: lazyScreen(screenLoaders.consoleEvent) },
];
const notFound: RouteObject = { path: "*", Component: lazyScreen(screenLoaders.notFound) };

/**
 * The screens, each a child of the shell. React Router flattens and ranks every route it is given
 * on each render (about 0.12 ms for all of them, the largest single cost of a page rendered on the
 * server; docs/server-rendering.md, "What a render costs"). A path can only match the routes whose
 * first segment is its own (every route's first segment is a fixed word), and the catch-all: those
 * alone are given, and React Router ranks them as it would have ranked the whole list
 * (router.test.tsx checks that against its own matchRoutes).
 */
export function routesFor(pathname: string): RouteObject[] {
  return trees.get(firstSegment(pathname)) ?? onlyNotFound;
}

/** As React Router compares it: decoded, in any case (routes are not case-sensitive). */
function firstSegment(path: string): string {
  const segment = path.split("/")[1] ?? "";
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

const inShell = (children: RouteObject[]): RouteObject[] => [{ Component: AppShell, children: [...children, notFound] }];
const groups = new Map<string, RouteObject[]>();
for (const screen of screens) {
  const segment = firstSegment(screen.path!);
  groups.set(segment, [...(groups.get(segment) ?? []), screen]);
}
const trees = new Map([...groups].map(([segment, group]) => [segment, inShell(group)]));
const onlyNotFound = inShell([]);

export function AppRoutes() {
  return useRoutes(routesFor(useLocation().pathname));
}

/** Every route, as one list: what routesFor's choice must agree with (router.test.tsx). */
export const allRoutes: RouteObject[] = inShell(screens);
