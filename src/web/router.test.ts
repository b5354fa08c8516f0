import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { allRoutes, routesFor } from "./router.tsx";

/** The screen React Router shows for a path: the deepest route it matched, and the params it read. */
const shown = (routes: typeof allRoutes, path: string) => {
  const matches = matchRoutes(routes, path);
  const leaf = matches?.at(-1);
  return leaf && { path: leaf.route.path, params: leaf.params };
};

describe("routesFor", () => {
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

  it.each(paths)("gives React Router the routes that show what the whole list would for %s", (path) => {
    const whole = shown(allRoutes, path);
    expect(whole).toBeDefined();
    expect(shown(routesFor(path), path)).toEqual(whole);
  });

  it("gives the route that shows the path and the catch-all, not the whole list", () => {
    expect(routesFor("/event/abc")[0]!.children!.map((route) => route.path)).toEqual(["/event/:id"]);
    expect(routesFor("/event/abc/teams")[0]!.children!.map((route) => route.path)).toEqual(["/event/:id/teams"]);
    expect(routesFor("/event/abc")).toBe(routesFor("/event/xyz"));
    expect(routesFor("/nowhere")[0]!.children!.map((route) => route.path)).toEqual(["*"]);
  });
});
