import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCalendar } from "#test/ical.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { baseURL, screenshot, useBrowser } from "./support/browser.ts";
import { adminAccount, seedGame, type SeededGame, uniqueTitle, useDatabase } from "./support/games.ts";
import { waitForMail } from "./support/mail.ts";
import { openGame, region } from "./support/pages.ts";

/**
 * Games in people's calendars (issue 17): the event page's "Add to calendar", the .ics on "You're in",
 * and the feed from Profile, each read with ical.js (independent of the library that writes them).
 * The games are played in Toronto and the browser is in Paris: the files must carry Toronto's clocks.
 */
const { newPage } = useBrowser();
const database = useDatabase();
const ZONE = "America/Toronto";

/** The game's kick-off on Toronto's clocks, worked out here with Intl alone: "2026-12-06 10:00". */
async function torontoKickOff(game: SeededGame): Promise<{ local: string; instant: Date }> {
  const { rows } = await database().query<{ starts_at: Date }>("select starts_at from event where id = $1", [game.id]);
  // To the second, as the file writes it (the seeded game starts at a time with milliseconds).
  const instant = new Date(Math.floor(rows[0]!.starts_at.getTime() / 1000) * 1000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`, instant };
}

describe("Add to calendar", () => {
  it("downloads the game's .ics, at its time on Toronto's clocks, with its venue, link and UID", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Calendar Cup"), timeZone: ZONE, startsInHours: 50 });
    const page = await newPage({ timezoneId: "Europe/Paris" });
    await login(page, await createVerifiedUser());
    await openGame(page, game);
    await screenshot(page, "event-add-to-calendar-1280");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Add to calendar" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^calendar-cup-[a-z0-9-]+\.ics$/);
    const calendar = readCalendar(readFileSync((await download.path())!, "utf8"));
    const kickOff = await torontoKickOff(game);
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      uid: `event-${game.id}@${new URL(baseURL()).hostname}`,
      summary: game.title,
      status: "CONFIRMED",
      url: `${baseURL()}/event/${game.id}`,
      geo: [40.7812, -73.9665],
    });
    expect(calendar.events[0]!.start).toEqual({ tzid: ZONE, ...kickOff });
  });
});

describe("the .ics on You're in", () => {
  it("arrives with the mail and reads as the game at Toronto's time", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Mailed Match"), timeZone: ZONE, startsInHours: 60 });
    const user = await createVerifiedUser();
    const page = await newPage({ timezoneId: "Asia/Tokyo", width: 375, height: 740 });
    await login(page, user);
    await openGame(page, game);
    await page.getByRole("button", { name: /^Join/ }).first().click();
    await page.getByText("You have been successfully added to the Player List!").waitFor();

    const mail = await waitForMail(user.email, `You're in: ${game.title}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe("text/calendar");
    const calendar = readCalendar(mail.attachments[0]!.content);
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.events[0]).toMatchObject({ uid: `event-${game.id}@${new URL(baseURL()).hostname}`, status: "CONFIRMED" });
    expect(calendar.events[0]!.start).toEqual({ tzid: ZONE, ...(await torontoKickOff(game)) });
  });
});

describe("Subscribe in your calendar", () => {
  it("shows a webcal link once, whose feed has the user's game, and then shows it cancelled", { timeout: 120_000 }, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Feed Fixture"), timeZone: ZONE, startsInHours: 80 });
    const user = await createVerifiedUser();
    const page = await newPage({ width: 375, height: 740 });
    await login(page, user);
    await openGame(page, game);
    await page.getByRole("button", { name: /^Join/ }).first().click();
    await page.getByText("You have been successfully added to the Player List!").waitFor();

    await page.goto("/profile");
    const section = region(page, "Subscribe in your calendar");
    await section.getByText("You have no calendar link yet.").waitFor();
    await section.getByRole("button", { name: "Create calendar link" }).click();
    const link = section.getByRole("textbox", { name: "Your calendar link" });
    await link.waitFor();
    const webcal = await link.inputValue();
    expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await section.getByRole("link", { name: "Open in calendar app" }).getAttribute("href")).toBe(webcal);
    await screenshot(page, "profile-calendar-feed-375");
    await expectNoAxeViolations(page, section);
    await expectNoAxeViolations(page, region(page, "Game reminders"));

    const feedUrl = webcal.replace(/^webcal:/, new URL(baseURL()).protocol);
    const before = readCalendar(await (await fetch(feedUrl)).text());
    const entry = before.events.find((candidate) => candidate.summary === game.title);
    expect(entry).toMatchObject({ status: "CONFIRMED" });
    expect(entry!.start).toEqual({ tzid: ZONE, ...(await torontoKickOff(game)) });

    // The organiser cancels the game: the feed keeps it, crossed out.
    const adminPage = await newPage();
    await login(adminPage, await adminAccount());
    expect((await adminPage.request.post(`/api/events/${game.id}/cancel`, { data: {} })).status()).toBe(200);
    const after = readCalendar(await (await fetch(feedUrl)).text());
    const cancelled = after.events.find((candidate) => candidate.uid === entry!.uid);
    expect(cancelled).toMatchObject({ status: "CANCELLED", summary: game.title });
    expect(cancelled!.sequence).toBeGreaterThan(entry!.sequence);

    // Back on Profile the link is not shown again; replacing it stops the old one.
    await page.reload();
    await section.getByText(/You made a calendar link on/).waitFor();
    await section.getByRole("button", { name: "Replace link" }).click();
    await page.getByRole("dialog", { name: "Replace your calendar link?" }).getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => link.inputValue()).not.toBe(webcal);
    expect(await link.inputValue()).toMatch(/^webcal:\/\/.+\.ics$/);
    expect((await fetch(feedUrl)).status).toBe(404);
  });
});
