import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletedEventsResponse, CreateEventInput, EventDetail } from "#shared/events.ts";
import { createVerifiedUser, login, PASSWORD } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expectConsoleError, screenshot, useBrowser } from "./support/browser.ts";
import { ADMIN_EMAIL } from "./support/global-setup.ts";
import { lane } from "./support/lanes.ts";
import { browserDate } from "./support/pages.ts";

const { newPage } = useBrowser();

const RIVERSIDE = "Riverside Park Pitch 3, 100 River Road, Springfield";
const pathOf = (page: Page) => new URL(page.url()).pathname;
const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });
let counter = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

type Account = { email: string; password: string };
let adminAccount: Promise<Account> | undefined;

/** The admin account (ADMIN_EMAILS), made once; another spec file may already have signed it up. */
function admin(): Promise<Account> {
  adminAccount ??= createVerifiedUser({ email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" }).catch((error: unknown) => {
    if (error instanceof Error && /sign-up failed: 422/.test(error.message)) return { email: ADMIN_EMAIL, password: PASSWORD };
    throw error;
  });
  return adminAccount;
}

/** Creates an event through the API with the page's session (the form itself is tested once, below). */
async function createEventAs(page: Page, input: Partial<CreateEventInput> & { title: string; date: string }): Promise<EventDetail> {
  const response = await page.request.post("/api/events", {
    data: {
      time: "10:00",
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      durationHours: 1,
      durationMinutes: 0,
      location: { name: "Central Sports Ground, 5 Main Street, Springfield", latitude: 40.7505, longitude: -73.9934 },
      cost: "0",
      maxPlayers: 12,
      ...input,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { event: EventDetail }).event;
}

describe("games", () => {
  it("an admin creates a paid game with goalkeepers through the form; it shows on the home timeline and on its page", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    page.on("pageerror", (e) => console.log("PAGEERROR", e.stack));
    page.on("console", (m) => console.log("CONSOLE", m.text()));
    await login(page, await admin());

    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Create New Event" }).click();
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    expect(pathOf(page)).toBe("/admin/create-event");

    // The form checks what the server checks before sending anything.
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByText("All fields are required").waitFor();

    const title = uniqueTitle("Riverside Tuesday Kickabout");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date").fill(await browserDate(page, -1));
    await page.getByLabel("Event Time").fill("18:30");
    expect(await page.getByLabel("Duration Hours").inputValue()).toBe("1");
    expect(await page.getByLabel("Duration Minutes").inputValue()).toBe("0");
    await page.getByLabel("Duration Minutes").fill("30");

    const placeSearch = page.getByRole("combobox", { name: "Event Location" });
    await placeSearch.fill("Riverside");
    await page.getByRole("option", { name: RIVERSIDE }).waitFor();
    await placeSearch.press("ArrowDown");
    expect(await page.getByRole("option", { name: RIVERSIDE }).getAttribute("aria-selected")).toBe("true");
    await placeSearch.press("Enter");
    expect(await placeSearch.inputValue()).toBe(RIVERSIDE);
    await page.getByText(`${RIVERSIDE} (40.7812, -73.9665)`).waitFor();
    await page.getByRole("img", { name: RIVERSIDE }).waitFor(); // the map preview's marker

    await page.getByLabel("Field (optional)").fill("Pitch 3");
    await page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price").fill("12.50");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("10");
    expect(await page.getByLabel(/^Goalkeeper Cost/).count()).toBe(0);
    await page.getByLabel("Include Goalkeepers").check();
    await page.getByLabel("Goalkeeper Cost: add the 2.9% + $0.30 processing fee to your price").fill("5");
    expect(await page.getByLabel("Max Goalkeepers").inputValue()).toBe("2");

    // Yesterday is refused; tomorrow is fine.
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByText("Date must be after todays date").waitFor();
    await page.getByLabel("Date").fill(await browserDate(page, 1));
    await screenshot(page, "create-event-form");

    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByText("Event created successfully!").waitFor();
    // The organiser lands on the new game, its Share button focused (docs/product-rules.md, "Editing and cancelling a game").
    await expect.poll(() => pathOf(page)).toMatch(/^\/event\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Share Event" }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.goto("/");

    const card = page.getByRole("region", { name: "Tomorrow" }).getByRole("article", { name: title });
    await card.waitFor();
    for (const text of ["$12.50", "6:30 PM - 8:00 PM", "1 hour 30 minutes", RIVERSIDE, "2 goalkeepers, $5.00", "0 of 10 players"]) {
      expect(await card.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    const progress = card.getByRole("progressbar", { name: "Players" });
    expect(await progress.getAttribute("aria-valuenow")).toBe("0");
    expect(await progress.getAttribute("aria-valuemax")).toBe("10");
    await screenshot(page, "home-1280");
    await expectNoAxeViolations(page);

    await card.getByRole("link", { name: "Register" }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(pathOf(page)).toMatch(/^\/event\/[0-9a-f-]{36}$/);

    const players = page.getByRole("region", { name: "Players" });
    for (let spot = 1; spot <= 10; spot++) await players.getByText(`Spot ${spot} - Open`, { exact: true }).waitFor();
    expect(await players.getByText(/Spot \d+ - Open/).count()).toBe(10);
    await page.getByRole("region", { name: "Goalkeepers" }).getByText("Goalkeeper Spot 2 - Open").waitFor();
    await page.getByRole("region", { name: "Player Waitlist" }).getByText("No players on the waitlist").waitFor();
    await page.getByRole("region", { name: "Goalkeeper Waitlist" }).getByText("No goalkeepers on the waitlist").waitFor();
    for (const [term, value] of [["Player Price", "$12.50"], ["Goalkeeper Price", "$5.00"], ["Field", "Pitch 3"], ["Time", "6:30 PM - 8:00 PM"]]) {
      expect(await page.getByRole("term").filter({ hasText: term! }).first().isVisible()).toBe(true);
      expect(await page.getByRole("definition").filter({ hasText: value! }).first().isVisible(), value).toBe(true);
    }
    // The map loads once it comes near the screen.
    const location = page.getByRole("region", { name: "Event Location" });
    await location.scrollIntoViewIfNeeded();
    await location.getByRole("img", { name: RIVERSIDE }).waitFor();
    const contact = page.getByRole("region", { name: "Contact Information" });
    const me = (await (await page.request.get("/api/me")).json()) as { user: { name: string } };
    await contact.getByText(me.user.name).waitFor();
    expect(await contact.getByRole("link", { name: ADMIN_EMAIL }).getAttribute("href")).toBe(`mailto:${ADMIN_EMAIL}`);
    expect(await page.getByText("Event Completed").count()).toBe(0);
    await screenshot(page, "event-page-1280");
    await expectNoAxeViolations(page);

    // Chromium on Linux has no Web Share: the link is copied instead.
    await page.getByRole("button", { name: "Share Event" }).click();
    await page.getByText("Link copied to clipboard").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  it("place search marks venues used before, picks with a click, closes on Escape and explains failures", async () => {
    const page = await newPage();
    await login(page, await admin());
    const CENTRAL = "Central Sports Ground, 5 Main Street, Springfield";
    await createEventAs(page, { title: uniqueTitle("Venue Seed Game"), date: await browserDate(page, 4) });
    await page.goto("/admin/create-event");

    const placeSearch = page.getByRole("combobox", { name: "Event Location" });
    await placeSearch.fill("Central");
    const option = page.getByRole("option", { name: CENTRAL });
    await option.waitFor();
    expect(await option.getByText("Used before").isVisible()).toBe(true);
    expect(await placeSearch.getAttribute("aria-expanded")).toBe("true");
    await placeSearch.press("Escape");
    expect(await placeSearch.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("listbox").isVisible()).toBe(false);

    await placeSearch.press("ArrowDown");
    await option.click();
    expect(await placeSearch.inputValue()).toBe(CENTRAL);
    await page.getByText(`${CENTRAL} (40.7505, -73.9934)`).waitFor();

    // Typing again drops the choice: a location must come from the list.
    await placeSearch.fill("Centr");
    expect(await page.getByText(`${CENTRAL} (40.7505, -73.9934)`).count()).toBe(0);

    await page.route("**/api/places?*", (route) =>
      route.fulfill({ json: { places: [], geocoderError: "Place search is unavailable right now. Try again, or pick a venue used before." } }),
    );
    await placeSearch.fill("Nowhere Park");
    await page.getByRole("alert").filter({ hasText: "Place search is unavailable right now." }).waitFor();
    expectConsoleError(/status of 500 .*\/api\/places/);
    await page.route("**/api/places?*", (route) => route.fulfill({ status: 500, json: { error: { code: "internal", message: "An unexpected error occurred." } } }));
    await placeSearch.fill("Elsewhere Park");
    await page.getByRole("alert").filter({ hasText: "Place search failed: An unexpected error occurred." }).waitFor();
  });

  it("marks the fields the error line is about, and moves the focus to the first of them", async () => {
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await admin());
    await page.goto("/admin/create-event");
    await page.getByLabel("Title").fill(uniqueTitle("Half Filled Game"));
    const placeSearch = page.getByRole("combobox", { name: "Event Location" });
    // Typed, but not picked from the list: no coordinates, so no location.
    await placeSearch.fill("Somewhere unlisted");
    await page.getByText("Type at least 2 letters, then pick the place from the list.").waitFor();
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "All fields are required" }).waitFor();

    const invalid = (label: string) => page.getByLabel(label, { exact: true }).getAttribute("aria-invalid");
    for (const label of ["Date", "Event Time", "Cost: add the 2.9% + $0.30 processing fee to your price", "Max Players (excluding goalkeepers)"]) {
      expect(await invalid(label), label).toBe("true");
    }
    expect(await placeSearch.getAttribute("aria-invalid")).toBe("true");
    for (const label of ["Title", "Duration Hours", "Duration Minutes", "Field (optional)"]) expect(await invalid(label), label).toBeNull();
    expect(await page.getByLabel("Date").evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, "create-event-missing-375");
    await expectNoAxeViolations(page);

    // Editing the form takes the message and the marks away.
    await page.getByLabel("Date").fill(await browserDate(page, 1));
    expect(await page.getByText("All fields are required").count()).toBe(0);
    expect(await invalid("Event Time")).toBeNull();
    expect(await placeSearch.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the home screen to a non-admin at /admin/create-event", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser());
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(await page.getByRole("heading", { name: "Create New Event" }).count()).toBe(0);
    await menuButton(page).click();
    expect(await page.getByRole("menuitem", { name: "Create New Event" }).count()).toBe(0);
  });

  it("at 375px a card is a collapsed link, and the event page keeps its actions in a bottom bar", async () => {
    const page = await newPage({ width: 375, height: 760 });
    await login(page, await admin());
    const title = uniqueTitle("Narrow Screen Game");
    await createEventAs(page, { title, date: await browserDate(page, 2), cost: "8" });
    await page.reload();

    const card = page.getByRole("article", { name: title });
    await card.waitFor();
    const details = card.getByRole("button", { name: "Details" });
    expect(await details.getAttribute("aria-expanded")).toBe("false");
    expect(await card.getByText("Max Players").isVisible()).toBe(false);
    expect(await card.getByRole("link", { name: title }).isVisible()).toBe(true);
    await screenshot(page, "home-375");

    await details.click();
    expect(await details.getAttribute("aria-expanded")).toBe("true");
    expect(await card.getByText("Max Players").isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Anywhere on the card opens the event: click its price, which is no link of its own.
    const price = await card.getByText("$8.00").boundingBox();
    const cardBox = await card.boundingBox();
    await card.click({ position: { x: price!.x - cardBox!.x + 5, y: price!.y - cardBox!.y + 5 } });
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    // The actions sit in the bar fixed to the bottom of the 760px screen. Cancel Event & Refund is not
    // among them: it is in the page's Organiser section, away from Join.
    const bar = page.getByRole("region", { name: "Event actions" });
    expect(await bar.getByRole("button", { name: "Share Event" }).isVisible()).toBe(true);
    expect(await bar.getByRole("button", { name: "Join as Player" }).isVisible()).toBe(true);
    expect(await bar.getByRole("button", { name: "Cancel Event & Refund" }).count()).toBe(0);
    await page.getByRole("region", { name: "Organiser" }).getByRole("button", { name: "Cancel Event & Refund" }).waitFor();
    const box = await bar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(760);
    expect(box!.height).toBeLessThan(760 / 3);
    // Far below on a phone, the map has not loaded yet; scrolled to, it does.
    const map = page.getByRole("region", { name: "Map of Central Sports Ground, 5 Main Street, Springfield" });
    expect(await page.getByRole("img", { name: "Central Sports Ground, 5 Main Street, Springfield" }).count()).toBe(0);
    await map.scrollIntoViewIfNeeded();
    await page.getByRole("img", { name: "Central Sports Ground, 5 Main Street, Springfield" }).waitFor();
    await screenshot(page, "event-page-375");
    await expectNoAxeViolations(page);
  });

  it("says when loading fails and offers Retry; the map says when it cannot load", async () => {
    const page = await newPage();
    await login(page, await admin());
    const game = await createEventAs(page, { title: uniqueTitle("Flaky Network Game"), date: await browserDate(page, 3) });

    expectConsoleError(/status of 503 .*\/api\/events\?scope=upcoming/);
    await page.route("**/api/events?scope=upcoming", (route) => route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "The service is busy." } } }));
    await page.reload();
    const alert = page.getByRole("alert").filter({ hasText: "Events could not be loaded." });
    await alert.getByText("The service is busy.").waitFor();
    await page.unroute("**/api/events?scope=upcoming");
    await alert.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("article", { name: game.title }).waitFor();
    expect(await alert.count()).toBe(0);

    // Leaflet's chunk cannot be fetched (e.g. offline). The context's route also sees the service worker's fetches.
    await page.context().route("**/assets/leaflet-map-*", (route) => route.abort());
    expectConsoleError(/map failed to load/);
    await page.goto(`/event/${game.id}`);
    // The map loads once it comes near the screen.
    const location = page.getByRole("region", { name: "Event Location" });
    await location.scrollIntoViewIfNeeded();
    await location.getByText("Error loading maps").waitFor();
  });

  describe("completed events", () => {
    let database: pg.Client;
    const seeded: string[] = [];

    beforeAll(async () => {
      // The API refuses dates in the past, so games that already happened go straight into the database.
      database = new pg.Client({ connectionString: lane().databaseURL });
      await database.connect();
      const now = Date.now();
      for (let index = 0; index < 6; index++) {
        const title = uniqueTitle(`Finished Game ${index + 1}`);
        const endsAt = new Date(now - (index + 1) * 60_000); // ended minutes ago: the newest completed games
        const startsAt = new Date(endsAt.getTime() - 90 * 60_000);
        await database.query(
          `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name, cost_cents, max_players)
           values ($1, $2, $3, 'UTC', 90, 40.7812, -73.9665, $4, 1000, 10)`,
          [title, startsAt, endsAt, RIVERSIDE],
        );
        seeded.push(title);
      }
    });
    afterAll(async () => {
      await database?.end();
    });

    it("pages through the Completed Events table, 5 a page", async () => {
      const page = await newPage();
      await login(page, await createVerifiedUser());
      // The home lists are shared for up to a second (src/server/events/list-cache.ts); rows inserted
      // behind the app's back show once that has passed.
      const completedPageCount = async () =>
        ((await (await page.request.get("/api/events?scope=completed&page=1")).json()) as CompletedEventsResponse).pageCount;
      await expect.poll(completedPageCount, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      const pageCount = await completedPageCount();

      const table = page.getByRole("region", { name: "Completed Events", exact: true }).getByRole("table");
      await table.waitFor();
      for (const column of ["Event Title", "Cost", "Date", "Hours", "Location", "Max Players", "Goalkeepers", "Details"]) {
        await table.getByRole("columnheader", { name: column }).waitFor();
      }
      await page.getByText(`Page 1 of ${pageCount}`).waitFor();
      expect(await table.getByRole("row").count()).toBe(1 + 5);
      for (const title of seeded.slice(0, 5)) await table.getByRole("rowheader", { name: title }).waitFor();
      await screenshot(page, "home-completed-1280");

      // On a phone the table keeps its columns and scrolls sideways inside its own region.
      await page.setViewportSize({ width: 375, height: 760 });
      const scroller = page.getByRole("region", { name: "Completed Events table" });
      expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, "home-completed-375");
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);

      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText(`Page 2 of ${pageCount}`).waitFor();
      await table.getByRole("rowheader", { name: seeded[5]! }).waitFor();
      expect(await table.getByRole("rowheader", { name: seeded[0]! }).count()).toBe(0);

      await table.getByRole("row", { name: new RegExp(seeded[5]!) }).getByRole("link", { name: /^More/ }).click();
      await page.getByRole("heading", { name: seeded[5]!, level: 1 }).waitFor();
      await page.getByText("Event Completed").waitFor();
      // Seeded without an organizer: the fixed fallback contact is shown.
      const contact = page.getByRole("region", { name: "Contact Information" });
      await contact.getByText("Kickoff Organizer").waitFor();
      expect(await contact.getByRole("link", { name: "organizer@kickoff.app" }).getAttribute("href")).toBe("mailto:organizer@kickoff.app");
    });
  });

  describe("your events", () => {
    let database: pg.Client;
    beforeAll(async () => {
      database = new pg.Client({ connectionString: lane().databaseURL });
      await database.connect();
    });
    afterAll(async () => {
      await database?.end();
    });

    /** An event straight in the database (the API refuses past dates), with this user's registration. */
    async function seed(userId: string, options: { title: string; hoursFromNow: number; status?: "active" | "cancelled"; registration: string }) {
      const startsAt = new Date(Date.now() + options.hoursFromNow * 3_600_000);
      const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
      const { rows } = await database.query<{ id: string }>(
        `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name, cost_cents, max_players, status)
         values ($1, $2, $3, 'UTC', 60, 40.7812, -73.9665, $4, 1000, 10, $5) returning id`,
        [options.title, startsAt, endsAt, RIVERSIDE, options.status ?? "active"],
      );
      await database.query(`insert into registration (event_id, user_id, role, status) values ($1, $2, 'player', $3)`, [rows[0]!.id, userId, options.registration]);
    }

    it("lists the player's games in Current, Completed, Refunded and Canceled/Refunded, each a link to its page", async () => {
      const page = await newPage({ width: 375, height: 800 });
      await login(page, await createVerifiedUser());
      const me = ((await (await page.request.get("/api/me")).json()) as { user: { id: string } }).user;
      const titles = {
        playing: uniqueTitle("Playing Soon"),
        waiting: uniqueTitle("Waiting Soon"),
        played: uniqueTitle("Played Last Week"),
        refunded: uniqueTitle("Refunded Game"),
        cancelled: uniqueTitle("Called Off Game"),
      };
      await seed(me.id, { title: titles.playing, hoursFromNow: 48, registration: "confirmed" });
      await seed(me.id, { title: titles.waiting, hoursFromNow: 72, registration: "waitlisted" });
      await seed(me.id, { title: titles.played, hoursFromNow: -170, registration: "confirmed" });
      await seed(me.id, { title: titles.refunded, hoursFromNow: 96, registration: "refunded" });
      await seed(me.id, { title: titles.cancelled, hoursFromNow: 120, status: "cancelled", registration: "confirmed" });

      await page.goto("/your-events");
      const section = (name: string) => page.getByRole("region", { name, exact: true });
      const current = section("Current Events");
      await current.getByRole("region", { name: "Playing" }).getByRole("link", { name: new RegExp(titles.playing) }).waitFor();
      await current.getByRole("region", { name: "On Waitlist" }).getByRole("link", { name: new RegExp(titles.waiting) }).waitFor();
      await section("Completed Events").getByRole("region", { name: "Played" }).getByRole("link", { name: new RegExp(titles.played) }).waitFor();
      expect(await section("Completed Events").getByRole("region", { name: "Waitlisted" }).count()).toBe(0);
      await section("Refunded Events").getByRole("link", { name: new RegExp(titles.refunded) }).waitFor();
      await section("Canceled/Refunded Events").getByRole("link", { name: new RegExp(titles.cancelled) }).waitFor();
      await screenshot(page, "your-events-375");
      await expectNoAxeViolations(page);

      await section("Canceled/Refunded Events").getByRole("link", { name: new RegExp(titles.cancelled) }).click();
      await page.getByRole("heading", { name: titles.cancelled, level: 1 }).waitFor();
      await page.getByText("Event Cancelled").waitFor();
    });
  });

  it("shows Your Events' empty texts to a new player, and 'Event not found.' for a missing event", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser());
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Your Events" }).click();
    for (const text of [
      "You are not participating in any current events.",
      "You have not completed any events yet.",
      "You have no refunded events.",
      "You have no canceled events.",
    ]) {
      await page.getByText(text).waitFor();
    }
    for (const section of ["Current Events", "Completed Events", "Refunded Events", "Canceled/Refunded Events"]) {
      await page.getByRole("heading", { name: section, exact: true }).waitFor();
    }
    await screenshot(page, "your-events-empty");
    await expectNoAxeViolations(page);

    await page.goto("/event/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Event not found.", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Back to Events" }).click();
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
  });
});
