import { renderToString } from "react-dom/server";
import { Link as RouterLink, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "#web/lib/paths.ts";
import { Link } from "./link.tsx";

const at = (location: string, link: React.ReactNode) => renderToString(<StaticRouter location={location}>{link}</StaticRouter>);

describe("Link", () => {
  // The kinds of path the app links to (paths.ts), from a few places.
  const targets = [
    paths.home,
    paths.privacy,
    paths.event("6d22b858-753a-4057-a6d4-aceff54d749e"),
    paths.event("a b/ç?#"),
    paths.checkIn("abc"),
    `${paths.console}/series/abc`,
    `${paths.yourEvents}?page=2#past`,
    "/register?next=%2Fevent%2Fabc",
  ];

  it.each(targets)("renders what React Router's Link renders for %s", (to) => {
    for (const location of ["/", "/event/abc", "/console/series/x"]) {
      expect(at(location, <Link to={to} state={{ from: "here" }} className="card-title underline" aria-label="Open">Open <b>it</b></Link>)).toBe(
        at(location, <RouterLink to={to} state={{ from: "here" }} className="card-title underline" aria-label="Open">Open <b>it</b></RouterLink>),
      );
    }
  });

  it("keeps a target and the element's own attributes", () => {
    const html = at("/", <Link to={paths.privacy} target="_blank" rel="noopener" id="p" title="Privacy">Privacy</Link>);
    expect(html).toBe(at("/", <RouterLink to={paths.privacy} target="_blank" rel="noopener" id="p" title="Privacy">Privacy</RouterLink>));
    expect(html).toContain('target="_blank"');
  });
});
