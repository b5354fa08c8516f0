import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { pathOf, region } from "./support/pages.ts";
import { adminAccount, uniqueTitle } from "./support/games.ts";

/**
 * Weekly series (issue 16, part 1): an admin creates one from Create New Event with Repeat weekly,
 * lands on the series' page listing the games generated so far, and a game not open yet says when it
 * opens and offers no join; then the second game and the ones after it move to another time. On a
 * phone's 375 px, with axe on the new screens.
 */

const { newPage } = useBrowser();
/** For expect.poll on what waits for the server: its default second is short on a busy machine. */
const SERVER = { timeout: 15_000 };
const SLOW = { timeout: 180_000 };

/** YYYY-MM-DD `days` from today in the browser's zone (the one the create form reads). */
function browserDate(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  }, days);
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
    await page.getByLabel("Cost (add the processing fee of 2.9% + $0.30)").fill("0");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("12");

    await page.getByLabel("Repeat weekly").check();
    const ends = page.getByRole("group", { name: "Ends" });
    expect(await ends.getByLabel("After a number of games").isChecked()).toBe(true);
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
