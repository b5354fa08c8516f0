import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { createVerifiedUser, login, PASSWORD } from "./support/accounts.ts";
import { expectConsoleError, useBrowser } from "./support/browser.ts";
import { ADMIN_EMAIL } from "./support/global-setup.ts";
import { boxesWhileNoticeShows, closeNotice, holdTheClock } from "./support/notice.ts";

const { newPage } = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });
/** The visible text of whatever has the keyboard focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

/** The admin account (ADMIN_EMAILS); another spec file may already have signed it up. */
async function admin() {
  return createVerifiedUser({ email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" }).catch((error: unknown) => {
    if (error instanceof Error && /sign-up failed: 422/.test(error.message)) return { email: ADMIN_EMAIL, password: PASSWORD };
    throw error;
  });
}

async function createGame(title: string): Promise<EventDetail> {
  const page = await newPage();
  await login(page, await admin());
  const date = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 5);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
  });
  const response = await page.request.post("/api/events", {
    data: {
      title,
      date,
      time: "19:00",
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      durationHours: 1,
      durationMinutes: 0,
      location: { name: "Central Sports Ground, 5 Main Street, Springfield", latitude: 40.7505, longitude: -73.9934 },
      cost: "0",
      maxPlayers: 10,
    },
  });
  expect(response.status()).toBe(201);
  await page.close();
  return ((await response.json()) as { event: EventDetail }).event;
}

describe("session", () => {
  it("logs out on the first activity after the idle limit passed unseen (a laptop woken from sleep)", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser());
    // While a laptop sleeps no timer runs: the 60-second check has not fired, and the stored expiry is past.
    await page.evaluate(() => localStorage.setItem("sessionExpiration", String(Date.now() - 1_000)));
    await page.mouse.move(200, 300);
    await page.mouse.move(240, 340);
    await page.getByText("You are logged out").waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(await menuButton(page).count()).toBe(0);
  });

  it("logs out after 10 minutes without activity, checked every minute; activity renews the session", async () => {
    const page = await newPage();
    await page.clock.install();
    await login(page, await createVerifiedUser());
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

    await page.clock.runFor("09:00");
    await page.mouse.move(200, 300);
    await page.mouse.move(240, 340);
    await page.clock.runFor("09:50");
    expect(await menuButton(page).isVisible()).toBe(true);

    // Ten minutes after the last move, at the next once-a-minute check.
    await page.clock.runFor("01:15");
    // Let time flow again for what follows the expiry (the app's data layer batches with timers).
    await page.clock.resume();
    await page.getByText("You are logged out").waitFor();
    await page.getByRole("button", { name: "Login" }).waitFor();
  });

  it("sends a user whose session the server ended to the login screen, and back to the event after login", async () => {
    const game = await createGame(`Session Ended Game ${Date.now().toString(36)}`);
    const player = await createVerifiedUser();
    const page = await newPage();
    // The home stream opens after the screen (its code comes later) and, opening, has the viewer's
    // places read again (follow-home.ts). Opened after the cookie is gone, that read would find the
    // session ended on its own and show the login screen before the test's tap: this page has none.
    await page.route("**/api/events/stream", (route) => route.abort());
    await login(page, player);
    const card = page.getByRole("article", { name: game.title });
    await card.waitFor();

    // The server no longer knows this browser (idle limit, signed out elsewhere): its cookie is gone.
    await page.context().clearCookies();
    await card.getByRole("link", { name: "Register" }).click();
    await page.getByRole("button", { name: "Login" }).waitFor({ timeout: 10_000 });
    expect(pathOf(page)).toBe("/");
    expect(await page.getByText("The event could not be loaded.").count()).toBe(0);

    await login(page, player);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(`/event/${game.id}`);
  });
});

describe("verify email", () => {
  it("logs out from the verify screen as from the header menu: the banner, then the login screen", async () => {
    const page = await newPage();
    const user = await createVerifiedUser();
    await login(page, user);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Update Email" }).click();
    const section = page.getByRole("region", { name: "Update Email" });
    await section.getByLabel("Current Password").fill(user.password);
    await section.getByLabel("New Email Address").fill(`moved-${Date.now().toString(36)}@example.com`);
    await section.getByRole("button", { name: "Save New Email" }).click();
    await page.getByRole("heading", { name: "Verify your email" }).waitFor();

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.getByText("You are logged out").waitFor();
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(pathOf(page)).toBe("/");
  });
});

describe("navigation", () => {
  it("works the header menu from the keyboard", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser({ firstName: "Kim", lastName: "Keys" }));
    // The signed-in screen took the focus as it was drawn, with the header (app-shell.tsx), not a
    // frame later, when it could take it back from the button focused below.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    const button = menuButton(page);

    // The menu's code is fetched once the header shows (header.tsx): it opens when that has come,
    // with the focus moved before its first paint.
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect(await focusedText(page)).toBe("Kim Keys");
    await page.keyboard.press("ArrowDown");
    expect(await focusedText(page)).toBe("Your Events");
    await page.keyboard.press("End");
    expect(await focusedText(page)).toBe("Log Out");
    await page.keyboard.press("ArrowDown");
    expect(await focusedText(page)).toBe("Kim Keys");
    await page.keyboard.press("ArrowUp");
    expect(await focusedText(page)).toBe("Log Out");

    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    // ArrowUp on the button opens the menu at its last item; Tab closes it.
    await page.keyboard.press("ArrowUp");
    await page.getByRole("menu").waitFor();
    expect(await focusedText(page)).toBe("Log Out");
    await page.keyboard.press("Tab");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("menu").count()).toBe(0);

    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect(await focusedText(page)).toBe("Kim Keys");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Your Events", level: 1 }).waitFor();
    expect(pathOf(page)).toBe("/your-events");
  });

  it("names the tab after the screen, starts a new screen at its top and moves the focus to it", async () => {
    const page = await newPage({ width: 375, height: 700 });
    await login(page, await createVerifiedUser());
    expect(await page.title()).toBe("Kickoff");

    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Your Events" }).click();
    await page.getByRole("heading", { name: "Your Events", level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe("Your Events · Kickoff");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

    await page.goto("/profile");
    await page.getByRole("heading", { name: "Update Name" }).waitFor();
    expect(await page.title()).toBe("Profile · Kickoff");
    const privacyLink = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
    await privacyLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await privacyLink.click();
    await page.getByRole("heading", { name: "Privacy Policy", level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe("Privacy Policy · Kickoff");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

    const game = await createGame(`Titled Game ${Date.now().toString(36)}`);
    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    // The same title the server gives the page for link previews.
    expect(await page.title()).toBe(`${game.title} · Kickoff`);
  });
});

describe("notification banner", () => {
  it("hides itself after 2.5 seconds, fading out over 300 ms, or at once with its close button", async () => {
    const page = await newPage();
    await page.clock.install();
    await login(page, await createVerifiedUser());
    const close = page.getByRole("button", { name: "Close notification" });
    await close.click();
    await close.waitFor({ state: "detached" });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    const banner = page.getByText("You are logged out");
    await banner.waitFor();
    await page.clock.runFor(2_490);
    expect(await banner.isVisible()).toBe(true);
    await page.clock.runFor(290); // 2.78 s: fading
    expect(await banner.count()).toBe(1);
    await page.clock.runFor(30); // 2.81 s: gone
    await banner.waitFor({ state: "detached" });
  });

  it("stays while the pointer is on it or focus is in it, and hides 2.5 s after it is let go", async () => {
    const page = await newPage();
    await page.clock.install();
    await login(page, await createVerifiedUser());
    await closeNotice(page);
    // The clock stands still from before the banner looked at comes: only runFor moves it.
    await holdTheClock(page);
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    const banner = page.getByRole("status").filter({ hasText: "You are logged out" });
    const close = banner.getByRole("button", { name: "Close notification" });

    await banner.getByText("You are logged out").hover();
    await page.clock.runFor(10_000);
    expect(await close.isVisible(), "under the pointer after 10 s").toBe(true);
    await page.mouse.move(0, 700);
    await page.clock.runFor(2_490);
    expect(await close.isVisible(), "2.49 s after the pointer left").toBe(true);

    await close.focus();
    await page.clock.runFor(10_000);
    expect(await close.isVisible(), "with focus on its button after 10 s").toBe(true);
    await close.blur();
    await page.clock.runFor(2_810);
    await close.waitFor({ state: "detached" });
  });

  for (const width of [375, 800, 1280]) {
    it(`leaves the header's menu free to use while it shows, at ${width} px`, async () => {
      const page = await newPage({ width, height: 800 });
      await login(page, await createVerifiedUser());
      // Read in the page while the banner shows, which is 2.5 s (e2e/support/notice.ts).
      const { notice, menu } = await boxesWhileNoticeShows(page, "You are logged in!", { menu: 'header button[aria-haspopup="menu"]' });
      expect(menu, "the header's menu button").not.toBeNull();
      const overlaps = notice.x < menu!.x + menu!.width && menu!.x < notice.x + notice.width && notice.y < menu!.y + menu!.height && menu!.y < notice.y + notice.height;
      expect(overlaps).toBe(false);
    });
  }
});

describe("new versions and failures", () => {
  it("loads the new version when a screen's file is gone after a deploy, and keeps the header when a screen cannot load", async () => {
    // The screen that cannot load is reported on the console, as the app does for any such failure.
    expectConsoleError(/Failed to fetch dynamically imported module: .*\/assets\/profile-/);
    // The stale file answered with the HTML page: the browser refuses it as a module, and says so.
    expectConsoleError(/Failed to load module script: .*\/assets\/your-events-/);
    const page = await newPage();
    await login(page, await createVerifiedUser({ firstName: "Dee", lastName: "Ploy" }));

    // The open page still knows the old file names; the server now answers them with its HTML page.
    let stale = 1;
    await page.context().route("**/assets/your-events-*.js", (route) =>
      stale-- > 0 ? route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Kickoff</title>" }) : route.continue(),
    );
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Your Events" }).click();
    await page.getByRole("heading", { name: "Your Events", level: 1 }).waitFor();
    expect(pathOf(page)).toBe("/your-events");

    // Offline: the screen cannot load at all. It says so inside the app, whose header still leads on.
    await page.context().route("**/assets/profile-*.js", (route) => route.abort());
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Dee Ploy" }).click();
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Kickoff" }).click();
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);
  });

  it("offline, says a screen cannot load instead of reloading into the browser's own error page", async () => {
    expectConsoleError(/Failed to fetch dynamically imported module: .*\/assets\/privacy-/);
    const page = await newPage();
    await login(page, await createVerifiedUser());
    // The home screen's own file is fetched after the header shows the signed-in menu: going offline
    // before it came would fail that screen, not the one this test opens.
    await page.getByRole("heading", { level: 1, name: "Available Events" }).waitFor();
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    // An installed app: the service worker serves the cached page, never the screen's missing file.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await page.context().setOffline(true);
    // The page learns it is offline a moment after the browser does; the app decides on what the page knows.
    await page.waitForFunction(() => !navigator.onLine);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await page.context().setOffline(false);
  });
});

describe("an app that cannot start", () => {
  it("loads the page again once when its messages cannot be loaded, then says so in the page's own words", async () => {
    // No service worker: this test's blocked file must stay blocked (the worker's own fetches are not routed).
    const page = await newPage({ serviceWorkers: "block" });
    expectConsoleError(/the language's messages could not be loaded/);
    await page.context().route("**/assets/messages-en-shell-*.js", (route) => route.abort("failed"));
    let loads = 0;
    page.on("load", () => (loads += 1));
    await page.goto("/");
    await page.getByRole("alert").getByRole("heading", { name: "Something went wrong" }).waitFor();
    // The first load and the one reload that a new version would have needed; not a third.
    expect(loads).toBe(2);
    await expect.poll(() => page.getByRole("status").count()).toBe(0);
    const reload = page.getByRole("link", { name: "Reload" });
    await page.context().unroute("**/assets/messages-en-shell-*.js");
    await reload.click();
    await page.getByRole("button", { name: "Login" }).waitFor();
  });
});

describe("service worker", () => {
  it("keeps only real files in its cache, never the page a server answers for a file it no longer has", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);

    // After a deploy the old chunk is gone and a history-fallback server answers its URL with the app's page.
    await page.context().route("**/assets/gone-*.js", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Kickoff</title>" }));
    await page.context().route("**/assets/missing-*.js", (route) => route.fulfill({ status: 404, body: "Not Found" }));
    await page.context().route("**/assets/present-*.js", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "export {};" }));
    await page.evaluate(async () => {
      for (const name of ["gone-a1.js", "missing-b2.js", "present-c3.js"]) await fetch(`/assets/${name}`);
    });
    const isCached = (name: string) => page.evaluate(async (path) => Boolean(await caches.match(path)), `/assets/${name}`);
    // The service worker stores a file just after answering with it.
    await expect.poll(() => isCached("present-c3.js")).toBe(true);
    expect(await isCached("gone-a1.js")).toBe(false);
    expect(await isCached("missing-b2.js")).toBe(false);
  });
});
