import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { adminAccount, joinGame, seedGame, seedRegistrations, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Fair teams at the pitch (docs/teams-and-ratings.md) on a 375 px phone: the admin checks players
 * in, makes teams from those checked in, locks one, re-rolls (the lock holds), swaps two with the
 * keyboard, publishes; a player sees their team on the game's page; the admin enters the score and
 * the player sees it. A player's +1 guest plays in a team of their own choosing, like anyone. Axe
 * on each screen.
 */
const { newPage } = useBrowser();
const database = useDatabase();

const SERVER = { timeout: 15_000 };
const PHONE = { width: 375, height: 812, isMobile: true, hasTouch: true };

const team = (page: Page, name: "Bibs" | "No bibs") => page.getByRole("region", { name, exact: true });
/**
 * The players of a team on the admin's screen, by name (each row's box is labelled "Select <name>";
 * under the name, the games played ("new", "3 games", after "Goalkeeper ·"), or "guest" for a +1 guest).
 */
async function playersOf(region: Locator): Promise<string[]> {
  const labels = await Promise.all((await region.getByRole("checkbox").all()).map((box) => box.evaluate((el) => (el.closest("label")?.textContent ?? "").trim())));
  return labels.map((label) => label.replace(/^Select /, "").replace(/(Goalkeeper · )?(new|\d+ games?)$/, "").replace(/\)guest$/, ")").trim());
}

describe("fair teams", () => {
  it("checks players in, makes teams, locks one, swaps two, publishes; a player sees their team and the score", async () => {
    // Kicked off 20 minutes ago: check-in and teams are open, and the result can be entered.
    const game = await seedGame(database(), { title: uniqueTitle("Fair Teams"), startsInHours: -1 / 3, includeGoalkeepers: true, maxPlayers: 12 });
    const pia = await createVerifiedUser({ firstName: "Pia", lastName: "Player" });
    const { rows } = await database().query<{ id: string }>(`select id from "user" where email = $1`, [pia.email]);
    await seedRegistrations(database(), game, ["Pia Player"], { status: "confirmed", userId: rows[0]!.id });
    const outfield = ["Ana Silva", "Ben Okafor", "Cid Moreau", "Dee Park", "Eli Stone"];
    await seedRegistrations(database(), game, [...outfield, "Late Larry", "Absent Amy"], { status: "confirmed" });
    await seedRegistrations(database(), game, ["Kim Keeper", "Lou Keeper"], { status: "confirmed", role: "goalkeeper" });
    const playing = ["Pia Player", ...outfield, "Kim Keeper", "Lou Keeper"];

    // Check-in: the eight who came.
    const page = await newPage(PHONE);
    await login(page, await adminAccount());
    await page.goto(`/event/${game.id}/check-in`);
    for (const name of playing) {
      const toggle = page.getByRole("button", { name, exact: true });
      await toggle.waitFor({ timeout: SERVER.timeout });
      await toggle.tap();
    }
    await expect.poll(() => page.getByRole("status").filter({ hasText: /checked in$/ }).textContent(), SERVER).toBe("8 of 10 checked in");
    await expect.poll(async () => (await database().query(`select 1 from registration where event_id = $1 and checked_in_at is not null`, [game.id])).rowCount, SERVER).toBe(8);

    // Make teams: from those checked in, one keeper each, four a side.
    await page.getByRole("link", { name: "Make teams" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/event/${game.id}/teams`);
    await expect.poll(() => page.getByText("From the 8 players checked in.").isVisible(), SERVER).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Make teams", exact: true }).click();
    await team(page, "Bibs").waitFor({ timeout: SERVER.timeout });
    const bibs = await playersOf(team(page, "Bibs"));
    const noBibs = await playersOf(team(page, "No bibs"));
    expect(bibs).toHaveLength(4);
    expect(noBibs).toHaveLength(4);
    expect([...bibs, ...noBibs].sort()).toEqual([...playing].sort());
    expect(bibs.filter((name) => name.endsWith("Keeper"))).toHaveLength(1);
    // People's words on the screen; the numbers behind a disclosure.
    expect(await team(page, "Bibs").getByText(/^Win chance \d+%$/).isVisible()).toBe(true);
    expect(await page.getByText(/^(Balanced: team strengths within|Uneven: the strongest team is) \d+%/).isVisible()).toBe(true);
    expect(await team(page, "Bibs").getByText(/±|Strength/).count()).toBe(0);
    // No horizontal scroll on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await screenshot(page, "teams-made-375");

    // Lock Ana where she is, re-roll: she stays.
    const anaTeam = bibs.includes("Ana Silva") ? "Bibs" : "No bibs";
    const lock = page.getByRole("button", { name: "Lock Ana Silva" });
    await lock.click();
    expect(await lock.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Re-roll" }).click();
    await expect.poll(() => page.getByText("Re-rolled: another of the best splits.").isVisible(), SERVER).toBe(true);
    expect(await playersOf(team(page, anaTeam))).toContain("Ana Silva");
    expect(await page.getByRole("button", { name: "Lock Ana Silva" }).getAttribute("aria-pressed")).toBe("true");

    // Swap two outfield players, one from each team, with the keyboard.
    const before = { Bibs: await playersOf(team(page, "Bibs")), "No bibs": await playersOf(team(page, "No bibs")) };
    const pick = (names: string[]) => names.find((name) => name !== "Ana Silva" && !name.endsWith("Keeper"))!;
    const fromBibs = pick(before.Bibs);
    const fromNoBibs = pick(before["No bibs"]);
    await page.getByRole("checkbox", { name: `Select ${fromBibs}` }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("checkbox", { name: `Select ${fromNoBibs}` }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Swap" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText(`Swapped ${fromBibs} and ${fromNoBibs}.`).isVisible()).toBe(true);
    const after = { Bibs: await playersOf(team(page, "Bibs")), "No bibs": await playersOf(team(page, "No bibs")) };
    expect(after.Bibs).toContain(fromNoBibs);
    expect(after["No bibs"]).toContain(fromBibs);

    // Publish.
    await page.getByRole("button", { name: "Publish teams" }).click();
    await expect.poll(() => page.getByText("Teams published: the players see their team on the game's page.").isVisible(), SERVER).toBe(true);
    expect(await page.getByRole("button", { name: "Published" }).isDisabled()).toBe(true);
    const saved = await database().query<{ name: string; team: number; locked: boolean }>(
      `select u.name, m.team, m.locked from team_member m join registration r on r.id = m.registration_id join "user" u on u.id = r.user_id where m.event_id = $1`,
      [game.id],
    );
    const savedTeam = (name: string) => saved.rows.find((row) => row.name === name)!.team;
    expect(saved.rows).toHaveLength(8);
    expect(savedTeam(fromNoBibs)).toBe(0);
    expect(savedTeam(fromBibs)).toBe(1);
    expect(saved.rows.find((row) => row.name === "Ana Silva")).toMatchObject({ team: anaTeam === "Bibs" ? 0 : 1, locked: true });
    await screenshot(page, "teams-published-375");

    // The player sees their team (and never a rating) on the game's page.
    const piaTeam = savedTeam("Pia Player") === 0 ? "Bibs" : "No bibs";
    const player = await newPage(PHONE);
    await login(player, pia);
    await player.goto(`/event/${game.id}`);
    await expect.poll(() => player.getByText(`Your team: ${piaTeam}`).isVisible(), SERVER).toBe(true);
    expect(await player.getByText("±").count()).toBe(0);
    expect(await player.getByText(/Strength|Win chance/).count()).toBe(0);
    await expectNoAxeViolations(player);
    await screenshot(player, "teams-player-sees-team-375");

    // The score, after kick-off.
    const result = page.getByRole("region", { name: "Result" });
    await result.getByLabel("Bibs goals", { exact: true }).fill("3");
    await result.getByLabel("No bibs goals", { exact: true }).fill("1");
    await result.getByRole("button", { name: "Save result" }).click();
    await expect.poll(() => page.getByText("Result saved. The ratings are updated.").isVisible(), SERVER).toBe(true);
    const scores = await database().query(`select team_a, team_b, goals_a, goals_b from game_score where event_id = $1`, [game.id]);
    expect(scores.rows).toEqual([{ team_a: 0, team_b: 1, goals_a: 3, goals_b: 1 }]);
    await expectNoAxeViolations(page);
    await screenshot(page, "teams-result-375");

    await player.reload();
    await expect.poll(() => player.getByText("Bibs 3 – 1 No bibs").isVisible(), SERVER).toBe(true);
  });

  it("a player brings a guest: checked in with them, the guest plays in a team on the admin's screen and on the game's page", async () => {
    // Kick-off in 30 minutes: check-in and teams are open, and a player can still join with a guest.
    const game = await seedGame(database(), { title: uniqueTitle("Guest Teams"), startsInHours: 0.5, includeGoalkeepers: true, maxPlayers: 12, maxGuestsPerPlayer: 1 });
    const pia = await createVerifiedUser({ firstName: "Pia", lastName: "Pitch" });
    const player = await newPage(PHONE);
    await login(player, pia);
    const joined = await joinGame(player, game, { role: "player", guests: [{ firstName: "Sam", lastName: undefined }] });
    expect(joined.registration.status).toBe("confirmed");
    const outfield = ["Ana Silva", "Ben Okafor", "Cid Moreau", "Dee Park", "Eli Stone"];
    await seedRegistrations(database(), game, outfield, { status: "confirmed" });
    await seedRegistrations(database(), game, ["Kim Keeper", "Lou Keeper"], { status: "confirmed", role: "goalkeeper" });
    const guest = "Sam (guest of Pia Pitch)";

    // Check-in: Pia, and Sam with her; everyone came.
    const page = await newPage(PHONE);
    await login(page, await adminAccount());
    await page.goto(`/event/${game.id}/check-in`);
    for (const name of ["Pia Pitch", ...outfield, "Kim Keeper", "Lou Keeper"]) {
      const toggle = page.getByRole("button", { name, exact: true });
      await toggle.waitFor({ timeout: SERVER.timeout });
      await toggle.tap();
    }
    await expect.poll(() => page.getByRole("status").filter({ hasText: /checked in$/ }).textContent(), SERVER).toBe("9 of 9 checked in");

    // Teams from the 9 checked in, Sam one of them: 7 outfield players (4 and 3) and a keeper each.
    await page.getByRole("link", { name: "Make teams" }).click();
    await expect.poll(() => page.getByText("From the 9 players checked in.").isVisible(), SERVER).toBe(true);
    await page.getByRole("button", { name: "Make teams", exact: true }).click();
    await team(page, "Bibs").waitFor({ timeout: SERVER.timeout });
    const bibs = await playersOf(team(page, "Bibs"));
    const noBibs = await playersOf(team(page, "No bibs"));
    expect([...bibs, ...noBibs].sort()).toEqual(["Pia Pitch", guest, ...outfield, "Kim Keeper", "Lou Keeper"].sort());
    expect([bibs.length, noBibs.length].sort()).toEqual([4, 5]);
    const samTeam = bibs.includes(guest) ? "Bibs" : "No bibs";
    // The guest's row says "guest" where a rating would be; no rough rating is offered for them.
    const samRow = team(page, samTeam).getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: `Select ${guest}` }) });
    expect(await samRow.getByText("guest", { exact: true }).isVisible()).toBe(true);
    expect(await samRow.getByText("±").count()).toBe(0);
    await page.getByText("Rough ratings").click();
    await page.getByLabel("Rough rating for Pia Pitch").waitFor();
    expect(await page.getByLabel(/Rough rating for Sam/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await screenshot(page, "teams-with-guest-375");

    await page.getByRole("button", { name: "Publish teams" }).click();
    await expect.poll(() => page.getByText("Teams published: the players see their team on the game's page.").isVisible(), SERVER).toBe(true);
    const saved = await database().query<{ team: number; first_name: string }>(
      `select m.team, g.first_name from team_member m join registration_guest g on g.id = m.guest_id where m.event_id = $1 and m.registration_id is null`,
      [game.id],
    );
    expect(saved.rows).toEqual([{ team: samTeam === "Bibs" ? 0 : 1, first_name: "Sam" }]);

    // The game's page: Pia's own team, and Sam listed in his, named as the page's lists name him.
    const piaTeam = bibs.includes("Pia Pitch") ? "Bibs" : "No bibs";
    await player.goto(`/event/${game.id}`);
    await expect.poll(() => player.getByText(`Your team: ${piaTeam}`).isVisible(), SERVER).toBe(true);
    const published = player.getByRole("region", { name: "Teams", exact: true });
    const samCard = published.locator("div").filter({ has: player.getByRole("heading", { name: samTeam, exact: true }) }).last();
    expect(await samCard.getByRole("listitem").filter({ hasText: guest }).count()).toBe(1);
    expect(await published.getByText("±").count()).toBe(0);
    await expectNoAxeViolations(player);
    await screenshot(player, "teams-player-sees-guest-375");
  });
});
