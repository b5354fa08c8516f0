import { matchRoutes, type RouteMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { allRoutes, matchesFor } from "./router.tsx";

/** What a match renders: each level's component, the route's path, the params and the path matched (the shell's route object is its group's). */
const shown = (matches: RouteMatch[]) =>
  matches.map(({ route, params, pathname, pathnameBase }) => ({ Component: route.Component, path: route.path, params, pathname, pathnameBase }));

describe("matchesFor", () => {
  // Each screen's paths, their variants as people and links write them, and paths no screen has.
  const paths = [
    "/",
    "/register",
    "/verify-email",
    "/forgot-password",
    "/reset-password/",
    "/privacy",
    "/event/abc",
    "/event/abc/",
    "/event/a%20b",
    "/event/abc/check-in",
    "/event/abc/teams",
    "/event/abc/other",
    "/event",
    "/confirmation",
    "/your-events",
    "/profile",
    "/admin/create-event",
    "/admin/event/abc/edit",
    "/admin/series",
    "/admin",
    "/console",
    "/console/series/abc",
    "/console/events/abc",
    "/console/events/abc/more",
    "/EVENT/abc",
    "/Console/Events/abc",
    "/%65vent/abc",
    "/%E0%A4%A/x",
    "//event/abc",
    "/nothing/here",
    "/events",
  ];

  it.each(paths)("matches what React Router matches over the whole list for %s", (path) => {
    const whole = matchRoutes(allRoutes, path);
    expect(whole).not.toBeNull();
    expect(shown(matchesFor(path))).toEqual(shown(whole!));
  });

  it("works each path out once, and keeps its matches from being changed", () => {
    const matches = matchesFor("/event/abc");
    expect(matchesFor("/event/abc")).toBe(matches);
    expect(Object.isFrozen(matches.at(-1)!.params)).toBe(true);
    expect(matches.at(-1)!.params).toEqual({ id: "abc" });
  });
});
