import { matchRoutes, renderMatches, type RouteMatch, type RouteObject, useLocation } from "react-router";
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
 * The screens, each a child of the shell. `useRoutes` flattens and ranks every route it is given,
 * builds a regular expression for each and decodes the path, on each render: 0.12 ms for the whole
 * list, still 0.05 ms for one, the largest single cost of a game page rendered on the server
 * (docs/server-rendering.md, "What a render costs"). The matches are worked out once per path, with
 * React Router's own `matchRoutes` among the routes whose first segment is the path's (every route's
 * first segment is a fixed word) and the catch-all, and rendered with its `renderMatches`: what
 * useRoutes renders, but for each match's `pathname` being the decoded path instead of the encoded
 * one, which only a relative link would read (every link here names a whole path). router.test.ts
 * checks the choice against React Router's over the whole list. Decision 051.
 */
export function matchesFor(pathname: string): RouteMatch[] {
  let matches = chosen.get(pathname);
  if (!matches) {
    // Frozen: the same matches (and params) are every render's for this path.
    matches = Object.freeze((matchRoutes(trees.get(firstSegment(pathname)) ?? onlyNotFound, pathname) ?? []).map((match) => Object.freeze({ ...match, params: Object.freeze({ ...match.params }) })));
    // Bounded: a path names a game, and a server sees many.
    if (chosen.size >= 1000) chosen.clear();
    chosen.set(pathname, matches);
  }
  return matches as RouteMatch[];
}

const chosen = new Map<string, readonly RouteMatch[]>();

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
  return renderMatches(matchesFor(useLocation().pathname));
}

/** Every route, as one list: what matchesFor's choice must agree with (router.test.ts). */
export const allRoutes: RouteObject[] = inShell(screens);
