import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import ogs from "open-graph-scraper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedTimeToUtc } from "#shared/zoned-time.ts";
import { createApp } from "#server/app.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";
import { join } from "#test/payments.ts";
import { ogStamp } from "./og-image-url.ts";
import { createTestContext, signUpVerified, TEST_ORIGIN, TestClient, type TestContext } from "#test/test-app.ts";

let context: TestContext;
let webDist: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  context = await createTestContext();
  // The event page is the built index.html with the game's tags: a minimal one stands in for the build.
  webDist = mkdtempSync(joinPath(tmpdir(), "kickoff-og-"));
  writeFileSync(joinPath(webDist, "index.html"), "<!doctype html><html><head><title>Kickoff</title></head><body></body></html>");
  app = createApp(context.services, { webDist });
});
afterAll(async () => {
  await context.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(path.startsWith("http") ? path : `${TEST_ORIGIN}${path}`, { headers });

/** Width and height from a PNG's IHDR chunk, which the format puts first, right after the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes);
  expect(view.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(view.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** The image tags of a game's page, as a real unfurler library reads them. */
async function previewOf(eventId: string, headers: Record<string, string> = {}) {
  const html = await (await get(`/event/${eventId}`, headers)).text();
  const { result, error } = await ogs({ html });
  expect(error).toBe(false);
  return result;
}

async function fetchPng(url: string) {
  const response = await get(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, size: pngSize(bytes) };
}

describe("a game's link-preview picture", () => {
  it("is named on the event page, wide then square, with sizes and alt text in the viewer's language", async () => {
    const startsAt = zonedTimeToUtc("2031-12-06", "19:00", "America/Toronto");
    const game = await insertEvent(context.database.db, { title: "Soccer du samedi", startsAt, timeZone: "America/Toronto", locationName: "Parc Jarry", costCents: 1000, maxPlayers: 14 });
    const result = await previewOf(game.id, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
    const [wide, square] = result.ogImage ?? [];
    expect(wide?.url).toMatch(new RegExp(`^${TEST_ORIGIN}/og/event/${game.id}/0-[0-9a-f]{8}/fr\\.png$`));
    // The unfurler hands sizes on as the page wrote them, strings despite its types.
    expect([wide?.type, Number(wide?.width), Number(wide?.height)]).toEqual(["image/png", 1200, 630]);
    // Intl writes no-break spaces inside "19 h 00" and "10,00 $", so that they never break across lines.
    expect(wide?.alt?.replace(/[\u00a0\u202f]/g, " ")).toBe("Partie « Soccer du samedi » : sam. 6 déc., 19 h 00, à Parc Jarry. 10,00 $. 14 places restantes.");
    expect(square?.url).toBe(wide!.url.replace("/fr.png", "/fr-square.png"));
    expect([Number(square?.width), Number(square?.height)]).toEqual([600, 600]);
    expect(result.twitterImage?.[0]?.url).toBe(square!.url);

    const english = await previewOf(game.id, { "accept-language": "en-US" });
    expect(english.ogImage?.[0]?.url).toBe(wide!.url.replace("/fr.png", "/en.png"));
    expect(english.ogImage?.[0]?.alt).toMatch(/^Pick-up game “Soccer du samedi”: Sat, Dec 6, 7:00\sPM, at Parc Jarry\. \$10\.00\. 14 spots left\.$/);
    // The switch's cookie wins over the browser's languages.
    const chosen = await previewOf(game.id, { "accept-language": "en-US", cookie: "kickoff_lang=fr" });
    expect(chosen.ogImage?.[0]?.url).toBe(wide!.url);
  });

  it("is a 1200 × 630 PNG (600 × 600 square), cached for a year, different per language", async () => {
    const game = await insertEvent(context.database.db, { title: "Pictures game" });
    const fr = (await previewOf(game.id, { "accept-language": "fr" })).ogImage!;
    const en = (await previewOf(game.id, { "accept-language": "en" })).ogImage!;
    const wideFr = await fetchPng(fr[0]!.url);
    expect(wideFr.size).toEqual({ width: 1200, height: 630 });
    expect(wideFr.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(wideFr.bytes.length).toBeLessThanOrEqual(120 * 1024);
    expect((await fetchPng(fr[1]!.url)).size).toEqual({ width: 600, height: 600 });
    const wideEn = await fetchPng(en[0]!.url);
    expect(wideEn.size).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(wideEn.bytes).equals(Buffer.from(wideFr.bytes))).toBe(false);
    // Asked again: the same picture (from the cache).
    expect(Buffer.from((await fetchPng(fr[0]!.url)).bytes).equals(Buffer.from(wideFr.bytes))).toBe(true);
  });

  it("gets a new URL and new bytes when someone joins; the old URL redirects to the new picture", async () => {
    const game = await insertEvent(context.database.db, { title: "Joinable", costCents: 0, maxPlayers: 2 });
    const before = (await previewOf(game.id)).ogImage![0]!.url;
    const beforePng = await fetchPng(before);

    const player = await signUpVerified(context);
    const joined = await join(player.client, game.id, { role: "player" });
    expect(joined.status).toBe(201);

    const after = (await previewOf(game.id)).ogImage![0]!.url;
    expect(after).not.toBe(before);
    expect(after).toMatch(new RegExp(`/og/event/${game.id}/1-[0-9a-f]{8}/en\\.png$`));
    const afterPng = await fetchPng(after);
    expect(Buffer.from(afterPng.bytes).equals(Buffer.from(beforePng.bytes))).toBe(false);

    const old = await get(before);
    expect(old.status).toBe(302);
    expect(old.headers.get("cache-control")).toBe("no-cache");
    expect(`${TEST_ORIGIN}${old.headers.get("location")}`).toBe(after);
  });

  it("draws full, cancelled and ended games, long titles, right-to-left text and emoji without failing", async () => {
    const db = context.database.db;
    const long = "Très long titre de match du dimanche matin au parc avec des accents à gogo ".repeat(3).trim().slice(0, 200);
    const games = await Promise.all([
      insertEvent(db, { title: "Full game", maxPlayers: 1 }),
      insertEvent(db, { title: "Called off", status: "cancelled" }),
      insertEvent(db, { title: "Last week", startsInHours: -200 }),
      insertEvent(db, { title: long, locationName: `${"Terrain synthétique derrière l'aréna Maurice-Richard, ".repeat(4)}Montréal` }),
      insertEvent(db, { title: "مباراة الجمعة ⚽ משחק 🏆 Łódź Ærø Ñandú Œuvre ğış", locationName: "😀 🇨🇦 Parc" }),
    ]);
    await insertRegistration(db, { eventId: games[0]!.id, userId: (await insertUser(db)).id, status: "confirmed" });
    for (const game of games) {
      for (const language of ["en", "fr"]) {
        const [wide, square] = (await previewOf(game.id, { "accept-language": language })).ogImage!;
        expect((await fetchPng(wide!.url)).size).toEqual({ width: 1200, height: 630 });
        expect((await fetchPng(square!.url)).size).toEqual({ width: 600, height: 600 });
      }
    }
    const alt = async (id: string) => (await previewOf(id, { "accept-language": "fr" })).ogImage![0]!.alt;
    expect(await alt(games[0]!.id)).toMatch(/Complet — liste d'attente ouverte\.$/);
    expect(await alt(games[1]!.id)).toMatch(/Annulé\.$/);
    expect(await alt(games[2]!.id)).toMatch(/Partie terminée\.$/);
  });

  it("gets a new URL when the game ends, though nothing bumped its version", async () => {
    const ended = await insertEvent(context.database.db, { title: "Ended", startsInHours: -5 });
    const url = (await previewOf(ended.id)).ogImage![0]!.url;
    const whileOpen = ogStamp({ version: 0, over: false, currency: context.config.payments.currency, appName: context.config.appName });
    expect(url).toMatch(/\/0-[0-9a-f]{8}\/en\.png$/);
    expect(url).not.toContain(whileOpen);
    expect((await fetchPng(url)).size).toEqual({ width: 1200, height: 630 });
    // The URL given out while the game was open now leads to the picture that says it is over.
    const before = await get(`/og/event/${ended.id}/${whileOpen}/en.png`);
    expect(before.status).toBe(302);
    expect(`${TEST_ORIGIN}${before.headers.get("location")}`).toBe(url);
  });

  it("answers HEAD like GET, without the bytes", async () => {
    const game = await insertEvent(context.database.db, { title: "Head" });
    const url = (await previewOf(game.id)).ogImage![0]!.url;
    const head = await app.request(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it.each([
    ["an unknown game", "/og/event/0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11/0-00000000/en.png"],
    ["an id that is not a uuid", "/og/event/nope/0-00000000/en.png"],
    ["an id with a bad escape", "/og/event/%E0%A4%A/0-00000000/en.png"],
    ["a language the app does not speak", "/og/event/0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11/0-00000000/de.png"],
    ["a path with nothing after the id", "/og/event/0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11"],
    ["the bare prefix", "/og/"],
  ])("answers the app's 404 for %s", async (_label, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
  });

  it("answers 404 for a known game's picture in another format or by another method", async () => {
    const game = await insertEvent(context.database.db, { title: "Formats" });
    const url = (await previewOf(game.id)).ogImage![0]!.url;
    for (const other of [url.replace(".png", ".jpg"), url.replace("/en.png", "/en-round.png"), url.replace("/en.png", "/EN.png")]) {
      expect((await get(other)).status).toBe(404);
    }
    const client = new TestClient({ app });
    const posted = await client.request("POST", url, {});
    expect(posted.status).toBe(404);
  });
});
