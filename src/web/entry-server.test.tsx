import { describe, expect, it } from "vitest";
import type { Me } from "#shared/account.ts";
import type { PublicConfig } from "#shared/public-config.ts";
import { makeEvent } from "#test/web-fixtures.ts";
import { renderPage } from "./entry-server.tsx";
import type { ServerTransport } from "./lib/api.ts";
import { savedFormOf } from "./lib/saved-answers.ts";

const config: PublicConfig = {
  appName: "Kickoff",
  publicUrl: "https://kickoff.example",
  payments: { mode: "simulated", publishableKey: undefined, currency: "usd", feePercent: 2.9, feeFixedCents: 30 },
  mapTileUrl: "https://tiles.example/{z}/{x}/{y}.png",
  signInProviders: [],
  sessionIdleMs: 3_600_000,
  timeZone: "America/Toronto",
};

const viewer = (firstName: string): Me => ({
  id: `user-${firstName}`,
  email: `${firstName.toLowerCase()}@example.com`,
  emailVerified: true,
  firstName,
  lastName: "Lee",
  name: `${firstName} Lee`,
  isAdmin: false,
  notifyNewEvents: true,
  language: null,
  hasPassword: true,
  signIns: [],
});

/**
 * The API as one viewer's request reaches it: their account, and the game as they see it. Each answer
 * comes after `turns` turns of the event loop's microtasks, so that two renders' reads interleave.
 */
function apiOf(user: Me, title: string, turns: number): ServerTransport {
  return async (path) => {
    for (let turn = 0; turn < turns; turn++) await Promise.resolve();
    const body = path === "/api/me" ? { user } : path === "/api/config" ? config : path === "/api/events/game-1" ? { event: makeEvent({ id: "game-1", title }) } : undefined;
    if (body === undefined) throw new Error(`no answer for ${path}`);
    return { ok: true, status: 200, statusText: "OK", text: async () => JSON.stringify(body) };
  };
}

const page = (user: Me, title: string, turns: number) =>
  renderPage({ url: "/event/game-1", language: "en", device: { timeZone: "America/Toronto", narrow: true }, timeZone: "America/Toronto", transport: apiOf(user, title, turns) });

describe("renderPage", () => {
  it("renders each viewer's page from their own answers while several are rendered at once", async () => {
    const viewers = [viewer("Ann"), viewer("Bob"), viewer("Cho"), viewer("Dee")];
    // Reads answered in different orders: each render's reads come in between the others'.
    const pages = await Promise.all(viewers.map((user, index) => page(user, `Game of ${user.firstName}`, [3, 0, 5, 1][index]!)));
    pages.forEach((rendered, index) => {
      const own = viewers[index]!;
      expect(rendered?.state.screen).toBe("event");
      expect(rendered!.html).toContain(`Game of ${own.firstName}<`);
      expect(rendered!.html).toContain(own.name);
      for (const other of viewers) if (other !== own) expect(rendered!.html).not.toContain(other.firstName);
    });
  });

  it("gathers the elements and class attributes its HTML has, as the stylesheet would read them from it", async () => {
    const rendered = await page(viewer("Ann"), "Game of Ann", 0);
    const inHtml = new Set<string>();
    for (const match of rendered!.html.matchAll(/\bclass="([^"]*)"|<([a-z][a-z0-9-]*)/g)) inHtml.add(match[1] ?? `<${match[2]!}`);
    expect(inHtml.size).toBeGreaterThan(20);
    expect([...rendered!.styled!].sort()).toEqual([...inHtml].sort());
  });

  it("carries answers that, kept for offline use as their routes' answers, are what the render read", async () => {
    // The browser keeps a rendered page's answers instead of asking for them again (lib/saved-answers.ts):
    // each must go back to the address the render asked for, in that route's own shape.
    const bodies: Record<string, unknown> = {
      "/api/me": { user: viewer("Ann") },
      "/api/config": config,
      "/api/events/game-1": { event: makeEvent({ id: "game-1", title: "Game of Ann" }) },
      "/api/events?scope=upcoming": { events: [makeEvent({ id: "game-1", title: "Game of Ann" })] },
      "/api/me/registrations": { registrations: [] },
    };
    const read = new Map<string, unknown>();
    const transport: ServerTransport = async (path) => {
      if (!(path in bodies)) throw new Error(`no answer for ${path}`);
      read.set(path, bodies[path]);
      return { ok: true, status: 200, statusText: "OK", text: async () => JSON.stringify(bodies[path]) };
    };
    for (const url of ["/", "/event/game-1"]) {
      read.clear();
      const rendered = await renderPage({ url, language: "en", device: { timeZone: "America/Toronto", narrow: true }, timeZone: "America/Toronto", transport });
      const kept = rendered!.state.queries.map((answer) => savedFormOf(answer.key, answer.data));
      expect(kept.length).toBeGreaterThanOrEqual(3);
      for (const saved of kept) {
        expect(saved).not.toBeNull();
        expect(read.has(saved!.path)).toBe(true);
        expect(JSON.parse(JSON.stringify(saved!.body))).toEqual(read.get(saved!.path));
      }
      expect(new Set(kept.map((saved) => saved!.path))).toEqual(new Set(read.keys()));
    }
  });
});
