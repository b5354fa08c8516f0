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

/** Loaded, hydrated and taking input: main.tsx marks the root the server rendered once it is hydrated. */
async function hydrated(page: Page) {
  await expect.poll(() => page.evaluate(() => document.getElementById("root")?.hasAttribute("data-hydrated")), { timeout: 15_000 }).toBe(true);
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

  it("serves the code a rendered screen runs as it loads marked for compiling as it downloads (scripts/compile-hints.mjs)", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Compiled Game"), costCents: 0 });
    const page = await newPage();
    await login(page, await createVerifiedUser());
    const html = await firstHtml(page, `/event/${game.id}`);
    // As boot.js reads them: a name under /assets/, or a whole path.
    const modules = (/data-modules="([^"]+)"/.exec(html)?.[1]?.split(" ") ?? []).map((name) => (name.startsWith("/") ? name : `/assets/${name}`));
    const code = modules.filter((path) => !path.includes("/messages-"));
    // The main script's chunk and the game page's own, at least.
    expect(code.some((path) => path.includes("/common-"))).toBe(true);
    expect(code.some((path) => path.includes("/event-"))).toBe(true);
    for (const path of code) expect({ path, start: (await (await page.request.get(path)).text()).slice(0, 29) }).toEqual({ path, start: "//# allFunctionsCalledOnLoad\n" });
  });

  it("asks for its main script and every message area its screen names with the screen's modules, none a round trip later (boot.js)", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Preloaded Game"), costCents: 0 });
    const page = await newPage();
    await login(page, await createVerifiedUser());
    const html = await firstHtml(page, `/event/${game.id}`);
    const main = /data-main="([^"]+)"/.exec(html)![1]!;
    await page.goto(`/event/${game.id}`);
    await hydrated(page);
    // Asked for by boot.js's preload links, all at once after the first paint: not by the import that
    // starts the page (the main script), nor by the screen once it ran (the "shared" messages a game's
    // page names in screens.ts). (Chromium reports a module preload's initiator as "script", as an
    // import's, so the links are what tells.)
    const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname));
    expect(preloaded[0]).toBe(main);
    expect(preloaded.filter((path) => /^\/assets\/messages-en-shared-/.test(path))).toHaveLength(1);
  });

  it("loads Intl's locale data in a worker of its own while the screen's code downloads (boot.js, intl-warm.js)", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Warm Game"), costCents: 0 });
    const page = await newPage();
    await login(page, await createVerifiedUser());
    // Each worker of this page's from now on: the one boot.js starts says the data is loaded and ends.
    const warmed = new Promise<void>((resolve) =>
      page.on("worker", (worker) => {
        if (new URL(worker.url()).pathname === "/intl-warm.js") worker.on("close", () => resolve());
      }),
    );
    const served = page.waitForResponse((response) => new URL(response.url()).pathname === "/intl-warm.js");
    await page.goto(`/event/${game.id}`);
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
    await warmed;
    await hydrated(page);
    await page.getByRole("button", { name: "Join as Player" }).first().waitFor();
  });

  it("links the page's icon and manifest only after its first paint (boot.js)", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Icon Game"), costCents: 0 });
    const page = await newPage();
    await login(page, await createVerifiedUser());
    const html = await firstHtml(page, `/event/${game.id}`);
    // Inert in the page the server sent: a link in a template is fetched by no browser.
    expect(html).toContain('<template data-after-paint><link rel="icon" href="/icon.svg" type="image/svg+xml" /></template>');
    expect(html).toContain('<template data-after-paint><link rel="manifest" href="/manifest.webmanifest" /></template>');
    await page.goto(`/event/${game.id}`);
    await hydrated(page);
    // The page's own links in place of the empty icon (which keeps a browser from /favicon.ico), and what they name served.
    const links = await page.evaluate(() => [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=icon], link[rel=manifest]")].map((link) => `${link.rel} ${link.href.startsWith("data:") ? link.href : new URL(link.href).pathname}`));
    expect(links).toEqual(["icon /icon.svg", "manifest /manifest.webmanifest"]);
    expect(((await (await page.request.get("/manifest.webmanifest")).json()) as { name: string }).name).toBe("Kickoff");
    expect((await page.request.get("/icon.svg")).headers()["content-type"]).toMatch(/^image\/svg\+xml/);
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

  it("renders a shared game's login screen on a first visit, in the game's zone named, and lands on the game after login", async () => {
    // A zone whose clock Node's and Chromium's time-zone data agree on (they differ on Canada's, whose
    // provinces have since left standard time in one and not yet in the other).
    const game = await seedGame(db(), { title: uniqueTitle("Shared Game"), timeZone: "America/Denver" });
    const user = await createVerifiedUser();
    const page = await newPage({ width: 375, height: 800 });
    const problems = consoleProblems(page);
    // A first visit: no device cookie, signed out.
    const html = await firstHtml(page, `/event/${game.id}`);
    expect(html).toContain('id="server-render"');
    expect(html).toContain("Log in to join this game");
    expect(html).toContain(game.title);
    expect(html).toContain("(Mountain Time)");
    // Its link preview is still there for the chat apps.
    expect(html).toContain(`og:title" content="${game.title}"`);
    await page.goto(`/event/${game.id}`);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("heading", { name: game.title }).waitFor();
    await login(page, user);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/event/${game.id}`);
    expect(problems).toEqual([]);
  });

  it("holds a tap made before the page is hydrated, says it is getting ready, and makes it once it is", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Early Tap Game"), costCents: 1500 });
    // No service worker: once it has kept the scripts (sw.js), it serves them itself and the route
    // below, which holds the main script back, never sees them; the page then hydrated before the tap.
    const page = await newPage({ width: 375, height: 800, serviceWorkers: "block" });
    await login(page, await createVerifiedUser());
    // The main script held back, so the tap comes before hydration whatever the machine's speed.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/event/${game.id}`);
    // The root is inert until hydrated: a person's tap, at the button's place, reaches the page around it.
    const button = (await page.getByRole("button", { name: "Join as Player", includeHidden: true }).first().boundingBox())!;
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await page.getByRole("status").filter({ hasText: "Getting ready…" }).waitFor();
    release();
    await hydrated(page);
    await page.getByRole("dialog").waitFor();
    await expect.poll(() => page.getByText("Getting ready…").count()).toBe(0);
    await page.unrouteAll();
  });

  it("hydrates a page rendered for a wider screen than the phone's as the server drew it, then lays it out for the phone", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Turned Phone Game"), costCents: 0 });
    // The device cookie is written at the login, wide; the screen is then a phone's. The app is left
    // first, so that no effect of its page still to run writes the cookie again at the new width.
    const page = await newPage({ width: 1280, height: 800 });
    await login(page, await createVerifiedUser());
    await page.goto("about:blank");
    await page.setViewportSize({ width: 375, height: 800 });
    const problems = consoleProblems(page);
    const html = await (await page.goto(`/event/${game.id}`))!.text();
    expect(html).toContain('id="server-render"');
    expect(html).not.toContain('aria-label="Event actions"');
    await hydrated(page);
    // Every part hydrated as the server drew it (a part rendered for the phone before its turn is a
    // console error: lib/hydrate-later.tsx), and only then the phone's bar of actions.
    await page.getByRole("region", { name: "Event actions" }).getByRole("button", { name: "Join as Player" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("draws a page rendered for another zone than the device's again in the device's, once hydrated", async () => {
    const game = await seedGame(db(), { title: uniqueTitle("Moved Zone Game"), timeZone: "UTC" });
    // The device cookie is written in Tokyo at the login; the same browser then opens the game in New York.
    const tokyo = await newPage({ width: 1280, height: 800, timezoneId: "Asia/Tokyo" });
    await login(tokyo, await createVerifiedUser());
    const storageState = await tokyo.context().storageState();
    const newYork = await newPage({ width: 1280, height: 800, timezoneId: "America/New_York", storageState });
    const problems = consoleProblems(newYork);
    const html = await (await newYork.goto(`/event/${game.id}`))!.text();
    expect(html).toContain("(Japan Standard Time)");
    await hydrated(newYork);
    // The screen's clock moves at once here (use-now.ts): its times are drawn in the device's zone.
    const yourTime = newYork.getByRole("term").filter({ hasText: /^Your Time$/ }).locator("xpath=following-sibling::dd[1]");
    await expect.poll(() => yourTime.textContent()).toMatch(/\(Eastern Time\)$/);
    expect(problems).toEqual([]);
  });

  it("renders a signed-in page in the browser when the server does not know the device yet (no device cookie)", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser());
    // Off the app first: an effect of its page still to run would write the cookie again.
    await page.goto("about:blank");
    await page.context().clearCookies({ name: "kickoff_view" });
    const html = await firstHtml(page, "/");
    expect(html).not.toContain('id="server-render"');
    expect(html).toContain("Loading...");
  });
});
