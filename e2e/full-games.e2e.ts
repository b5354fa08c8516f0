import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { openGame, pathOf, region, screenshotOnScreen, yourRegistration } from "./support/pages.ts";
import {
  adminAccount,
  CARD_EXPIRY,
  currentUser,
  joinGame,
  saveCard,
  seedGame,
  seedRegistrations,
  type SeededGame,
  TEST_CARDS,
  uniqueTitle,
  useDatabase,
  VENUE,
} from "./support/games.ts";
import { waitForMail } from "./support/mail.ts";
import { boxesWhileNoticeShows, closeNotice } from "./support/notice.ts";

/**
 * Issue 21, the players' part: a full game does not look like an empty one, a waitlister leaves with
 * "Leave waitlist", home cards say when, where and where the viewer stands, a failed automatic
 * charge is told on the person's own page, the destructive admin action and the toasts keep out of
 * the way on a phone, and a shared link opened signed out says which game it is for. Each at 375 and
 * 1280 px, with a screenshot and axe.
 */
const { newPage } = useBrowser();
const database = useDatabase();

const WIDTHS = [375, 1280] as const;
/** Phones get mobile emulation (the viewport meta applies, as on a real phone). */
const screenAt = (width: number) => (width < 1024 ? { width, height: 760, isMobile: true, hasTouch: true, timezoneId: "UTC" } : { width, height: 900, timezoneId: "UTC" });
/** For what waits for the server (a job, a refetch). */
const SERVER = { timeout: 15_000 };

async function signedIn(firstName: string, lastName: string, width: number) {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage(screenAt(width));
  await login(page, user);
  return { page, user };
}

/** Where the page's buttons are: the phone's bottom bar, or the side panel. */
const actionsOf = (page: Page, width: number) => (width < 640 ? region(page, "Event actions") : page.locator("aside"));

/** Hours as the app writes them in UTC: "3:05 PM - 4:05 PM". */
const hoursOf = (startsAt: Date) => {
  const time = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "numeric", minute: "2-digit", hour12: true });
  return `${time.format(startsAt)} - ${time.format(new Date(startsAt.getTime() + 3_600_000))}`.replace(/\u202f/g, " ");
};

async function startOf(game: SeededGame): Promise<Date> {
  const { rows } = await database().query<{ starts_at: Date }>(`select starts_at from event where id = $1`, [game.id]);
  return rows[0]!.starts_at;
}

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(WIDTHS)("at %i px", (width) => {
  it("a full game says Full and names the waitlists on its buttons; one tap joins the waitlist it named; the way out is Leave waitlist", { timeout: 120_000 }, async () => {
    const db = database();
    const game = await seedGame(db, { title: uniqueTitle("Full Free Game"), maxPlayers: 2, includeGoalkeepers: true, maxGoalkeepers: 1 });
    await seedRegistrations(db, game, ["Finn First", "Gus Second"], { status: "confirmed" });
    await seedRegistrations(db, game, ["Kim Keeper"], { status: "confirmed", role: "goalkeeper" });
    await seedRegistrations(db, game, ["Wendy Waiting", "Walt Waiting", "Wes Waiting"], { status: "waitlisted" });
    await seedRegistrations(db, game, ["Kai Waiting"], { status: "waitlisted", role: "goalkeeper" });
    const { page, user } = await signedIn("Fiona", "Full", width);
    await openGame(page, game);

    const actions = actionsOf(page, width);
    await actions.getByText("Full: every player and goalkeeper spot is taken.").waitFor();
    const joinWaitlist = actions.getByRole("button", { name: "Join the waitlist (3 waiting)" });
    const joinGoalkeeperWaitlist = actions.getByRole("button", { name: "Join the goalkeeper waitlist (1 waiting)" });
    await joinWaitlist.waitFor();
    await joinGoalkeeperWaitlist.waitFor();
    // The Full line is what a screen reader hears with each button.
    expect(await joinWaitlist.getAttribute("aria-describedby")).toBe(await actions.getByText("Full: every player and goalkeeper spot is taken.").getAttribute("id"));
    expect(await page.getByRole("button", { name: "Join as Player" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Join as Goalkeeper" }).count()).toBe(0);
    await screenshot(page, `full-game-${width}`);
    await expectNoAxeViolations(page);

    // A free full game: one tap, no dialog, the waitlist the button named.
    await joinWaitlist.click();
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await yourRegistration(page).getByText("You're #4 on the Player Waitlist").waitFor();
    await region(page, "Player Waitlist").getByText(user.name).waitFor();
    // Still free to wait for goal too, and it still says that list is full.
    await actions.getByText("Full: every goalkeeper spot is taken.").waitFor();
    await joinGoalkeeperWaitlist.waitFor();

    const leave = actions.getByRole("button", { name: "Leave waitlist" });
    await leave.waitFor();
    expect(await page.getByRole("button", { name: "Cancel Registration" }).count()).toBe(0);
    await screenshot(page, `waitlisted-${width}`);
    await expectNoAxeViolations(page);

    await leave.click();
    const dialog = page.getByRole("dialog", { name: "Leave waitlist" });
    await dialog.getByText(`Leave the waitlist for ${game.title}?`).waitFor();
    expect(await dialog.getByText("You will leave the Player Waitlist. Nothing was charged, so no money moves.").isVisible()).toBe(true);
    expect(await page.getByRole("dialog", { name: "Confirm Cancellation" }).count()).toBe(0);
    await screenshotOnScreen(page, `leave-waitlist-dialog-${width}`);
    await expectNoAxeViolations(page, dialog);
    await dialog.getByRole("button", { name: "Leave the waitlist" }).click();
    await page.getByText("You have left the waitlist.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => region(page, "Player Waitlist").getByText(user.name).count(), SERVER).toBe(0);
    await joinWaitlist.waitFor();
  });

  it("home cards show the hours, the venue, the goalkeeper spots, Full, and the viewer's own place; never Register on a game one is in", async () => {
    const db = database();
    const { page } = await signedIn("Hugo", "Home", width);
    const me = await currentUser(page);
    const playing = await seedGame(db, { title: uniqueTitle("Card Playing"), startsInHours: 30 });
    await seedRegistrations(db, playing, [me.name], { status: "confirmed", userId: me.id });
    const waiting = await seedGame(db, { title: uniqueTitle("Card Waiting"), startsInHours: 31, maxPlayers: 1 });
    await seedRegistrations(db, waiting, ["Sol Spot"], { status: "confirmed" });
    await seedRegistrations(db, waiting, ["Ada Ahead"], { status: "waitlisted" });
    await seedRegistrations(db, waiting, [me.name], { status: "waitlisted", userId: me.id });
    const open = await seedGame(db, { title: uniqueTitle("Card Open"), startsInHours: 32, costCents: 800, includeGoalkeepers: true, maxGoalkeepers: 2 });
    const card = (game: SeededGame) => page.getByRole("article", { name: game.title });
    const openCard = card(open);
    // The home list is cached for a second on the server (rows written behind the app's back show
    // within it): load the page again until the games seeded above are in it.
    await expect
      .poll(async () => {
        await page.goto("/");
        await page.getByRole("heading", { name: "Available Events" }).waitFor();
        await page.getByRole("article").first().waitFor();
        return openCard.count();
      }, SERVER)
      .toBe(1);
    if (width < 640) expect(await openCard.getByRole("button", { name: "Details" }).getAttribute("aria-expanded")).toBe("false");
    // Collapsed on a phone too: when, where, and the goalkeeper spots.
    expect(await openCard.getByText(hoursOf(await startOf(open)), { exact: true }).first().isVisible()).toBe(true);
    expect(await openCard.getByText(VENUE, { exact: true }).first().isVisible()).toBe(true);
    expect(await openCard.getByText("0 of 2 goalkeepers").isVisible()).toBe(true);
    expect(await openCard.getByText("Full", { exact: true }).count()).toBe(0);
    await openCard.getByRole("link", { name: "Register" }).waitFor();

    const playingCard = card(playing);
    await playingCard.getByText("You're playing", { exact: true }).waitFor();
    await playingCard.getByRole("link", { name: "More Info" }).waitFor();
    expect(await playingCard.getByRole("link", { name: "Register" }).count()).toBe(0);

    const waitingCard = card(waiting);
    await waitingCard.getByText("Waitlisted #2", { exact: true }).waitFor();
    expect(await waitingCard.getByText("Full", { exact: true }).isVisible()).toBe(true);
    expect(await waitingCard.getByRole("link", { name: "Register" }).count()).toBe(0);

    await playingCard.scrollIntoViewIfNeeded();
    await screenshot(page, `home-cards-${width}`);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The list every viewer shares carries none of it: the badges come from the viewer's own request.
    const shared = await page.request.get("/api/events?scope=upcoming");
    expect(await shared.text()).not.toContain(me.id);
    const mine = await page.request.get("/api/me/registrations");
    expect(((await mine.json()) as { registrations: { eventId: string }[] }).registrations.map((r) => r.eventId).sort()).toEqual(
      expect.arrayContaining([playing.id, waiting.id].sort()),
    );
  });

  it("a waitlister whose automatic charge was declined is told on their own event page, and joins again with another card", { timeout: 120_000 }, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Declined Promotion"), costCents: 1000, maxPlayers: 1 });
    const holder = await signedIn("Hal", "Holder", 1280);
    await joinGame(holder.page, game, { role: "player", paymentMethodId: (await saveCard(holder.page)).id });
    const { page, user } = await signedIn("Dee", "Declined", width);
    const declining = await saveCard(page, TEST_CARDS.declinedOnCharge);
    expect((await joinGame(page, game, { role: "player", paymentMethodId: declining.id, consentToAutoCharge: true })).registration.status).toBe("waitlisted");

    // The spot frees up; the promotion job charges the declining card, which fails.
    expect((await holder.page.request.delete(`/api/events/${game.id}/registrations/me`)).status()).toBe(200);
    await waitForMail(user.email, "We could not charge your card", { timeoutMs: 30_000 });

    await openGame(page, game);
    const notice = region(page, "You were taken off the Player Waitlist");
    await notice.waitFor();
    expect(await notice.getByText("A player spot opened up, but your saved card could not be charged $10.00: Your card was declined.", { exact: false }).isVisible()).toBe(true);
    expect(await yourRegistration(page).textContent()).toBe("");
    await screenshot(page, `failed-automatic-charge-${width}`);
    await expectNoAxeViolations(page);

    await notice.getByRole("button", { name: "Join again with another card" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
    await dialog.getByRole("radio", { name: "Use a new card" }).check();
    await dialog.getByLabel("Card number").fill(TEST_CARDS.ok);
    await dialog.getByLabel("Expiry (MM/YY)").fill(CARD_EXPIRY);
    await dialog.getByLabel("CVC").fill("123");
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await expect.poll(() => pathOf(page), SERVER).toBe("/confirmation");
    await openGame(page, game);
    await yourRegistration(page).getByText("You're playing").waitFor();
    expect(await notice.count()).toBe(0);
  });

  it("a shared link opened signed out shows which game it is for above the login form, and opens it after login", async () => {
    const db = database();
    const game = await seedGame(db, { title: uniqueTitle("Shared Link Game"), costCents: 1200, maxPlayers: 10 });
    await seedRegistrations(db, game, ["Priya Private", "Paul Private"], { status: "confirmed" });
    const user = await createVerifiedUser({ firstName: "Sid", lastName: "Shared" });
    const page = await newPage(screenAt(width));
    await page.goto(`/event/${game.id}`);
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe("/");

    const preview = region(page, game.title);
    await preview.getByText("Log in to join this game").waitFor();
    const starts = await startOf(game);
    const date = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(starts);
    for (const fact of [date, VENUE, "$12.00", "8 spots left"]) {
      expect(await preview.getByText(fact, { exact: true }).isVisible(), fact).toBe(true);
    }
    // Rendered on the server for a device it does not know (a first visit), the hours name the game's
    // zone (docs/server-rendering.md): "9:00 PM - 10:00 PM (UTC)".
    const hours = hoursOf(starts).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(await preview.getByText(new RegExp(`^${hours}( \\(.+\\))?$`)).isVisible(), hoursOf(starts)).toBe(true);
    // Above the form, and nothing about who plays.
    const [previewBox, emailBox] = [(await preview.boundingBox())!, (await page.getByLabel("Email").boundingBox())!];
    expect(previewBox.y + previewBox.height).toBeLessThanOrEqual(emailBox.y);
    expect(await page.getByText("Private").count()).toBe(0);
    await screenshot(page, `shared-link-login-${width}`);
    await expectNoAxeViolations(page);

    await login(page, user);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(`/event/${game.id}`);
  });

  it("keeps Cancel Event & Refund apart from the everyday buttons, and the notice clear of the page's title", { timeout: 120_000 }, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Organiser Game") });
    const page = await newPage(screenAt(width));
    await login(page, await adminAccount());
    await openGame(page, game);
    // Close the login notice if it still shows: the one looked at below is the join's.
    await closeNotice(page);

    const organiser = region(page, "Organiser");
    const cancelEvent = organiser.getByRole("button", { name: "Cancel Event & Refund" });
    await cancelEvent.waitFor();
    expect(await page.getByRole("button", { name: "Cancel Event & Refund" }).count()).toBe(1);
    const join = actionsOf(page, width).getByRole("button", { name: "Join as Player" });
    if (width < 640) {
      const bar = region(page, "Event actions");
      expect(await bar.getByRole("button", { name: "Cancel Event & Refund" }).count()).toBe(0);
      expect(await bar.getByRole("button", { name: "Join as Player" }).isVisible()).toBe(true);
    } else {
      // In the side panel, well below the join button, under a heading of its own.
      const [joinBox, cancelBox] = [(await join.boundingBox())!, (await cancelEvent.boundingBox())!];
      expect(cancelBox.y - (joinBox.y + joinBox.height)).toBeGreaterThanOrEqual(40);
    }
    await screenshot(page, `organiser-actions-${width}`);
    await expectNoAxeViolations(page);

    await join.click();
    // Read in the page while the notice shows, which is 2.5 s (e2e/support/notice.ts).
    const boxes = await boxesWhileNoticeShows(
      page,
      "You have been successfully added to the Player List!",
      { title: "main h1", bar: '[role="region"][aria-label="Event actions"]' },
      { scrollToTop: true },
    );
    expect(boxes.title, "the page's title").not.toBeNull();
    expect(boxesOverlap(boxes.notice!, boxes.title!), "the notice covers the title").toBe(false);
    if (width < 640) {
      // At the bottom, standing on the bar rather than over its buttons.
      expect(boxes.bar, "the bar of event actions").not.toBeNull();
      expect(boxes.notice!.y + boxes.notice!.height).toBeLessThanOrEqual(boxes.bar!.y);
    }
    await screenshotOnScreen(page, `notice-${width}`);
  });
});

/** Words of `locator`'s text that are split over two lines (a break inside "Wednesday"). */
async function wordsBrokenInside(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

it("at 320 px with 125 % text, dates and times keep their words whole on the event page, the home card and the shared link", { timeout: 120_000 }, async () => {
  // A Wednesday, the longest weekday, at least two days ahead, at 18:00 UTC.
  const start = new Date();
  start.setUTCHours(18, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 2);
  while (start.getUTCDay() !== 3) start.setUTCDate(start.getUTCDate() + 1);
  const game = await seedGame(database(), {
    title: uniqueTitle("Wednesday Game"),
    startsInHours: (start.getTime() - Date.now()) / 3_600_000,
    costCents: 1000,
    includeGoalkeepers: true,
    goalkeeperCostCents: 500,
  });
  // Text at 125 %, as a phone's larger-text setting does to the rem-sized page.
  const biggerText = () => {
    const apply = () => document.documentElement.style.setProperty("font-size", "125%");
    if (document.documentElement) apply();
    else document.addEventListener("DOMContentLoaded", apply);
  };

  const signedOut = await newPage(screenAt(320));
  await signedOut.addInitScript(biggerText);
  await signedOut.goto(`/event/${game.id}`);
  const preview = region(signedOut, game.title);
  await preview.getByText(/^Wednesday, /).waitFor();
  expect(await wordsBrokenInside(preview.locator("dd"))).toEqual([]);
  await screenshot(signedOut, "shared-link-login-320-125");

  const { page } = await signedIn("Tess", "Textsize", 320);
  await page.addInitScript(biggerText);
  await openGame(page, game);
  const facts = page.locator("aside dl");
  await facts.getByText(/^Wednesday, /).waitFor();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("20px");
  expect(await wordsBrokenInside(facts.locator("dd"))).toEqual([]);
  await screenshot(page, "event-page-320-125");

  await page.goto("/");
  const card = page.getByRole("article", { name: game.title });
  await card.getByRole("button", { name: "Details" }).click();
  await card.getByText("Max Players").waitFor();
  expect(await wordsBrokenInside(card.locator("dd"))).toEqual([]);
  // This game's card fits the screen. (The whole page is not checked here: in a full run it also holds
  // other specs' games, and their sideways scrolling is layout.e2e.ts's to check.)
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x).toBeGreaterThanOrEqual(0);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(320);
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await screenshot(page, "home-card-320-125");
});
