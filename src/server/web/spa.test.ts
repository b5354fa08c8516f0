import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventSummary } from "#shared/events.ts";
import { zonedTimeToUtc } from "#shared/zoned-time.ts";
import { createApp } from "#server/app.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "#test/test-app.ts";
import { withEventPreview, withLanguage } from "./spa.ts";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Pick-up football games, organised." />
    <title>Kickoff</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SCRIPT = `console.log(${JSON.stringify("kick off ".repeat(400))});\n`;

let context: TestContext;
let webDist: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  context = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), "kickoff-spa-"));
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  writeFileSync(join(webDist, "icon-512.png"), "not really a png");
  // As the build leaves them: a script with its brotli and gzip copies (scripts/compress-assets.mjs).
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "assets", "main-abc123.js"), SCRIPT);
  writeFileSync(join(webDist, "assets", "main-abc123.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, "assets", "main-abc123.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(webDist, "robots.txt"), "User-agent: *\nAllow: /\n");
  writeFileSync(join(webDist, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(join(webDist, "sw.js.br"), brotliCompressSync("self.addEventListener('fetch', () => {});\n"));
  writeFileSync(join(webDist, "manifest.webmanifest"), JSON.stringify({ name: "Kickoff" }));
  app = createApp(context.services, { webDist });
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

/** Every <meta property|name=…> in page order, repeated keys kept (a page may name several images). */
function orderedMetaTags(html: string): [string, string][] {
  return [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)].map((match) => [
    match[1]!,
    match[2]!.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))),
  ]);
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
    const { "og:image": _image, "og:image:type": _type, "og:image:width": _width, "og:image:height": _height, "og:image:alt": _alt, "twitter:image": _twitter, "twitter:image:alt": _twitterAlt, ...text } = metaTags(html);
    expect(text).toEqual({
      description,
      "og:type": "website",
      "og:site_name": "Kickoff",
      "og:title": "Saturday 7-a-side",
      "og:description": description,
      "og:url": `${TEST_ORIGIN}/event/${game.id}`,
      "twitter:card": "summary",
      "twitter:title": "Saturday 7-a-side",
      "twitter:description": description,
    });
    // The game's own picture, not the app's icon: wide, then square, each with its size and alt
    // text, in the order the Open Graph protocol reads them; the square one for Twitter's card.
    // Version 0: the fixture writes its registrations straight to the table, as no list change would.
    const stamp = "0-[0-9a-f]{8}";
    const wide = `${TEST_ORIGIN}/og/event/${game.id}/${stamp}/en.png`;
    const square = `${TEST_ORIGIN}/og/event/${game.id}/${stamp}/en-square.png`;
    const alt = "Pick-up game “Saturday 7-a-side”: Sat, Dec 6, 10:00 AM, at Riverside Park. $10.00. 5 spots left.";
    const imageTags = orderedMetaTags(html).filter(([key]) => /image/.test(key));
    expect(imageTags.map(([key, value]) => [key, value.replace(/[\u00a0\u202f]/g, " ")])).toEqual([
      ["og:image", expect.stringMatching(new RegExp(`^${wide}$`))],
      ["og:image:type", "image/png"],
      ["og:image:width", "1200"],
      ["og:image:height", "630"],
      ["og:image:alt", alt],
      ["og:image", expect.stringMatching(new RegExp(`^${square}$`))],
      ["og:image:type", "image/png"],
      ["og:image:width", "600"],
      ["og:image:height", "600"],
      ["og:image:alt", alt],
      ["twitter:image", expect.stringMatching(new RegExp(`^${square}$`))],
      ["twitter:image:alt", alt],
    ]);
    expect(html).toContain('<div id="root"></div>');
  });

  it("speaks the viewer's language: the kickoff_lang cookie, else Accept-Language", async () => {
    const startsAt = zonedTimeToUtc("2031-12-06", "19:00", "America/Toronto");
    const game = await insertEvent(context.database.db, { title: "Partie du samedi", startsAt, durationMinutes: 90, timeZone: "America/Toronto", maxPlayers: 10 });
    const french = await app.request(`${TEST_ORIGIN}/event/${game.id}`, { headers: { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" } });
    const html = await french.text();
    expect(html).toContain('<html lang="fr-CA">');
    expect(metaTags(html)["og:description"]?.replace(/\s/g, " ")).toBe("sam. 6 déc. 2031 · 19 h 00 – 20 h 30 · Riverside Park · 10 places restantes");
    expect(french.headers.get("vary")).toContain("Accept-Language");

    const chosen = await app.request(`${TEST_ORIGIN}/profile`, { headers: { "accept-language": "fr-CA", cookie: "kickoff_lang=en" } });
    expect(await chosen.text()).toBe(INDEX_HTML);
    const chosenFrench = await app.request(`${TEST_ORIGIN}/profile`, { headers: { "accept-language": "en-US", cookie: "kickoff_lang=fr" } });
    expect(await chosenFrench.text()).toContain('<html lang="fr-CA">');
  });

  it("says the first paint's Loading... in the viewer's language", () => {
    const built = '<html lang="en"><body><div id="root"><div class="first-paint" role="status">Loading...</div></div></body></html>';
    expect(withLanguage(built, "fr")).toBe('<html lang="fr-CA"><body><div id="root"><div class="first-paint" role="status">Chargement…</div></div></body></html>');
    expect(withLanguage(built, "en")).toBe(built);
    // The words are the web app's own, so that the screen does not change when the script takes over.
    expect(readFileSync(new URL("../../shared/i18n/catalogs/fr/shell.ts", import.meta.url), "utf8")).toContain('"shell.loading": "Chargement…"');
  });

  it("words the notice of an app that cannot start in the viewer's language, as the error boundary does", () => {
    const page = readFileSync(new URL("../../web/index.html", import.meta.url), "utf8");
    const notice = (html: string) => /<div id="start-failure"[^>]*>(.*?)<\/div>/s.exec(html)?.[1];
    const catalogs = ["en", "fr"].map((language) => readFileSync(new URL(`../../shared/i18n/catalogs/${language}/shell.ts`, import.meta.url), "utf8"));
    const french = notice(withLanguage(page, "fr"));
    expect(notice(withLanguage(page, "en"))).toBe('<h1>Something went wrong</h1><p>An unexpected error occurred. Please reload the page and try again.</p><a href="">Reload</a>');
    expect(french).toBe('<h1>Un problème est survenu</h1><p>Une erreur inattendue est survenue. Rechargez la page et réessayez.</p><a href="">Recharger</a>');
    // The same words as the screens' own (shell.failed.title, shell.failed.text, shell.update.reload).
    for (const [index, html] of [notice(page)!, french!].entries()) {
      for (const words of html.split(/<[^>]+>/).filter(Boolean)) expect(catalogs[index]).toContain(`"${words}"`);
    }
  });

  it("names the picture in the viewer's language: the language switch's cookie, else Accept-Language", async () => {
    const game = await insertEvent(context.database.db, { title: "Langues" });
    const imageOf = async (headers: Record<string, string>) => {
      const response = await app.request(`${TEST_ORIGIN}/event/${game.id}`, { headers });
      expect(response.headers.get("vary")).toMatch(/accept-language/i);
      return metaTags(await response.text())["og:image"];
    };
    expect(await imageOf({})).toMatch(/\/en-square\.png$/);
    expect(await imageOf({ "accept-language": "fr-CA,fr;q=0.9" })).toMatch(/\/fr-square\.png$/);
    expect(await imageOf({ "accept-language": "fr-CA", cookie: "kickoff_lang=en" })).toMatch(/\/en-square\.png$/);
    expect(await imageOf({ "accept-language": "de, en;q=0.1", cookie: "kickoff_lang=fr" })).toMatch(/\/fr-square\.png$/);
    expect(metaTags(await (await app.request(`${TEST_ORIGIN}/event/${game.id}`, { headers: { "accept-language": "fr" } })).text())["og:image:alt"]).toMatch(/^Partie « Langues » : /);
  });

  it("escapes what organisers typed", async () => {
    const game = await insertEvent(context.database.db, { title: `<script>alert("x")</script> & "$&" 'fun'`, locationName: "Park <b>" });
    const html = await (await get(`/event/${game.id}`)).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("Park <b>");
    expect(metaTags(html)["og:title"]).toBe(`<script>alert("x")</script> & "$&" 'fun'`);
    expect(metaTags(html)["og:description"]).toContain("Park <b>");
  });

  it("sends the page as its UTF-8 bytes over HTTP, its length counted in bytes, not characters", async () => {
    const title = "Fútbol à 5 ⚽ «dimanche»";
    const game = await insertEvent(context.database.db, { title });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    try {
      await new Promise<void>((resolve) => server.once("listening", resolve));
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/event/${game.id}`, { headers: { "accept-encoding": "identity" } });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
      expect(bytes.length).toBeGreaterThan(bytes.toString("utf8").length);
      expect(metaTags(bytes.toString("utf8"))["og:title"]).toBe(title);
    } finally {
      server.close();
    }
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

describe("methods other than GET and HEAD", () => {
  const paths = ["/sw.js", "/manifest.webmanifest", "/robots.txt", "/assets/main-abc123.js", "/assets/gone-0000.js", "/", "/index.html", "/event/x", "/profile"];
  const methods = ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

  it.each(paths)("answer the app's 404 on %s, never the error path", async (path) => {
    for (const method of methods) {
      for (const headers of [{}, { "accept-encoding": "br, gzip", "content-type": "application/json" }] as Record<string, string>[]) {
        const response = await app.request(`${TEST_ORIGIN}${path}`, { method, headers, body: method === "OPTIONS" ? undefined : "{}" });
        expect({ method, headers, status: response.status }).toEqual({ method, headers, status: 404 });
        expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
      }
    }
  });

  it("still serves GET and HEAD on those files", async () => {
    for (const path of ["/sw.js", "/manifest.webmanifest", "/assets/main-abc123.js"]) {
      expect((await get(path)).status).toBe(200);
      const head = await app.request(`${TEST_ORIGIN}${path}`, { method: "HEAD", headers: { "accept-encoding": "br" } });
      expect(head.status).toBe(200);
      expect(head.headers.get("vary")).toMatch(/accept-encoding/i);
    }
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
    maxGuestsPerPlayer: 0,
    status: "active",
    playersCount: 9,
    goalkeepersCount: 0,
    playersWaiting: 0,
    seriesId: null,
    registrationOpensAt: null,
    regularsOpenAt: null,
    gameOn: null,
    cancelReason: null,
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

describe("compression", () => {
  const withEncoding = (path: string, acceptEncoding?: string) =>
    app.request(`${TEST_ORIGIN}${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends the build's brotli or gzip copy of a script, as the client accepts, with the script's type", async () => {
    const br = await withEncoding("/assets/main-abc123.js", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gzip = await withEncoding("/assets/main-abc123.js", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await withEncoding("/assets/main-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(SCRIPT);
  });

  it("keeps a script in memory once served, in each encoding asked for: the same answer after its file is gone (assets-in-memory.ts)", async () => {
    const kept = `console.log(${JSON.stringify("kept ".repeat(300))});\n`;
    const file = join(webDist, "assets", "kept-1111.js");
    writeFileSync(file, kept);
    writeFileSync(`${file}.br`, brotliCompressSync(kept));
    const answerOf = async (response: Response) => ({
      status: response.status,
      type: response.headers.get("content-type"),
      encoding: response.headers.get("content-encoding"),
      vary: response.headers.get("vary"),
      cacheControl: response.headers.get("cache-control"),
      body: Buffer.from(await response.arrayBuffer()).toString("base64"),
    });
    const br = await answerOf(await withEncoding("/assets/kept-1111.js", "br"));
    const plain = await answerOf(await withEncoding("/assets/kept-1111.js"));
    expect(br).toMatchObject({ status: 200, encoding: "br", cacheControl: "public, max-age=31536000, immutable" });
    expect(brotliDecompressSync(Buffer.from(br.body, "base64")).toString()).toBe(kept);
    expect(plain).toMatchObject({ status: 200, encoding: null });
    expect(Buffer.from(plain.body, "base64").toString()).toBe(kept);

    // A deploy removed it: the pages that name it still get it, as it was.
    rmSync(file);
    rmSync(`${file}.br`);
    expect(await answerOf(await withEncoding("/assets/kept-1111.js", "br"))).toEqual(br);
    expect(await answerOf(await withEncoding("/assets/kept-1111.js"))).toEqual(plain);
    // Never served as gzip, nor as a range: those are looked for on the disk, where it is gone.
    expect((await withEncoding("/assets/kept-1111.js", "gzip")).status).toBe(404);
    expect((await app.request(`${TEST_ORIGIN}/assets/kept-1111.js`, { headers: { range: "bytes=0-9" } })).status).toBe(404);
  });

  it("compresses API answers above 1 KB and leaves small ones as they are", async () => {
    const db = context.database.db;
    for (let i = 0; i < 8; i++) await insertEvent(db, { title: `Compressed game ${i}` });
    const list = await withEncoding("/api/events?scope=upcoming", "gzip;q=0.5, br");
    expect(list.status).toBe(200);
    expect(list.headers.get("content-encoding")).toBe("br");
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    expect(list.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(Buffer.from(await list.arrayBuffer()));
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body.toString())).toHaveProperty("events");

    const gzip = await withEncoding("/api/events?scope=upcoming", "gzip, br;q=0");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(body)).toBe(true);

    // A client that accepts no encoding gets the answer as it was made, still naming Accept-Encoding.
    const plain = await withEncoding("/api/events?scope=upcoming");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(Buffer.from(await plain.arrayBuffer()).equals(body)).toBe(true);

    const small = await withEncoding("/api/nothing-here", "gzip, br");
    expect(small.status).toBe(404);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
  });

  it("serves robots.txt from the build", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toContain("User-agent: *");
  });

  it("serves a top-level file a new build adds, once its index.html is written", async () => {
    // Read once: the server now knows the build's top-level names, which do not include it yet.
    expect(await (await get("/event/nothing")).text()).toContain('<div id="root">');
    mkdirSync(join(webDist, "well-known-later"));
    writeFileSync(join(webDist, "well-known-later", "apple-app-site-association"), '{"applinks":{}}');
    // A build writes index.html last (vite); its time tells the server the build changed.
    writeFileSync(join(webDist, "index.html"), INDEX_HTML);
    utimesSync(join(webDist, "index.html"), new Date(), new Date(Date.now() + 5_000));
    const added = await get("/well-known-later/apple-app-site-association");
    expect(added.status).toBe(200);
    expect(await added.text()).toBe('{"applinks":{}}');
  });
});
