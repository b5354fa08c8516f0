import { matchRoutes, useLocation, useRoutes, type RouteObject } from "react-router";
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
 * The screens, each a child of the shell. React Router flattens and ranks every route it is given,
 * and builds a regular expression for each, on each render (about 0.12 ms for all of them, the
 * largest single cost of a page rendered on the server; docs/server-rendering.md, "What a render
 * costs"). It is given only the route that shows the path: found once per path, as React Router
 * ranks them, among the routes whose first segment is the path's (every route's first segment is a
 * fixed word) and the catch-all. router.test.ts checks the choice against React Router's own over
 * the whole list.
 */
export function routesFor(pathname: string): RouteObject[] {
  let routes = chosen.get(pathname);
  if (!routes) {
    const group = trees.get(firstSegment(pathname)) ?? onlyNotFound;
    const screen = matchRoutes(group, pathname)?.at(-1)?.route;
    routes = screen && screen !== notFound ? treeOf(screen) : onlyNotFound;
    // Bounded: a path names a game, and a server sees many.
    if (chosen.size >= 1000) chosen.clear();
    chosen.set(pathname, routes);
  }
  return routes;
}

const chosen = new Map<string, RouteObject[]>();
const treeOf = (screen: RouteObject): RouteObject[] => {
  let tree = screenTrees.get(screen);
  // Without the catch-all: the screen is the one that shows every path it is chosen for.
  if (!tree) screenTrees.set(screen, (tree = [{ Component: AppShell, children: [screen] }]));
  return tree;
};
const screenTrees = new Map<RouteObject, RouteObject[]>();

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
