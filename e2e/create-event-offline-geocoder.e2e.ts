import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail, UpcomingEventsResponse } from "#shared/events.ts";
import { login, PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { type AppProcess, listen, startApp } from "./support/app-process.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, screenshotIfTestFails, useBrowser } from "./support/browser.ts";
import { startFakeServices } from "./support/fake-services.ts";
import { uniqueTitle } from "./support/games.ts";

/**
 * A fresh install with no place search (GEOCODER=none) and no map tiles (MAP_TILE_URL on a closed
 * port): no venue has ever been used, so the search cannot find anything, and yet the organiser
 * creates the first game by typing the venue in with pasted coordinates or a map link. At the end a
 * tile server starts on that port, and the pin is placed with the mouse.
 */
const { browser } = useBrowser();
const ORGANISER = uniqueEmail("organiser");
const COST_LABEL = "Cost: add the 2.9% + $0.30 processing fee to your price";
const MAX_PLAYERS = "Max Players (excluding goalkeepers)";
let app: AppProcess;
let db: pg.Client;
let tilePort: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // A port nothing listens on (yet): every tile request is refused.
  const probe = await listen(createServer());
  tilePort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  app = await startApp({ GEOCODER: "none", ADMIN_EMAILS: ORGANISER, MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png` });
  db = new pg.Client({ connectionString: app.databaseURL() });
  await db.connect();
  const signUp = await fetch(`${app.baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseURL },
    body: JSON.stringify({ email: ORGANISER, password: PASSWORD, name: "Olga Organiser", firstName: "Olga", lastName: "Organiser", callbackURL: "/" }),
  });
  expect(signUp.status).toBe(200);
  // This app mails into its own local mailbox: the address is marked verified directly.
  await db.query(`update "user" set email_verified = true where email = $1`, [ORGANISER]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await db?.end();
  await app?.stop();
});

/** The organiser on the Create New Event form of this app, with a screenshot if the test fails. */
async function createEventForm(): Promise<Page> {
  const context = await browser().newContext({ baseURL: app.baseURL, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  screenshotIfTestFails(page);
  await login(page, { email: ORGANISER, password: PASSWORD });
  await page.goto("/admin/create-event");
  await page.getByRole("heading", { name: "Create New Event" }).waitFor();
  return page;
}

/** Everything but Event Location, filled in as valid. */
async function fillGame(page: Page, title: string, maxPlayers = "10") {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date").fill(await page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() + 3);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  }));
  await page.getByLabel("Event Time").fill("19:00");
  await page.getByLabel(COST_LABEL).fill("0");
  await page.getByLabel(MAX_PLAYERS).fill(maxPlayers);
}

/** The game as the API lists it, once the form has gone on to the new game's page (and back home to see it listed). */
async function createAndFind(page: Page, title: string): Promise<EventDetail> {
  await page.getByRole("button", { name: "Create Event" }).click();
  await page.getByText("Event created successfully!").waitFor();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/event\/[0-9a-f-]{36}$/);
  await page.getByRole("heading", { name: title, level: 1 }).waitFor();
  await page.goto("/");
  await page.getByRole("article", { name: title }).waitFor();
  const upcoming = (await (await page.request.get("/api/events?scope=upcoming")).json()) as UpcomingEventsResponse;
  const listed = upcoming.events.find((event) => event.title === title);
  expect(listed, `${title} is listed`).toBeDefined();
  return ((await (await page.request.get(`/api/events/${listed!.id}`)).json()) as { event: EventDetail }).event;
}

const coordinates = (page: Page) => page.getByLabel("Coordinates or map link");

describe("no place search, no map tiles", () => {
  it("creates the first game from a venue typed in with pasted coordinates", async () => {
    const page = await createEventForm();
    const title = uniqueTitle("First Ever Game");
    await fillGame(page, title);

    // A fresh install knows no venues, and there is no geocoder: the search finds nothing,
    // and typing the venue in is offered prominently.
    const placeSearch = page.getByRole("combobox", { name: "Event Location" });
    await placeSearch.fill("Old Mill");
    await page.getByText("No places found.").waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();

    const venue = page.getByRole("group", { name: "Event Location" });
    const name = venue.getByLabel("Venue name and address");
    // What was typed into the search carries over, and the focus moves there.
    expect(await name.inputValue()).toBe("Old Mill");
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    await name.fill("Old Mill Field, Mill Lane, Little Hampton");

    // Map tiles cannot be loaded: the map says so, and coordinates alone do.
    await venue.getByText("Error loading maps").waitFor();

    // What cannot be read is explained once the field is left.
    await coordinates(page).fill("https://maps.app.goo.gl/Xk4u2mJbqP3rbbE9A");
    await coordinates(page).blur();
    await venue.getByRole("alert").filter({ hasText: "Short links can't be read here. Paste the full link or the coordinates." }).waitFor();
    expect(await coordinates(page).getAttribute("aria-invalid")).toBe("true");
    await coordinates(page).fill("91, -73.9665");
    await venue.getByText("Latitude must be between -90 and 90.").waitFor();

    await coordinates(page).fill("40.7812, -73.9665");
    await venue.getByText("Old Mill Field, Mill Lane, Little Hampton (40.7812, -73.9665)").waitFor();
    expect(await coordinates(page).getAttribute("aria-invalid")).toBeNull();
    expect(await venue.getByRole("alert").filter({ hasText: "Latitude" }).count()).toBe(0);
    await screenshot(page, "create-event-venue-typed-in");
    await expectNoAxeViolations(page);

    const created = await createAndFind(page, title);
    expect(created).toMatchObject({ locationName: "Old Mill Field, Mill Lane, Little Hampton", latitude: 40.7812, longitude: -73.9665 });

    await page.goto(`/event/${created.id}`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(await page.getByText("Old Mill Field, Mill Lane, Little Hampton").first().isVisible()).toBe(true);
    await page.getByRole("region", { name: "Event Location" }).getByText("Error loading maps").waitFor();
  });

  it("creates a game from a pasted Google Maps link, taking the place's pin rather than the view's centre", async () => {
    const page = await createEventForm();
    const title = uniqueTitle("Linked Venue Game");
    await fillGame(page, title);
    // Always offered, before any search.
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Riverside Park Pitch 3, 100 River Road");
    await coordinates(page).fill(
      "https://www.google.com/maps/place/Riverside+Park/@40.7790,-73.9700,15z/data=!3m1!4b1!4m6!3m5!1s0x89c2f6:0x1!8m2!3d40.781234!4d-73.966512!16s%2Fg%2F11",
    );
    await page.getByText("Riverside Park Pitch 3, 100 River Road (40.7812, -73.9665)").waitFor();

    const created = await createAndFind(page, title);
    expect(created).toMatchObject({ locationName: "Riverside Park Pitch 3, 100 River Road", latitude: 40.781234, longitude: -73.966512 });
  });

  it("offers the venues used before, and forgets the place search's failure once one is picked", async () => {
    const page = await createEventForm();
    // The geocoder being down (this app has none): the server still lists the venues used before.
    await page.route("**/api/places?*", (route) =>
      route.fulfill({
        json: {
          places: [{ name: "Old Mill Field, Mill Lane, Little Hampton", latitude: 40.7812, longitude: -73.9665, source: "venue" }],
          geocoderError: "Place search is unavailable right now. Try again, or pick a venue used before.",
        },
      }),
    );
    const placeSearch = page.getByRole("combobox", { name: "Event Location" });
    await placeSearch.fill("Old Mill");
    const failure = page.getByRole("alert").filter({ hasText: "Place search is unavailable right now." });
    await failure.waitFor();
    await page.getByRole("option", { name: /Old Mill Field/ }).click();
    await page.getByText("Old Mill Field, Mill Lane, Little Hampton (40.7812, -73.9665)").waitFor();
    expect(await failure.count()).toBe(0);

    // The picked place can still be adjusted by hand: it carries over.
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    expect(await page.getByLabel("Venue name and address").inputValue()).toBe("Old Mill Field, Mill Lane, Little Hampton");
    expect(await coordinates(page).inputValue()).toBe("40.7812, -73.9665");
    await page.getByRole("button", { name: "Search for a place instead" }).click();
    expect(await placeSearch.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await placeSearch.inputValue()).toBe("Old Mill Field, Mill Lane, Little Hampton");
  });

  it("flags an invalid max players on the form, before any request", async () => {
    const page = await createEventForm();
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/events") sent.push(request.url());
    });
    await fillGame(page, uniqueTitle("Too Big Game"), "1001");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane, Little Hampton");
    await coordinates(page).fill("40.7812, -73.9665");

    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Max players must be at most 1000" }).waitFor();
    const maxPlayers = page.getByLabel(MAX_PLAYERS);
    expect(await maxPlayers.getAttribute("aria-invalid")).toBe("true");
    expect(await maxPlayers.evaluate((element) => element === document.activeElement)).toBe(true);
    // The message is read out with the field.
    const describedBy = (await maxPlayers.getAttribute("aria-describedby")) ?? "";
    expect(await page.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), describedBy)).toContain(
      "Max players must be at most 1000",
    );
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBeNull();

    await maxPlayers.fill("0");
    expect(await maxPlayers.getAttribute("aria-invalid")).toBeNull();
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Max players must be at least 1" }).waitFor();
    expect(await maxPlayers.getAttribute("aria-invalid")).toBe("true");

    // A flagged field keeps its own hint read out with the message.
    await maxPlayers.fill("10");
    await page.getByLabel("Include Goalkeepers").check();
    const goalkeeperCost = page.getByLabel(/^Goalkeeper Cost/);
    await goalkeeperCost.fill("five");
    await page.getByLabel("Max Goalkeepers").fill("2");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Goalkeeper cost must be an amount like 10 or 12.50" }).waitFor();
    expect(await goalkeeperCost.getAttribute("aria-invalid")).toBe("true");
    const costDescribedBy = (await goalkeeperCost.getAttribute("aria-describedby")) ?? "";
    const readOut = await page.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), costDescribedBy);
    expect(readOut).toContain("Goalkeeper cost must be an amount like 10 or 12.50");
    expect(readOut).toContain("Leave blank to make goalkeeper spots free.");
    await expectNoAxeViolations(page);
    expect(sent).toEqual([]);
  });
});

describe("with map tiles", () => {
  let tiles: Server;

  beforeAll(async () => {
    // The 256×256 tile the suite's fake tile server draws, now served on the port the app names.
    const fakes = await startFakeServices();
    const tile = Buffer.from(await (await fetch(`${fakes.tilesUrl}/0/0/0.png`)).arrayBuffer());
    await fakes.stop();
    tiles = createServer((_request, response) => {
      response.setHeader("content-type", "image/png");
      response.end(tile);
    });
    await new Promise<void>((resolve) => tiles.listen(tilePort, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    tiles?.closeAllConnections();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  it("places the pin with a click on the map, moves it by dragging, and creates the game there", async () => {
    const page = await createEventForm();
    const title = uniqueTitle("Pinned Venue Game");
    await fillGame(page, title);
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Meadow Pitch");
    const map = page.getByRole("region", { name: "Map for placing the venue's pin" });
    await expect.poll(() => page.getByText("Loading...").count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByText("Error loading maps").count()).toBe(0);

    expect(await coordinates(page).inputValue()).toBe("");
    await map.click({ position: { x: 400, y: 120 } });
    await expect.poll(() => coordinates(page).inputValue()).not.toBe("");
    const clicked = await coordinates(page).inputValue();
    const pin = page.getByRole("img", { name: "Meadow Pitch" });
    await pin.waitFor();

    await map.click({ position: { x: 250, y: 200 } });
    await expect.poll(() => coordinates(page).inputValue()).not.toBe(clicked);
    const moved = await coordinates(page).inputValue();

    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => coordinates(page).inputValue()).not.toBe(moved);
    const dragged = await coordinates(page).inputValue();
    const [latitude, longitude] = dragged.split(", ").map(Number);
    await page.getByText(`Meadow Pitch (${latitude!.toFixed(4)}, ${longitude!.toFixed(4)})`).waitFor();
    await screenshot(page, "create-event-pin-on-map");

    const created = await createAndFind(page, title);
    expect(created).toMatchObject({ locationName: "Meadow Pitch", latitude, longitude });
  });
});
