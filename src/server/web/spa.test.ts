import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventSummary } from "../../shared/events.ts";
import { zonedTimeToUtc } from "../../shared/zoned-time.ts";
import { createApp } from "../app.ts";
import { insertEvent, insertRegistration, insertUser } from "../events/testing.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../test/test-app.ts";
import { withEventPreview } from "./spa.ts";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Pick-up football games, organised." />
    <title>Kickoff</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let context: TestContext;
let webDist: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  context = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), "kickoff-spa-"));
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  writeFileSync(join(webDist, "icon-512.png"), "not really a png");
  app = createApp({ ...context.services, webDist });
});
afterAll(async () => {
  await context.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The content of every <meta property|name=…> in a page, decoded. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
  }
  return tags;
}

const get = (path: string) => app.request(`${TEST_ORIGIN}${path}`);

describe("GET /event/:id (Open Graph)", () => {
  it("puts the event's title, when, where and spots left in the page head, without sign-in", async () => {
    const db = context.database.db;
    const startsAt = zonedTimeToUtc("2031-12-06", "10:00", "America/New_York");
    const game = await insertEvent(db, { title: "Saturday 7-a-side", startsAt, durationMinutes: 90, timeZone: "America/New_York", maxPlayers: 7 });
    for (const status of ["confirmed", "pending_payment", "waitlisted"] as const) {
      await insertRegistration(db, { eventId: game.id, userId: (await insertUser(db)).id, status });
    }

    const response = await get(`/event/${game.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("<title>Saturday 7-a-side · Kickoff</title>");
    expect(html).not.toContain("<title>Kickoff</title>");
    const description = "Sat, Dec 6, 2031 · 10:00 AM – 11:30 AM · Riverside Park · 5 spots left";
    expect(metaTags(html)).toEqual({
      description,
      "og:type": "website",
      "og:site_name": "Kickoff",
      "og:title": "Saturday 7-a-side",
      "og:description": description,
      "og:url": `${TEST_ORIGIN}/event/${game.id}`,
      "og:image": `${TEST_ORIGIN}/icon-512.png`,
      "twitter:card": "summary",
      "twitter:title": "Saturday 7-a-side",
      "twitter:description": description,
    });
    expect(html).toContain('<div id="root"></div>');
  });

  it("escapes what organisers typed", async () => {
    const game = await insertEvent(context.database.db, { title: `<script>alert("x")</script> & "$&" 'fun'`, locationName: "Park <b>" });
    const html = await (await get(`/event/${game.id}`)).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("Park <b>");
    expect(metaTags(html)["og:title"]).toBe(`<script>alert("x")</script> & "$&" 'fun'`);
    expect(metaTags(html)["og:description"]).toContain("Park <b>");
  });

  it.each([
    ["an unknown event", "/event/0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11"],
    ["an id that is not a uuid", "/event/nope"],
    ["another client route", "/profile"],
  ])("answers the plain index.html for %s", async (_label, path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it("does not break on a malformed escape in the path", async () => {
    const response = await get("/%E0%A4%A");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX_HTML);
  });
});

describe("withEventPreview", () => {
  const summary: EventSummary = {
    id: "0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11",
    title: "Late game",
    startsAt: "2026-12-06T03:30:00.000Z",
    endsAt: "2026-12-06T05:00:00.000Z",
    timeZone: "Europe/London",
    durationMinutes: 90,
    locationName: "Hackney Marshes",
    latitude: 0,
    longitude: 0,
    field: null,
    costCents: 0,
    maxPlayers: 10,
    includeGoalkeepers: false,
    goalkeeperCostCents: 0,
    maxGoalkeepers: 2,
    status: "active",
    playersCount: 9,
    goalkeepersCount: 0,
  };
  const options = { appName: "Kickoff", publicUrl: "https://kickoff.example", now: new Date("2026-12-01T00:00:00Z") };
  const description = (html: string) => metaTags(html)["og:description"];

  it("formats the date and hours in the event's zone and counts the last spot", () => {
    expect(description(withEventPreview(INDEX_HTML, summary, options))).toBe("Sun, Dec 6, 2026 · 3:30 AM – 5:00 AM · Hackney Marshes · 1 spot left");
    const tokyo = withEventPreview(INDEX_HTML, { ...summary, timeZone: "Asia/Tokyo" }, options);
    expect(description(tokyo)).toBe("Sun, Dec 6, 2026 · 12:30 PM – 2:00 PM · Hackney Marshes · 1 spot left");
  });

  it("says when the game is full, over or cancelled", () => {
    expect(description(withEventPreview(INDEX_HTML, { ...summary, playersCount: 10 }, options))).toMatch(/· Full, waitlist open$/);
    expect(description(withEventPreview(INDEX_HTML, summary, { ...options, now: new Date("2026-12-07T00:00:00Z") }))).toMatch(/· Event Completed$/);
    expect(description(withEventPreview(INDEX_HTML, { ...summary, status: "cancelled" }, options))).toMatch(/· Event Cancelled$/);
  });

  it("adds a title when the page has none", () => {
    const html = withEventPreview("<html><head></head><body></body></html>", summary, options);
    expect(html).toContain("<title>Late game · Kickoff</title>");
    expect(html.indexOf("<title>")).toBeLessThan(html.indexOf("</head>"));
  });
});
