import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SeriesDetailResponse } from "#shared/series.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { browserDate, openGame, pathOf, region, yourRegistration } from "./support/pages.ts";
import { announceEventChange } from "#server/events/announce.ts";
import { adminAccount, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Weekly series (issue 16, part 1): an admin creates one from Create New Event with Repeat weekly,
 * lands on the series' page listing the games generated so far, and a game not open yet says when it
 * opens and offers no join; then the second game and the ones after it move to another time. On a
 * phone's 375 px, with axe on the new screens. Regulars first (issue 16, part 2): the rule is set on
 * the form and said on the series' page (at 320 px); in a game's regulars' window, someone who is not
 * one of its regulars reads when everyone can join and is offered no join. The rule is changed on
 * the series' page, and the games not open yet take it.
 */

const { newPage } = useBrowser();
const database = useDatabase();
/** For expect.poll on what waits for the server: its default second is short on a busy machine. */
const SERVER = { timeout: 15_000 };
const SLOW = { timeout: 180_000 };

/** A free series at 19:00 in Toronto, its first game 10 days ahead, through the admin API. */
async function createSeries(admin: Page, title: string, maxPlayers: number, repeat: Record<string, unknown>): Promise<SeriesDetailResponse> {
  const response = await admin.request.post("/api/admin/series", {
    data: {
      title,
      date: await browserDate(admin, 10),
      time: "19:00",
      timeZone: "America/Toronto",
      durationHours: "1",
      durationMinutes: "30",
      location: { name: "Old Mill Field, Mill Lane" },
      cost: "0",
      maxPlayers: String(maxPlayers),
      repeat: { ends: "after_games", opensDaysBefore: 6, ...repeat },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SeriesDetailResponse;
}

/** A free series of one game with regulars first (3 of the last 4 games, 24 hours, 70 %), through the admin API. */
async function createRegularsSeries(admin: Page, title: string, maxPlayers: number): Promise<SeriesDetailResponse> {
  const created = await createSeries(admin, title, maxPlayers, { gameCount: 1, regulars: { windowHours: 24, minGames: 3, ofLast: 4, maxPercent: 70 } });
  expect(created.series.regulars).toEqual({ windowMinutes: 24 * 60, minGames: 3, ofLast: 4, maxPercent: 70 });
  return created;
}

const fitsWidth = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

describe("a weekly series at 375 px", () => {
  it("is created from the form, lists its games, and a game not open yet says when it opens with no join offered", SLOW, async () => {
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await adminAccount());
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    const title = uniqueTitle("Wednesday league");
    await page.getByLabel("Title").fill(title);
    // Ten days ahead: the first game opens 6 days before, so not for another four days.
    await page.getByLabel("Date", { exact: true }).fill(await browserDate(page, 10));
    await page.getByLabel("Event Time").fill("19:00");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane");
    await page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price").fill("0");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("12");

    await page.getByLabel("Repeat weekly").check();
    const ends = page.getByRole("group", { name: "Ends" });
    expect(await ends.getByLabel("After a number of games").isChecked()).toBe(true);
    // A last date before the first game is said under it, and goes once the game's own Date changes.
    await ends.getByLabel("On a date").check();
    const lastDate = page.getByLabel("Date of the last game");
    await lastDate.fill(await browserDate(page, 5));
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByText("The last date must be on or after the first game's date", { exact: true }).first().waitFor();
    expect(await lastDate.getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Date", { exact: true }).fill(await browserDate(page, 4));
    await expect.poll(() => lastDate.getAttribute("aria-invalid")).toBeNull();
    await page.getByLabel("Date", { exact: true }).fill(await browserDate(page, 10));
    await ends.getByLabel("After a number of games").check();
    // The server's limit, said before sending.
    await page.getByLabel("Number of games", { exact: true }).fill("500");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "The number of games must be between 1 and 104" }).waitFor();
    await page.getByLabel("Number of games", { exact: true }).fill("3");
    expect(await page.getByLabel("Registration opens (days before kick-off)").inputValue()).toBe("6");
    await fitsWidth(page);
    await screenshot(page, "series-create-375");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Create Event" }).click();

    // The series' page, with its three games.
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    expect(pathOf(page)).toMatch(/^\/console\/series\/[0-9a-f-]{36}$/);
    await page.getByText(/^Every Wednesday|^Every \w+day, 7:00 PM$/).first().waitFor();
    const games = region(page, "Games");
    await expect.poll(() => games.getByRole("link").count(), SERVER).toBe(3);
    expect(await games.getByText(/^Opens /).count()).toBe(3);
    await fitsWidth(page);
    await screenshot(page, "series-page-375");
    await expectNoAxeViolations(page);

    // The first game: an ordinary game's page that says when it opens, with no join button.
    await games.getByRole("link").first().click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    expect(pathOf(page)).toMatch(/^\/event\//);
    await page.getByRole("status").filter({ hasText: /^Opens \w{3}, \w{3} \d{1,2}, 7:00 PM$/ }).waitFor();
    expect(await page.getByRole("button", { name: /^Join/ }).count()).toBe(0);
    await fitsWidth(page);
    await expectNoAxeViolations(page);

    // And back to its series.
    await page.getByRole("link", { name: "Series", exact: true }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    expect(pathOf(page)).toMatch(/^\/console\/series\//);

    // The second game and the one after it move to 8:00 PM; the first stays at 7:00 PM.
    await games.getByRole("link").nth(1).click();
    await page.getByRole("link", { name: "Edit game" }).click();
    await page.getByRole("heading", { name: `Edit ${title}`, level: 1 }).waitFor(SERVER);
    const scope = page.getByRole("group", { name: "Change" });
    expect(await scope.getByLabel("This game", { exact: true }).isChecked()).toBe(true);
    await scope.getByLabel("This and the following games").check();
    await page.getByLabel("Event Time").fill("20:00");
    await fitsWidth(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("2 games updated. Everyone in them is emailed what changed.").waitFor(SERVER);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await expect.poll(async () => (await games.getByRole("link").allTextContents()).map((text) => text.slice(-7)), SERVER).toEqual(["7:00 PM", "8:00 PM", "8:00 PM"]);
  });

  it("moves its following games to another day from a game's Edit, and says the new day on its page, at 375 px", SLOW, async () => {
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await adminAccount());
    const title = uniqueTitle("Moving night");
    const created = await createSeries(page, title, 12, { gameCount: 3 });
    const shortDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
    const longDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
    const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

    // The second game, and the one after it, two days later in their weeks.
    await page.goto(`/admin/event/${created.games[1]!.id}/edit`);
    await page.getByRole("heading", { name: `Edit ${title}`, level: 1 }).waitFor(SERVER);
    const scope = page.getByRole("group", { name: "Change" });
    await scope.getByLabel("This and the following games").check();
    await page.getByText("Moving this game to another day moves the following games to that day of their week").waitFor();
    const dateField = page.getByLabel("Date", { exact: true });
    const secondDay = await dateField.inputValue();
    // More than 6 days from its day in the series is refused, under the field.
    await dateField.fill(plusDays(secondDay, 7));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(/^Could not save the changes: The following games can move to another day of their own week only/).waitFor(SERVER);
    await fitsWidth(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "series-move-refused-375");
    await dateField.fill(plusDays(secondDay, 2));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("2 games updated. Everyone in them is emailed what changed.").waitFor(SERVER);

    // The series' page: the new day, and each game on it but the first.
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await page.getByText(`Every ${longDay(plusDays(secondDay, 2))}, 7:00 PM`).waitFor(SERVER);
    const games = region(page, "Games");
    await expect
      .poll(async () => (await games.getByRole("link").allTextContents()).map((text) => text.slice(0, 3)), SERVER)
      .toEqual([shortDay(plusDays(secondDay, -7)), shortDay(plusDays(secondDay, 2)), shortDay(plusDays(secondDay, 2))]);
    await fitsWidth(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "series-moved-375");
  });

  it("is listed on the admins' Series screen", SLOW, async () => {
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await adminAccount());
    await page.goto("/console/series");
    await page.getByRole("heading", { name: "Series", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Create a series" }).waitFor();
    await fitsWidth(page);
    await expectNoAxeViolations(page);
  });
});

describe("regulars first", () => {
  it("is set on the form, checked there, and said on the series' page, at 320 px", SLOW, async () => {
    const page = await newPage({ width: 320, height: 800 });
    await login(page, await adminAccount());
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    const title = uniqueTitle("Thursday regulars");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date", { exact: true }).fill(await browserDate(page, 10));
    await page.getByLabel("Event Time").fill("19:00");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane");
    await page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price").fill("0");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("10");
    await page.getByLabel("Repeat weekly").check();
    await page.getByLabel("Number of games", { exact: true }).fill("2");

    // Off until ticked; then its defaults: 24 hours, 3 of the last 4 games, 70 %.
    const regularsFirst = page.getByLabel("Regulars first", { exact: true });
    expect(await regularsFirst.isChecked()).toBe(false);
    await regularsFirst.check();
    const headStart = page.getByLabel("Head start for regulars (hours before registration opens)");
    const who = page.getByRole("group", { name: "Who counts as a regular" });
    const atLeast = who.getByRole("spinbutton", { name: "Held a spot in at least", exact: true });
    const ofLast = who.getByRole("spinbutton", { name: "of the last games", exact: true });
    const share = page.getByLabel("Share of spots for regulars (%)");
    expect([await headStart.inputValue(), await atLeast.inputValue(), await ofLast.inputValue(), await share.inputValue()]).toEqual(["24", "3", "4", "70"]);

    // The server's limits, said before sending, under the field, which gets the focus.
    await atLeast.fill("5");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "The games a regular played must be between 1 and the games counted" }).waitFor();
    expect(await atLeast.getAttribute("aria-invalid")).toBe("true");
    expect(await atLeast.evaluate((input) => input === document.activeElement)).toBe(true);
    await atLeast.fill("3");
    expect(await atLeast.getAttribute("aria-invalid")).toBeNull();
    await share.fill("60");
    await fitsWidth(page);
    await screenshot(page, "series-create-regulars-320");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Create Event" }).click();

    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await page.getByText("Players who held a spot in 3 of the last 4 games can join 24 hours before everyone, for up to 60% of the spots.").waitFor();
    // The first game opens 6 days before kick-off, to its regulars a day earlier.
    const games = region(page, "Games");
    await expect.poll(() => games.getByRole("link").count(), SERVER).toBe(2);
    expect(await games.getByText(/^Regulars from \w{3}, \w{3} \d{1,2}, 7:00 PM · Opens \w{3}, \w{3} \d{1,2}, 7:00 PM · 0 of 10 players$/).count()).toBe(2);
    await fitsWidth(page);
    await screenshot(page, "series-page-regulars-320");
    await expectNoAxeViolations(page);
  });

  it("is changed on the series' page: turned on with a 48-hour head start, and a game's page then says when regulars can join, at 375 px", SLOW, async () => {
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await adminAccount());
    const title = uniqueTitle("Late regulars");
    // A series of two games without the rule; each opens 6 days before kick-off, the first in four days.
    const response = await page.request.post("/api/admin/series", {
      data: {
        title,
        date: await browserDate(page, 10),
        time: "19:00",
        timeZone: "America/Toronto",
        durationHours: "1",
        durationMinutes: "30",
        location: { name: "Old Mill Field, Mill Lane" },
        cost: "0",
        maxPlayers: "10",
        repeat: { ends: "after_games", gameCount: 2, opensDaysBefore: 6 },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { series } = (await response.json()) as SeriesDetailResponse;
    expect(series.regulars).toBeNull();

    await page.goto(`/console/series/${series.id}`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    const section = region(page, "Regulars first");
    await section.getByText("Off: everyone can join from the opening.").waitFor();
    const edit = section.getByRole("button", { name: "Edit the regulars' rule" });
    await edit.click();

    // The create form's fields, unticked, the focus on the first.
    const regularsFirst = section.getByLabel("Regulars first", { exact: true });
    expect(await regularsFirst.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await regularsFirst.isChecked()).toBe(false);
    await page.keyboard.press("Space");
    expect(await regularsFirst.isChecked()).toBe(true);
    const headStart = section.getByLabel("Head start for regulars (hours before registration opens)");
    expect(await headStart.inputValue()).toBe("24");
    // The server's limit, said under the field, which gets the focus.
    await headStart.fill("500");
    await section.getByRole("button", { name: "Save" }).click();
    await section.getByRole("alert").filter({ hasText: "The regulars' head start must be between 1 and 168 hours" }).waitFor(SERVER);
    expect(await headStart.getAttribute("aria-invalid")).toBe("true");
    expect(await headStart.evaluate((input) => input === document.activeElement)).toBe(true);
    await headStart.fill("48");
    expect(await headStart.getAttribute("aria-invalid")).toBeNull();
    expect(await section.getByRole("alert").count()).toBe(0);
    await fitsWidth(page);
    await screenshot(page, "series-regulars-edit-375");
    await expectNoAxeViolations(page);
    await section.getByRole("button", { name: "Save" }).click();

    // Saved: the notice, the rule in words, the focus back on Edit, and the games' windows.
    await section.getByRole("status").filter({ hasText: "Regulars first saved: it applies to the games not open yet." }).waitFor(SERVER);
    await section.getByText("Players who held a spot in 3 of the last 4 games can join 48 hours before everyone, for up to 70% of the spots.").waitFor();
    expect(await edit.evaluate((button) => button === document.activeElement)).toBe(true);
    const games = region(page, "Games");
    await expect.poll(() => games.getByText(/^Regulars from \w{3}, \w{3} \d{1,2}, 7:00 PM · Opens /).count(), SERVER).toBe(2);
    await fitsWidth(page);
    await screenshot(page, "series-regulars-saved-375");
    await expectNoAxeViolations(page);
    const { rows } = await database().query<{ hours: number }>(
      `select extract(epoch from registration_opens_at - regulars_open_at) / 3600 as hours from event where series_id = $1`,
      [series.id],
    );
    expect(rows.map((row) => Number(row.hours))).toEqual([48, 48]);

    // A generated game's page says when its regulars can join, two days before everyone.
    await games.getByRole("link").first().click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await page
      .getByRole("status")
      .filter({ hasText: /^Regulars can join from \w{3}, \w{3} \d{1,2}, 7:00 PM\. Everyone can join from \w{3}, \w{3} \d{1,2}, 7:00 PM\.$/ })
      .waitFor(SERVER);
    expect(await page.getByRole("button", { name: /^Join/ }).count()).toBe(0);
  });

  it("in a game's window, offers no join to someone who is not a regular, and says when everyone can join", SLOW, async () => {
    const admin = await newPage({ width: 375, height: 800 });
    await login(admin, await adminAccount());
    const title = uniqueTitle("Window league");
    const { series, games } = await createRegularsSeries(admin, title, 10);
    const game = games[0]!;
    // Its regulars' window opened an hour ago; everyone may join in two hours (both already announced: no mail).
    await database().query(
      `update event set regulars_open_at = now() - interval '1 hour', registration_opens_at = now() + interval '2 hours',
                        regulars_announced_at = now() where id = $1`,
      [game.id],
    );

    const everyone = /^Regulars can join now\. Everyone can join from \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\.$/;
    const player = await newPage({ width: 320, height: 800 });
    await login(player, await createVerifiedUser({ firstName: "Nora", lastName: "Newcomer" }));
    await player.goto(`/event/${game.id}`);
    await player.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await player.getByRole("status").filter({ hasText: everyone }).waitFor(SERVER);
    expect(await player.getByRole("button", { name: /^Join/ }).count()).toBe(0);
    // Her own standing (a newcomer: no games held), the spots kept, and a mail when it opens, undone as easily.
    await player.getByText(/^Regulars first: you can join from \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/).waitFor(SERVER);
    await player.getByText("7 of the 10 player spots are kept for regulars until then.").waitFor();
    await player.getByRole("button", { name: "Tell me when it opens" }).click();
    await player.getByRole("status").filter({ hasText: "We will email you when it opens." }).waitFor(SERVER);
    const { rows: asked } = await database().query(`select 1 from opening_reminder where event_id = $1`, [game.id]);
    expect(asked).toHaveLength(1);
    await fitsWidth(player);
    await screenshot(player, "event-regulars-window-320");
    await expectNoAxeViolations(player);
    await player.getByRole("button", { name: "Don't tell me" }).click();
    await player.getByRole("button", { name: "Tell me when it opens" }).waitFor(SERVER);
    await expect.poll(async () => (await database().query(`select 1 from opening_reminder where event_id = $1`, [game.id])).rows.length, SERVER).toBe(0);

    // The organiser's list of the series' games says that only regulars may join it now.
    await admin.goto(`/console/series/${series.id}`);
    await admin.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await region(admin, "Games").getByText(/^Regulars only · Opens /).waitFor(SERVER);
  });

  it("in a game's window, lets a regular join, and tells another there are no regulars' spots left, at 375 px", SLOW, async () => {
    const admin = await newPage({ width: 375, height: 800 });
    await login(admin, await adminAccount());
    const title = uniqueTitle("Regulars league");
    // 3 player spots at 70 %: 2 for the regulars in their window.
    const { games } = await createRegularsSeries(admin, title, 3);
    const game = { id: games[0]!.id, title };
    const db = database();

    // Three games of the series played 1, 2 and 3 weeks ago, as the generation would have made them (announced, so no mail).
    const { rows: past } = await db.query<{ id: string }>(
      `insert into event (title, starts_at, ends_at, time_zone, duration_minutes, latitude, longitude, location_name, field, notes,
                          cost_cents, max_players, include_goalkeepers, goalkeeper_cost_cents, max_goalkeepers, status,
                          organizer_id, organizer_name, organizer_email, series_id, occurrence_date,
                          registration_opens_at, regulars_open_at, regulars_announced_at, opening_announced_at)
       select e.title, w.starts_at, w.starts_at + make_interval(mins => e.duration_minutes), e.time_zone, e.duration_minutes,
              e.latitude, e.longitude, e.location_name, e.field, e.notes, e.cost_cents, e.max_players, e.include_goalkeepers,
              e.goalkeeper_cost_cents, e.max_goalkeepers, 'active', e.organizer_id, e.organizer_name, e.organizer_email,
              e.series_id, e.occurrence_date - 7 * (w.n + 10),
              w.starts_at - interval '6 days', w.starts_at - interval '7 days', w.starts_at - interval '7 days', w.starts_at - interval '6 days'
         from event e,
              lateral (select n, now() - make_interval(weeks => n) as starts_at from generate_series(1, 3) n) w
        where e.id = $1
       returning id`,
      [game.id],
    );
    expect(past).toHaveLength(3);

    // Three regulars, each with a spot in all three: two who sign in, and one (never signed in) who takes the last regulars' spot later.
    const [first, second] = await Promise.all([
      createVerifiedUser({ firstName: "Rita", lastName: "Regular" }),
      createVerifiedUser({ firstName: "Remy", lastName: "Regular" }),
    ]);
    const idOf = async (email: string) => (await db.query<{ id: string }>(`select id from "user" where email = $1`, [email])).rows[0]!.id;
    const third = randomUUID();
    await db.query(`insert into "user" (id, name, email, email_verified, first_name, last_name) values ($1, 'Reed Regular', $2, true, 'Reed', 'Regular')`, [
      third,
      `${third}@example.com`,
    ]);
    const regulars = [await idOf(first.email), await idOf(second.email), third];
    for (const userId of regulars) {
      for (const { id } of past) {
        await db.query(`insert into registration (event_id, user_id, role, status) values ($1, $2, 'player', 'confirmed')`, [id, userId]);
      }
    }
    // The game's regulars' window opened a minute ago; everyone may join in an hour (the window already announced: no mail).
    await db.query(
      `update event set regulars_open_at = now() - interval '1 minute', registration_opens_at = now() + interval '1 hour',
                        regulars_announced_at = now() where id = $1`,
      [game.id],
    );

    // A regular reads that regulars can join now, and joins: a spot of their own.
    const everyone = /^Regulars can join now\. Everyone can join from \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\.$/;
    const rita = await newPage({ width: 375, height: 800 });
    await login(rita, first);
    await openGame(rita, game);
    await rita.getByRole("status").filter({ hasText: everyone }).waitFor(SERVER);
    await rita.getByText("You're a regular: join now").waitFor(SERVER);
    const join = rita.getByRole("button", { name: "Join as Player" });
    await join.waitFor(SERVER);
    await fitsWidth(rita);
    await screenshot(rita, "event-regulars-join-375");
    await expectNoAxeViolations(rita);
    await join.click();
    await rita.getByText("You have been successfully added to the Player List!").waitFor(SERVER);
    await region(rita, "Players").getByText(first.name).waitFor(SERVER);
    await yourRegistration(rita).getByText("You're playing").waitFor(SERVER);
    expect(await rita.getByRole("button", { name: "Join as Player" }).count()).toBe(0);
    expect((await db.query(`select status from registration where event_id = $1 and user_id = $2`, [game.id, regulars[0]])).rows).toEqual([{ status: "confirmed" }]);

    // Another regular takes the second of the regulars' two spots: the third spot waits for the opening.
    // Announced as the app announces a change, so that no cached read of the game still shows the spot free.
    await db.query(`insert into registration (event_id, user_id, role, status) values ($1, $2, 'player', 'confirmed')`, [game.id, third]);
    await announceEventChange(db, game.id);

    // The next regular reads that the regulars' spots are taken, with no join offered; the server says the same.
    const remy = await newPage({ width: 375, height: 800 });
    await login(remy, second);
    await openGame(remy, game);
    await remy.getByRole("status").filter({ hasText: everyone }).waitFor(SERVER);
    await remy.getByRole("status").filter({ hasText: "The spots for regulars are taken. The others open to everyone when registration opens." }).waitFor(SERVER);
    expect(await region(remy, "Players").getByText("Reed Regular").count()).toBe(1);
    expect(await remy.getByRole("button", { name: /^Join/ }).count()).toBe(0);
    const refused = await remy.request.post(`/api/events/${game.id}/registrations`, { data: { role: "player" } });
    expect(refused.status()).toBe(422);
    expect(await refused.text()).toContain("The spots for regulars are taken.");
    await fitsWidth(remy);
    await screenshot(remy, "event-regulars-taken-375");
    await expectNoAxeViolations(remy);

    // The organiser sees who the series' regulars are, by name.
    await admin.goto(`/console/series/${games[0]!.seriesId}`);
    const list = admin.getByRole("region", { name: "Regulars now (3)" });
    await list.waitFor(SERVER);
    expect((await list.getByRole("listitem").allTextContents()).sort()).toEqual(["Reed Regular", "Remy Regular", "Rita Regular"]);
  });
});
