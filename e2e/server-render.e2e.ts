import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectConsoleError, useBrowser } from "./support/browser.ts";
import { joinGame, seedGame, uniqueTitle, useDatabase } from "./support/games.ts";

const { newPage } = useBrowser();
const db = useDatabase();

/** The page's HTML as the server sends it for this browser's cookies, before any script runs. */
async function firstHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: "text/html" } });
  expect(response.status()).toBe(200);
  return response.text();
}

/** Console errors and warnings from now on (React reports a hydration that did not match as one). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Loaded, hydrated and taking input: the root the server rendered is no longer inert. */
async function hydrated(page: Page) {
  await expect.poll(() => page.evaluate(() => document.getElementById("root")?.hasAttribute("inert")), { timeout: 15_000 }).toBe(false);
}

describe("the first screen arrives as HTML", () => {
  it("renders home and a game's page for the viewer signed in, and never another viewer's", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Rendered Game"), costCents: 0 });
    const ann = await createVerifiedUser({ firstName: "Annick", lastName: "Renders" });
    const bob = await createVerifiedUser({ firstName: "Bastien", lastName: "Views" });
    const annPage = await newPage();
    await login(annPage, ann);
    await joinGame(annPage, game, { role: "player" });
    const bobPage = await newPage({ width: 375, height: 740 });
    await login(bobPage, bob);

    const annHome = await firstHtml(annPage, "/");
    expect(annHome).toContain('id="server-render"');
    expect(annHome).toContain("Available Events");
    expect(annHome).toContain(game.title);
    expect(annHome).toContain("Annick");
    expect(annHome).not.toContain("Bastien");
    const bobHome = await firstHtml(bobPage, "/");
    expect(bobHome).toContain(game.title);
    expect(bobHome).toContain("Bastien");
    expect(bobHome).not.toContain("Annick");

    // On the game's page Ann is in the list and has a spot; Bob sees her name in the list, not her spot.
    const annEvent = await firstHtml(annPage, `/event/${game.id}`);
    expect(annEvent).toContain(`<h1`);
    expect(annEvent).toContain(game.title);
    expect(annEvent).toMatch(/You(&#x27;|')re in|Cancel Registration/);
    const bobEvent = await firstHtml(bobPage, `/event/${game.id}`);
    expect(bobEvent).toContain(game.title);
    expect(bobEvent).toContain("Join as Player");
    expect(bobEvent).not.toContain("Cancel Registration");
    // Never kept by a shared cache.
    const headers = (await annPage.request.get(`/event/${game.id}`)).headers();
    expect(headers["cache-control"]).toContain("private");
    expect(headers.vary).toMatch(/cookie/i);
  });

  it("hydrates home and a game's page without a console error or warning, and then takes input", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Hydrated Game"), costCents: 1500 });
    for (const width of [1280, 375]) {
      const page = await newPage({ width, height: 800 });
      await login(page, await createVerifiedUser());
      const problems = consoleProblems(page);
      // Rendered by the server: the device cookie was set by the login's page load.
      expect(await (await page.goto("/"))!.text()).toContain('id="server-render"');
      await hydrated(page);
      await page.getByRole("heading", { name: "Available Events" }).waitFor();
      expect(await (await page.goto(`/event/${game.id}`))!.text()).toContain('id="server-render"');
      await hydrated(page);
      await page.getByRole("button", { name: "Join as Player" }).first().click();
      await page.getByRole("dialog").waitFor();
      expect(problems).toEqual([]);
    }
  });

  it("hydrates the login screen it sent after a logout and an unknown game's link, without a page error (React #418)", async () => {
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await createVerifiedUser({ firstName: "Lou", lastName: "Leaves" }));
    await page.getByRole("button", { name: /open menu/i }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.getByRole("button", { name: "Login" }).waitFor();

    // Signed out, the device cookie kept: the link of a game that does not exist, then home.
    expectConsoleError(/status of 404/);
    await page.goto(`/event/${crypto.randomUUID()}`);
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(await (await page.goto("/"))!.text()).toContain('id="server-render"');
    await hydrated(page);
    await page.getByRole("button", { name: "Login" }).waitFor();
    // The guard in support/browser.ts fails this test on any page or console error.
  });

  it("renders the page in the browser when the server cannot say who is signed in (no device cookie yet)", async () => {
    const page = await newPage();
    const html = await firstHtml(page, "/");
    expect(html).not.toContain('id="server-render"');
    expect(html).toContain("Loading...");
  });
});
