import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { adminAccount, seedGame, seedRegistrations, type SeededGame, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Check-in at the pitch (docs/product-rules.md, "Check-in") on a 375 px phone: the admin finds the
 * link on the game's page, taps people in, taps once while offline (the tap shows at once, is marked
 * not saved, and is sent exactly once when the connection is back), marks the rest as no-show with a
 * confirmation and undoes it; axe on the screen and on the dialog. Then a player sees their own
 * attendance on Your Events.
 */
const { newPage } = useBrowser();
const database = useDatabase();

/** For expect.poll on what waits for the server: its default second is short on a busy machine. */
const SERVER = { timeout: 15_000 };
const PHONE = { width: 375, height: 812, isMobile: true, hasTouch: true };

const toggle = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const count = (page: Page) => page.getByRole("status").filter({ hasText: /checked in$/ });
/** What a toggle's description says: role, "No-show", "Not saved yet". */
async function description(page: Page, name: string): Promise<string> {
  const id = await toggle(page, name).getAttribute("aria-describedby");
  return (await page.locator(`[id="${id}"]`).textContent()) ?? "";
}
const NAMES = ["Ana Silva", "Ben Okafor", "Kim Keeper", "Léa Dubois"];
const noShows = async (page: Page) => (await Promise.all(NAMES.map((name) => description(page, name)))).filter((text) => text.includes("No-show")).length;
const unsaved = async (page: Page) => (await Promise.all(NAMES.map((name) => description(page, name)))).filter((text) => text.includes("Not saved yet")).length;

async function checkedInAt(game: SeededGame, name: string): Promise<{ checked_in_at: Date | null; no_show_at: Date | null }> {
  const { rows } = await database().query<{ checked_in_at: Date | null; no_show_at: Date | null }>(
    `select r.checked_in_at, r.no_show_at from registration r join "user" u on u.id = r.user_id where r.event_id = $1 and u.name = $2`,
    [game.id, name],
  );
  return rows[0]!;
}

describe("check-in at the pitch", () => {
  it("taps people in, keeps an offline tap until it is saved once, marks the rest as no-show and undoes it", async () => {
    // Kicked off half an hour ago: check-in is open and the rest can be marked.
    const game = await seedGame(database(), { title: uniqueTitle("Pitch Check-in"), startsInHours: -0.5, includeGoalkeepers: true });
    await seedRegistrations(database(), game, ["Ana Silva", "Ben Okafor", "Léa Dubois"], { status: "confirmed" });
    await seedRegistrations(database(), game, ["Kim Keeper"], { status: "confirmed", role: "goalkeeper" });
    await seedRegistrations(database(), game, ["Wes Waiting"], { status: "waitlisted" });

    const page = await newPage(PHONE);
    await login(page, await adminAccount());
    await page.goto(`/event/${game.id}`);
    // On a phone the actions sit in the bottom bar; Check-in is among the everyday ones.
    await page.getByRole("region", { name: "Event actions" }).getByRole("link", { name: "Check-in" }).waitFor();
    await screenshot(page, "check-in-link-on-event-page-375");
    await page.getByRole("region", { name: "Event actions" }).getByRole("link", { name: "Check-in" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/event/${game.id}/check-in`);
    await expect.poll(() => count(page).textContent(), SERVER).toBe("0 of 4 checked in");
    expect(await page.getByRole("list", { name: "Confirmed players and goalkeepers" }).getByRole("button").allTextContents()).toHaveLength(4);
    expect(await toggle(page, "Wes Waiting").count()).toBe(0);

    // Large tap targets, the width of the phone.
    const box = (await toggle(page, "Ana Silva").boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(56);
    expect(box.width).toBeGreaterThanOrEqual(300);

    // A tap shows at once and is saved.
    await toggle(page, "Ana Silva").tap();
    expect(await toggle(page, "Ana Silva").getAttribute("aria-pressed")).toBe("true");
    expect(await count(page).textContent()).toBe("1 of 4 checked in");
    await expect.poll(async () => (await checkedInAt(game, "Ana Silva")).checked_in_at !== null, SERVER).toBe(true);
    await expect.poll(() => unsaved(page), SERVER).toBe(0);

    // Search by name, accents or not.
    await page.getByLabel("Search by name").fill("lea");
    await expect.poll(() => page.getByRole("list", { name: "Confirmed players and goalkeepers" }).getByRole("button").count()).toBe(1);
    expect(await toggle(page, "Léa Dubois").isVisible()).toBe(true);
    await page.getByLabel("Search by name").fill("");

    // Offline: the tap shows, is marked not saved, and nothing is sent.
    const puts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/check-in/")) puts.push(request.url());
    });
    await page.context().setOffline(true);
    await toggle(page, "Ben Okafor").tap();
    expect(await toggle(page, "Ben Okafor").getAttribute("aria-pressed")).toBe("true");
    expect(await count(page).textContent()).toBe("2 of 4 checked in");
    await expect.poll(() => description(page, "Ben Okafor")).toContain("Not saved yet");
    await expect.poll(() => page.getByText(/1 tap not saved yet\. You are offline/).isVisible()).toBe(true);
    await screenshot(page, "check-in-offline-375");
    expect((await checkedInAt(game, "Ben Okafor")).checked_in_at).toBeNull();

    // Back online: sent once, saved, the marks go.
    await page.context().setOffline(false);
    await expect.poll(async () => (await checkedInAt(game, "Ben Okafor")).checked_in_at !== null, SERVER).toBe(true);
    await expect.poll(() => unsaved(page), SERVER).toBe(0);
    expect(puts).toHaveLength(1);
    expect(await count(page).textContent()).toBe("2 of 4 checked in");

    await expectNoAxeViolations(page);
    await screenshot(page, "check-in-375");

    // The keyboard works the toggles too: Space undoes Ana's check-in, Enter redoes it.
    await toggle(page, "Ana Silva").focus();
    await page.keyboard.press("Space");
    expect(await toggle(page, "Ana Silva").getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.press("Enter");
    expect(await toggle(page, "Ana Silva").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => unsaved(page), SERVER).toBe(0);
    expect((await checkedInAt(game, "Ana Silva")).checked_in_at).not.toBeNull();

    // Mark the rest as no-show, after a confirmation.
    await page.getByRole("button", { name: "Mark the rest as no-show" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark the rest as no-show?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("2 people not checked in will be marked as no-show: Kim Keeper, Léa Dubois.");
    await expectNoAxeViolations(page, dialog);
    await dialog.getByRole("button", { name: "Mark them as no-show" }).click();
    await dialog.waitFor({ state: "detached", timeout: SERVER.timeout });
    await expect.poll(() => page.getByText("2 marked as no-show.").isVisible(), SERVER).toBe(true);
    expect(await noShows(page)).toBe(2);
    expect((await checkedInAt(game, "Léa Dubois")).no_show_at).not.toBeNull();
    expect((await checkedInAt(game, "Kim Keeper")).no_show_at).not.toBeNull();
    expect((await checkedInAt(game, "Ana Silva")).no_show_at).toBeNull();
    await expectNoAxeViolations(page);

    // Undo.
    await page.getByRole("button", { name: "Undo no-shows" }).click();
    await expect.poll(() => noShows(page), SERVER).toBe(0);
    expect((await checkedInAt(game, "Léa Dubois")).no_show_at).toBeNull();
    expect((await checkedInAt(game, "Kim Keeper")).no_show_at).toBeNull();
    expect(await count(page).textContent()).toBe("2 of 4 checked in");
  });

  it("shows the empty list, and no Check-in link before its window opens", async () => {
    const empty = await seedGame(database(), { title: uniqueTitle("Nobody Yet"), startsInHours: 0.5 });
    const later = await seedGame(database(), { title: uniqueTitle("Later Game"), startsInHours: 3 });
    const page = await newPage(PHONE);
    await login(page, await adminAccount());
    await page.goto(`/event/${empty.id}/check-in`);
    await expect.poll(() => page.getByText("Nobody has a confirmed spot in this game yet.").isVisible(), SERVER).toBe(true);
    expect(await count(page).textContent()).toBe("0 of 0 checked in");
    await expectNoAxeViolations(page);

    await page.goto(`/event/${later.id}`);
    await page.getByRole("region", { name: "Event actions" }).waitFor();
    expect(await page.getByRole("link", { name: "Check-in" }).count()).toBe(0);
    await page.goto(`/event/${later.id}/check-in`);
    await expect.poll(() => page.getByText(/^Check-in opens at .*, 60 minutes before kick-off\.$/).isVisible(), SERVER).toBe(true);
  });

  it("shows players their own attendance on Your Events", async () => {
    const player = await createVerifiedUser({ firstName: "Pat", lastName: "Present" });
    const came = await seedGame(database(), { title: uniqueTitle("Came Along"), startsInHours: -30 });
    const missed = await seedGame(database(), { title: uniqueTitle("Missed It"), startsInHours: -54 });
    const { rows } = await database().query<{ id: string }>(`select id from "user" where email = $1`, [player.email]);
    const userId = rows[0]!.id;
    await seedRegistrations(database(), came, ["Pat Present"], { status: "confirmed", userId });
    await seedRegistrations(database(), missed, ["Pat Present"], { status: "confirmed", userId });
    await database().query(`update registration set checked_in_at = now() where event_id = $1`, [came.id]);
    await database().query(`update registration set no_show_at = now() where event_id = $1`, [missed.id]);

    const page = await newPage(PHONE);
    await login(page, player);
    await page.goto("/your-events");
    const played = page.getByRole("region", { name: "Played" });
    await played.waitFor({ timeout: SERVER.timeout });
    expect(await played.getByRole("link", { name: new RegExp(came.title) }).textContent()).toContain("Checked in");
    expect(await played.getByRole("link", { name: new RegExp(missed.title) }).textContent()).toContain("No-show");
    await expectNoAxeViolations(page);
  });
});
