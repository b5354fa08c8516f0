import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { VIEWER_DEVICE_COOKIE, viewerDeviceFromCookieHeader, writeViewerDevice } from "#shared/viewer-device.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expectConsoleError, screenshot, useBrowser } from "./support/browser.ts";
import { adminAccount, joinGame, type SeededGame, seedGame, useDatabase } from "./support/games.ts";
import { holdTheClock } from "./support/notice.ts";

const { newPage } = useBrowser();
const db = useDatabase();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });
const run = Date.now().toString(36);

/** One unbroken word of `length` letters, starting with `prefix`: what a pasted URL or a long surname does to a layout. */
const unbroken = (prefix: string, length = 120) => (prefix + "abcdefghijklmnopqrstuvwxyz".repeat(10)).slice(0, length);

/** A phone (mobile emulation: the viewport meta applies, as on a real phone) or a desktop window. */
const screenAt = (width: number): { width: number; height: number } & Omit<BrowserContextOptions, "baseURL" | "viewport"> =>
  width < 1024 ? { width, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { width, height: 900 };

interface LongFixture {
  game: SeededGame;
  venue: string;
  name: string;
  email: string;
  storageState: StorageState;
}

let longFixture: Promise<LongFixture> | undefined;

/**
 * A game whose title and venue are 120-letter words, and a signed-up player on it whose first and
 * last names are too (written to the database: the forms cap names at 80) with a long email. Made
 * once; every test opens pages with the player's saved session instead of signing in again.
 */
function longTextFixture(): Promise<LongFixture> {
  longFixture ??= (async () => {
    const venue = unbroken(`Venue${run}`);
    const game = await seedGame(db(), { title: unbroken(`Title${run}`), locationName: venue });
    const email = `${unbroken(`mail${run}`, 60)}@${unbroken("averylongdomainname", 60)}.example.com`;
    const user = await createVerifiedUser({ email, firstName: "Long", lastName: "Name" });
    const [firstName, lastName] = [unbroken(`First${run}`), unbroken(`Last${run}`)];
    await db().query(`update "user" set first_name = $1, last_name = $2, name = $3 where email = $4`, [firstName, lastName, `${firstName} ${lastName}`, email]);
    const page = await newPage();
    await login(page, user);
    await joinGame(page, game, { role: "player" });
    const storageState = await page.context().storageState();
    await page.context().close();
    return { game, venue, name: `${firstName} ${lastName}`, email, storageState };
  })();
  return longFixture;
}

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * The signed-in state as a device of this width holds it. The app keeps its device cookie (zone,
 * narrow or wide) matching the screen it runs on, and the server renders the first screen for that
 * device; the fixture's state was saved on a desktop page. Reused as it is at 320 px, the page
 * arrived rendered for a desktop and re-rendered its list for a phone after hydration, and an
 * element read in between was already out of the page.
 */
function stateFor(state: StorageState, screen: { width: number; timeZone?: string }): StorageState {
  const cookies = state.cookies.map((cookie) => {
    if (cookie.name !== VIEWER_DEVICE_COOKIE) return cookie;
    const device = viewerDeviceFromCookieHeader(`${cookie.name}=${cookie.value}`);
    return device ? { ...cookie, value: writeViewerDevice({ timeZone: screen.timeZone ?? device.timeZone, narrow: screen.width <= 640 }) } : cookie;
  });
  return { ...state, cookies };
}

/**
 * The page is as wide as the screen. A mobile browser widens its layout viewport (and innerWidth) to
 * fit content that overflows, so the page's own width is compared with the width we set.
 */
async function expectNoSidewaysScroll(page: Page, width: number, screen: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${screen} at ${width} px`).toBeLessThanOrEqual(width);
}

/** Whether the element's text is cut off sideways (wider than its box and clipped). */
const cutOffSideways = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => element.scrollWidth > element.clientWidth);

describe("long titles, venues, names and emails", () => {
  for (const width of [320, 375, 1440]) {
    it(`wrap or truncate on every screen at ${width} px, without sideways scrolling`, async () => {
      const { game, venue, name, storageState } = await longTextFixture();
      const page = await newPage({ ...screenAt(width), storageState: stateFor(storageState, { width }) });

      await page.goto("/");
      const card = page.getByRole("article", { name: game.title });
      await card.waitFor();
      await expectNoSidewaysScroll(page, width, "home");
      // The card's title is two lines at most, with the rest of it clamped (the full title is still its name).
      const title = await card.getByRole("heading", { name: game.title }).evaluate((heading) => ({
        lines: heading.getBoundingClientRect().height / parseFloat(getComputedStyle(heading).lineHeight),
        clamped: heading.scrollHeight > heading.clientHeight,
      }));
      expect(title.lines).toBeLessThanOrEqual(2.01);
      expect(title.clamped).toBe(true);

      await menuButton(page).click();
      const nameItem = page.getByRole("menuitem", { name });
      await nameItem.waitFor();
      await expectNoSidewaysScroll(page, width, "the header menu");
      // The name is cut to one line inside the menu, and the menu stays on the screen.
      const box = (await nameItem.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height, "one line, as the other items").toBe((await page.getByRole("menuitem", { name: "Your Events" }).boundingBox())!.height);
      await screenshot(page, `layout-home-menu-${width}`);
      await page.keyboard.press("Escape");

      await page.goto(`/event/${game.id}`);
      await page.getByRole("heading", { level: 1, name: game.title }).waitFor();
      await page.getByRole("region", { name: "Players" }).getByText(name).waitFor();
      await expectNoSidewaysScroll(page, width, "event page");
      expect(await cutOffSideways(page, "h1"), "the event's title is cut off").toBe(false);
      expect(await page.getByText(venue).first().isVisible()).toBe(true);
      // The dialogs that name the game wrap its title inside them too.
      await page.getByRole("button", { name: "Cancel Registration" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm Cancellation" });
      const question = dialog.getByText(`Cancel your registration for ${game.title}?`);
      await question.waitFor();
      const [questionBox, dialogBox] = [(await question.boundingBox())!, (await dialog.boundingBox())!];
      expect(questionBox.x + questionBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      await dialog.getByRole("button", { name: "Keep my spot" }).click();
      await dialog.waitFor({ state: "detached" });
      await screenshot(page, `layout-event-${width}`);

      await page.goto("/your-events");
      await page.getByRole("link", { name: game.title }).waitFor();
      await expectNoSidewaysScroll(page, width, "Your Events");

      await page.goto("/profile");
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await expectNoSidewaysScroll(page, width, "profile");
    });
  }

  it("the verify screen wraps a long email, and keeps a short one whole on its line", async () => {
    const { email } = await longTextFixture();
    for (const [address, onOneLine] of [
      [email, false],
      ["sam.keeper@example.com", true],
    ] as const) {
      const page = await newPage(screenAt(320));
      await page.addInitScript((pending) => sessionStorage.setItem("kickoff.pendingEmail", pending), address);
      await page.goto("/verify-email");
      const shown = page.getByText(address, { exact: true });
      await shown.waitFor();
      await expectNoSidewaysScroll(page, 320, "verify screen");
      // One line box: the address is not broken in the middle while it fits on a line of its own.
      const lineBoxes = await shown.evaluate((element) => element.getClientRects().length);
      if (onOneLine) expect(lineBoxes).toBe(1);
      else expect(lineBoxes).toBeGreaterThan(1);
      await page.context().close();
    }
  });
});

describe("the notification banner on phones", () => {
  it("leaves the header and its open menu uncovered", async () => {
    const { name, storageState } = await longTextFixture();
    const page = await newPage({ ...screenAt(375), storageState: stateFor(storageState, { width: 375 }) });
    await page.clock.install();
    await page.goto("/");
    const banner = page.getByRole("status").filter({ hasText: "You are logged in!" });
    await banner.getByText("You are logged in!").waitFor();
    // The banner hides itself after 2.5 s: the clock stands still while it is looked at.
    await holdTheClock(page);

    await menuButton(page).click();
    await page.getByRole("menuitem", { name }).waitFor();
    const bannerBox = (await banner.getByRole("button", { name: "Close notification" }).locator("..").boundingBox())!;
    const headerBox = (await page.getByRole("banner").boundingBox())!;
    expect(bannerBox.y, "the banner starts below the header").toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    // What a tap on each menu item reaches is that item, not the banner.
    for (const item of await page.getByRole("menuitem").all()) {
      const onTop = await item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      });
      expect(onTop, (await item.textContent()) ?? "").toBe(true);
    }
  });

  it("stands above a game's bottom bar, which sets its height on the notices alone", async () => {
    const { game, storageState } = await longTextFixture();
    const page = await newPage({ ...screenAt(375), storageState: stateFor(storageState, { width: 375 }) });
    await page.clock.install();
    // The first page of a new tab greets the signed-in player: the notice to look at.
    await page.goto(`/event/${game.id}`);
    const banner = page.getByRole("status").filter({ hasText: "You are logged in!" });
    await banner.getByText("You are logged in!").waitFor();
    await holdTheClock(page);

    const bar = page.getByRole("region", { name: "Event actions" });
    const noticeBox = (await banner.getByRole("button", { name: "Close notification" }).locator("..").boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeGreaterThan(0);
    expect(noticeBox.y + noticeBox.height, "the notice ends above the bar").toBeLessThanOrEqual(barBox.y);
    // Set on the root, the variable made the browser compute every element's style again (bottom-bar.tsx).
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--bottom-bar-height"))).toBe("");
    expect(await banner.evaluate((region) => region.style.getPropertyValue("--bottom-bar-height"))).toBe(`${Math.round(barBox.height)}px`);
  });
});

describe("the event page", () => {
  const dateFormat = (timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" });
  const hours = (event: EventDetail, timeZone: string) => {
    const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
    return `${time.format(new Date(event.startsAt))} - ${time.format(new Date(event.endsAt))}`.replace(/\u202f/g, " ");
  };
  const fact = (page: Page, term: string) => page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");

  it("shows the weekday with the date, names the game's zone when the viewer's differs, and links to directions", async () => {
    const { storageState } = await longTextFixture();
    const game = await seedGame(db(), { title: `Zone Game ${run}`, timeZone: "UTC" });

    const away = await newPage({ storageState: stateFor(storageState, { width: 1280, timeZone: "America/New_York" }), timezoneId: "America/New_York" });
    await away.goto(`/event/${game.id}`);
    await away.getByRole("heading", { level: 1, name: game.title }).waitFor();
    const { event } = (await (await away.request.get(`/api/events/${game.id}`)).json()) as { event: EventDetail };
    expect(await fact(away, "Date").textContent()).toBe(dateFormat("UTC").format(new Date(event.startsAt)));
    expect(await fact(away, "Time").textContent()).toBe(`${hours(event, "UTC")} (UTC)`);
    expect(await fact(away, "Your Time").textContent()).toMatch(new RegExp(`, ${hours(event, "America/New_York")} \\(Eastern Time\\)$`));

    const directions = away.getByRole("link", { name: /Get directions/ });
    expect(await directions.getAttribute("href")).toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${event.latitude},${event.longitude}`)}`);
    expect(await directions.getAttribute("target")).toBe("_blank");
    expect(await directions.getAttribute("rel")).toContain("noopener");
    await expectNoAxeViolations(away);

    const home = await newPage({ storageState, timezoneId: "UTC" });
    await home.goto(`/event/${game.id}`);
    await home.getByRole("heading", { level: 1, name: game.title }).waitFor();
    expect(await fact(home, "Time").textContent()).toBe(hours(event, "UTC"));
    expect(await home.getByRole("term").filter({ hasText: "Your Time" }).count()).toBe(0);
  });

  it("says 'Event not found.' with the look and the way home of the app's 404 page", async () => {
    const { storageState } = await longTextFixture();
    const page = await newPage({ storageState });
    const look = async () => {
      const heading = page.getByRole("heading", { level: 1 });
      const link = page.getByRole("main").getByRole("link", { name: "Back to Events" });
      expect(await link.getAttribute("href")).toBe("/");
      const style = (element: Element) => {
        const css = getComputedStyle(element);
        return { fontSize: css.fontSize, fontWeight: css.fontWeight, color: css.color, background: css.backgroundColor };
      };
      return { heading: await heading.evaluate(style), link: await link.evaluate(style) };
    };

    await page.goto("/no-such-page");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    const notFoundPage = await look();

    await page.goto("/event/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { level: 1, name: "Event not found." }).waitFor();
    expect(await look()).toEqual(notFoundPage);
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Back to Events" }).click();
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(pathOf(page)).toBe("/");
  });
});

describe("a page drawn in the browser", () => {
  it("shows a spinner while its screen's code comes, then the screen and its footer, so nothing moves (no layout shift)", async () => {
    const page = await newPage({ width: 412, height: 823, isMobile: true, hasTouch: true });
    // Every layout shift the page makes, with what moved (a shift just after input would not count).
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
          if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((source) => source.node?.nodeName ?? "?").join(",")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The screen's code arrives late, as on a slow phone: the shell (its spinner) is drawn first.
    await page.route(/\/assets\/privacy-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto("/privacy");
    // Meanwhile the screen says it is loading (not an empty page), and no footer stands under it.
    await page.getByRole("main").getByRole("status").filter({ hasText: "Loading" }).waitFor();
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    await page.getByRole("contentinfo").waitFor();
    expect(await page.getByRole("main").getByRole("status").count()).toBe(0);
    // Two frames after the footer, where a shift would be recorded.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });

  it("keeps its footer, the language switch in it, when its first screen cannot load", async () => {
    expectConsoleError(/Failed to fetch dynamically imported module: .*\/assets\/privacy-/);
    // No service worker: the blocked file must stay blocked (the worker's own fetches are not routed).
    const page = await newPage({ serviceWorkers: "block" });
    await page.context().route(/\/assets\/privacy-[^/]+\.js$/, (route) => route.abort("failed"));
    // The page is loaded again once (a new version's files?), then the screen says it failed.
    await page.goto("/privacy");
    await page.getByRole("main").getByRole("heading", { name: "Something went wrong" }).waitFor();
    await page.getByRole("contentinfo").getByRole("combobox", { name: "Language" }).waitFor();
  });
});

describe("empty states and account deletion", () => {
  const noUpcomingGames = (page: Page) =>
    page.route("**/api/events?scope=upcoming", (route) => route.fulfill({ json: { events: [] } }));

  it("a player's empty Your Events leads to the games; the empty home offers no admin action to a player", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser());
    await page.goto("/your-events");
    await page.getByText("You are not participating in any current events.").waitFor();
    await page.getByRole("link", { name: "See Available Events" }).click();
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(pathOf(page)).toBe("/");

    await noUpcomingGames(page);
    await page.reload();
    await page.getByText("No Current Events").waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Create New Event" }).count()).toBe(0);
  });

  it("the admin's empty home invites them to create the first game", async () => {
    const page = await newPage();
    await noUpcomingGames(page);
    await login(page, await adminAccount());
    await page.getByText("No games yet").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Create New Event" }).click();
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    expect(pathOf(page)).toBe("/admin/create-event");
  });

  it("asks to confirm account deletion in the app's own dialog, with the product's words; Cancel or a refusal keeps the account", async () => {
    const user = await createVerifiedUser();
    const page = await newPage(screenAt(375));
    const browserDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await login(page, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Delete Account" });
    await section.getByLabel("Current Password").fill(user.password);
    await section.getByRole("button", { name: "Delete My Account" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm Account Deletion" });
    await dialog.getByText("Are you sure you want to delete your account? This action cannot be undone.", { exact: true }).waitFor();
    await expectNoAxeViolations(page, dialog);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(browserDialogs).toEqual([]);
    expect((await page.request.get("/api/me")).status()).toBe(200);

    // A refused deletion (a mistyped password) goes back to the form, where the password is corrected.
    await section.getByLabel("Current Password").fill("not-my-password");
    await section.getByRole("button", { name: "Delete My Account" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    await section.getByText(/^Failed to delete account: /).waitFor();
    expect(browserDialogs).toEqual([]);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: user.name }).waitFor();
  });
});

describe("in French (docs/languages.md)", () => {
  it("a French browser gets French on its first visit, and nothing overflows at 320 px, signed out or in", async () => {
    const game = await seedGame(db(), { title: unbroken(`Partie${run}`), locationName: unbroken(`Parc${run}`) });
    const user = await createVerifiedUser();
    const page = await newPage({ ...screenAt(320), locale: "fr-CA" });

    await page.goto("/");
    const language = page.getByRole("combobox", { name: "Langue" });
    await expect.poll(() => language.inputValue()).toBe("fr");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-CA");
    await expectNoSidewaysScroll(page, 320, "login, in French");
    await expectNoAxeViolations(page);

    await login(page, user);
    await page.getByRole("article", { name: game.title }).waitFor();
    await page.getByText("Tous droits réservés").waitFor();
    await expectNoSidewaysScroll(page, 320, "home, in French");
    await expectNoAxeViolations(page);
    await screenshot(page, "layout-home-fr-320");

    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { level: 1, name: game.title }).waitFor();
    await expectNoSidewaysScroll(page, 320, "event page, in French");
    await expectNoAxeViolations(page);

    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Langue" });
    await expect.poll(() => section.getByRole("combobox", { name: "Langue de l’application et de vos courriels" }).inputValue()).toBe("fr");
    await expectNoSidewaysScroll(page, 320, "profile, in French");
    await expectNoAxeViolations(page);
    await screenshot(page, "layout-profile-fr-320");
  });
});
