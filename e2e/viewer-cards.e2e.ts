import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { openGame } from "./support/pages.ts";
import { seedGame, seedRegistrations, type SeededGame, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Issue 32, part A: each viewer is told what they can do. Home cards say when a game opens, that only
 * regulars may join yet, that a full game has a waitlist and how many wait, each with the button to
 * match or none; a finished game's page shows who played, no spots left and no waitlist. At 320, 375
 * and 1280 px, in English and French, with axe and a screenshot.
 */
const { newPage } = useBrowser();
const database = useDatabase();
const SERVER = { timeout: 15_000 };
const HOUR = 3_600_000;

const LANGUAGES = {
  en: { locale: "en-US", home: "Available Events", opens: "Opens ", regularsOnly: "Regulars only until ", full: "Full · join the waitlist (2 waiting)", waitlist: "Join the waitlist", register: "Register", played: "Who played", spotsLeft: /spots? left/ },
  fr: {
    locale: "fr-CA",
    home: "Parties disponibles",
    opens: "Inscriptions dès ",
    regularsOnly: "Réservé aux habitués jusqu’à ",
    full: "Complet · liste d’attente (2 en attente)",
    waitlist: "Liste d’attente",
    register: "S’inscrire",
    played: "Qui a joué",
    spotsLeft: /places? restantes?/,
  },
} as const;

const screenAt = (width: number, locale: string) =>
  width < 1024 ? { width, height: 800, isMobile: true, hasTouch: true, locale, timezoneId: "UTC" } : { width, height: 900, locale, timezoneId: "UTC" };

async function setOpening(game: SeededGame, opensInHours: number, regularsInHours: number | null) {
  const now = Date.now();
  await database().query(`update event set registration_opens_at = $2, regulars_open_at = $3 where id = $1`, [
    game.id,
    new Date(now + opensInHours * HOUR),
    regularsInHours === null ? null : new Date(now + regularsInHours * HOUR),
  ]);
}

async function homeWith(page: Page, words: (typeof LANGUAGES)[keyof typeof LANGUAGES], game: SeededGame) {
  // The home list is cached for a second on the server: load again until the seeded games are in it.
  await expect
    .poll(async () => {
      await page.goto("/");
      await page.getByRole("heading", { name: words.home }).waitFor();
      return page.getByRole("article", { name: game.title }).count();
    }, SERVER)
    .toBe(1);
}

describe.each(Object.entries(LANGUAGES))("what each viewer is told (%s)", (language, words) => {
  it.each([320, 375, 1280])("home cards at %i px: opens later, regulars only, full with its waitlist, open", { timeout: 120_000 }, async (width) => {
    const db = database();
    const notOpen = await seedGame(db, { title: uniqueTitle("Later"), startsInHours: 120 });
    await setOpening(notOpen, 50, null);
    const regularsOnly = await seedGame(db, { title: uniqueTitle("Regulars"), startsInHours: 121 });
    await setOpening(regularsOnly, 20, -2);
    const full = await seedGame(db, { title: uniqueTitle("Packed"), startsInHours: 122, maxPlayers: 1 });
    await seedRegistrations(db, full, ["Sol Spot"], { status: "confirmed" });
    await seedRegistrations(db, full, ["Ada Ahead", "Bo Behind"], { status: "waitlisted" });
    const open = await seedGame(db, { title: uniqueTitle("Open"), startsInHours: 123 });

    const user = await createVerifiedUser({ firstName: "Vera", lastName: "Viewer" });
    const page = await newPage(screenAt(width, words.locale));
    await login(page, user);
    await homeWith(page, words, open);
    const card = (game: SeededGame) => page.getByRole("article", { name: game.title });

    await card(notOpen).getByText(words.opens).waitFor();
    expect(await card(notOpen).getByRole("link", { name: words.register }).count()).toBe(0);
    await card(regularsOnly).getByText(words.regularsOnly).waitFor();
    expect(await card(regularsOnly).getByRole("link", { name: words.register }).count()).toBe(0);
    await card(full).getByText(words.full, { exact: true }).waitFor();
    await card(full).getByRole("link", { name: words.waitlist }).waitFor();
    await card(open).getByRole("link", { name: words.register }).waitFor();

    await card(full).scrollIntoViewIfNeeded();
    await screenshot(page, `viewer-cards-${language}-${width}`);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it.each([320, 1280])("a finished game at %i px shows who played, no spots left, no waitlist, no join", { timeout: 120_000 }, async (width) => {
    const db = database();
    const game = await seedGame(db, { title: uniqueTitle("Finished"), startsInHours: 48, maxPlayers: 4 });
    await seedRegistrations(db, game, ["Pia Pitch"], { status: "confirmed" });
    await seedRegistrations(db, game, ["Wes Waiting"], { status: "waitlisted" });
    const startsAt = new Date(Date.now() - 3 * HOUR);
    await db.query(`update event set starts_at = $2, ends_at = $3 where id = $1`, [game.id, startsAt, new Date(startsAt.getTime() + HOUR)]);

    const user = await createVerifiedUser({ firstName: "Fin", lastName: "Viewer" });
    const page = await newPage(screenAt(width, words.locale));
    await login(page, user);
    await openGame(page, game);
    await page.getByRole("heading", { name: words.played }).waitFor();
    await page.getByText("Pia Pitch").first().waitFor();
    expect(await page.getByText("Wes Waiting").count()).toBe(0);
    expect(await page.getByText(words.spotsLeft).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Join|Rejoindre|S’inscrire/ }).count()).toBe(0);
    await screenshot(page, `viewer-finished-${language}-${width}`);
    await expectNoAxeViolations(page);
  });
});
