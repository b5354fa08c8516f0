import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { messages as adminEn } from "#shared/i18n/catalogs/en/admin.ts";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import { messages as eventEn } from "#shared/i18n/catalogs/en/event.ts";
import { messages as homeEn } from "#shared/i18n/catalogs/en/home.ts";
import { messages as shellEn } from "#shared/i18n/catalogs/en/shell.ts";
import { messages as yoursEn } from "#shared/i18n/catalogs/en/yours.ts";
import { messages as adminFr } from "#shared/i18n/catalogs/fr/admin.ts";
import { messages as errorsFr } from "#shared/i18n/catalogs/fr/errors.ts";
import { messages as eventFr } from "#shared/i18n/catalogs/fr/event.ts";
import { messages as homeFr } from "#shared/i18n/catalogs/fr/home.ts";
import { messages as shellFr } from "#shared/i18n/catalogs/fr/shell.ts";
import { messages as yoursFr } from "#shared/i18n/catalogs/fr/yours.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { expectAllFrench } from "./support/french.ts";
import { adminAccount, joinGame, saveCard, seedGame, seedRegistrations, uniqueTitle, useDatabase } from "./support/games.ts";
import { openGame, region, screenshotOnScreen } from "./support/pages.ts";

/**
 * Words people understand (issue 32), in English and French, at 320 and 375 px and 1280 where the
 * screen differs: dialogs whose buttons say what they do and the waitlist's sheet titled for the
 * waitlist; Your Events' sections each saying what belongs there, and its links heard without glued
 * commas; card titles that break between words; the organiser's empty home, the Cost label, the
 * roster that says it scrolls, and teams in people's words, kept together, with the numbers behind a
 * disclosure. The texts come from the catalogs, so each check is the same in both languages.
 */
const { newPage } = useBrowser();
const database = useDatabase();
const SERVER = { timeout: 15_000 };

type Language = "en" | "fr";
const CATALOGS = {
  en: { ...shellEn, ...adminEn, ...errorsEn, ...eventEn, ...homeEn, ...yoursEn },
  fr: { ...shellFr, ...adminFr, ...errorsFr, ...eventFr, ...homeFr, ...yoursFr },
} as const;
type Key = keyof (typeof CATALOGS)["en"];
/** A message as the screen says it, with its simple `{values}` filled in. */
const say = (language: Language, key: Key, values: Record<string, string | number> = {}) =>
  (CATALOGS[language][key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
/** The fixed start of a message, before its first value. */
const startOf = (language: Language, key: Key) => (CATALOGS[language][key] as string).split("{")[0]!;

const screenAt = (width: number, language: Language) => ({
  width,
  height: width >= 1280 ? 900 : 760,
  ...(width < 640 ? { isMobile: true, hasTouch: true } : {}),
  locale: language === "fr" ? "fr-CA" : "en-US",
});

/** Words of these elements' text cut across two lines ("Thursda / y"): a word whose boxes sit on more than one line. */
async function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const node of nodes) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** The text a link's `aria-describedby` points to, as a screen reader hears its description. */
const descriptionOf = (link: Locator) =>
  link.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" "),
  );

const LONG_TITLE = "Thursday Evening Footballers Wednesday Kickabout";

describe("words people understand: a player's screens", () => {
  for (const language of ["en", "fr"] as const) {
    for (const width of [320, 375, 1280]) {
      it(`dialogs, the waitlist's sheet, Your Events and card titles (${language}, ${width} px)`, { timeout: 120_000 }, async () => {
        const game = await seedGame(database(), { title: uniqueTitle(LONG_TITLE), startsInHours: 72 });
        const full = await seedGame(database(), { title: uniqueTitle("Full Paid Game"), costCents: 1000, maxPlayers: 1 });
        await seedRegistrations(database(), full, ["Fay Full"], { status: "confirmed" });
        const page = await newPage(screenAt(width, language));
        await login(page, await createVerifiedUser());
        await joinGame(page, game, { role: "player" });
        await saveCard(page);
        const tag = `${language}-${width}`;

        // Home: card titles break between words, never inside one.
        await page.goto("/");
        const card = page.getByRole("article", { name: game.title });
        await card.waitFor(SERVER);
        expect(await brokenWords(card.locator("h3"))).toEqual([]);
        if (language === "fr") await expectAllFrench(page, `home ${tag}`);
        await screenshot(page, `words-home-${tag}`);

        // Giving up a spot: the buttons say what they do.
        await openGame(page, game);
        await page.getByRole("button", { name: say(language, "event.actions.cancelRegistration") }).first().click();
        const dialog = page.getByRole("dialog", { name: say(language, "event.cancelRegistration.title") });
        await dialog.getByRole("button", { name: say(language, "event.cancelRegistration.giveUp"), exact: true }).waitFor();
        expect(await dialog.getByRole("button", { name: say(language, "event.cancelRegistration.keep"), exact: true }).isVisible()).toBe(true);
        expect(await dialog.getByRole("button", { name: /^(Confirm|Cancel|Confirmer|Annuler)$/ }).count()).toBe(0);
        await expectNoAxeViolations(page, dialog);
        if (language === "fr") await expectAllFrench(page, `cancel dialog ${tag}`);
        await screenshotOnScreen(page, `words-cancel-dialog-${tag}`);
        await dialog.getByRole("button", { name: say(language, "event.cancelRegistration.keep"), exact: true }).click();
        await dialog.waitFor({ state: "detached" });

        // A full paid game: the sheet is the waitlist's, not "Complete Your Payment".
        await openGame(page, full);
        await page.getByRole("button", { name: startOf(language, "event.actions.joinPlayerWaitlist").trim() }).first().click();
        const sheet = page.getByRole("dialog", { name: say(language, "event.payment.waitlistTitle") });
        await sheet.getByRole("button", { name: say(language, "event.payment.joinWaitlist"), exact: true }).waitFor(SERVER);
        expect(await page.getByRole("dialog", { name: say(language, "event.payment.title") }).count()).toBe(0);
        await expectNoAxeViolations(page, sheet);
        await screenshotOnScreen(page, `words-waitlist-sheet-${tag}`);
        await page.keyboard.press("Escape");
        await sheet.waitFor({ state: "detached" });

        // Your Events: each section says what belongs there; a game's link is its title, its facts its description.
        await page.goto("/your-events");
        for (const section of ["current", "completed", "refunded", "cancelled"] as const) {
          const part = region(page, say(language, `yours.${section}.title`));
          await part.getByText(say(language, `yours.${section}.about`), { exact: true }).waitFor(SERVER);
        }
        const link = region(page, say(language, "yours.current.title")).getByRole("link", { name: game.title, exact: true });
        await link.waitFor();
        const description = await descriptionOf(link);
        expect(description).toContain("Riverside Park Pitch 3");
        expect(description).not.toMatch(/(^|\s),|,\s*,/);
        expect(await brokenWords(link)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
        if (language === "fr") await expectAllFrench(page, `Your Events ${tag}`);
        await screenshot(page, `words-your-events-${tag}`);
      });
    }
  }
});

describe("words people understand: the organiser's screens", () => {
  for (const language of ["en", "fr"] as const) {
    it(`the empty home, the Cost label, the roster on a phone, teams and the game's cancel dialog (${language})`, { timeout: 300_000 }, async () => {
      // The admin's language, saved on the account, set back to English at the end for the lane's other specs.
      const setup = await newPage({ locale: language === "fr" ? "fr-CA" : "en-US" });
      await login(setup, await adminAccount());
      expect((await setup.request.patch("/api/me/language", { data: { language } })).status()).toBe(200);
      try {
        const roster = await seedGame(database(), { title: uniqueTitle("Roster Game"), costCents: 1000, includeGoalkeepers: true });
        await seedRegistrations(database(), roster, ["Ana Silva", "Ben Okafor", "Cid Moreau"], { status: "confirmed" });
        const teams = await seedGame(database(), { title: uniqueTitle("Teams Game"), startsInHours: -1 / 3, includeGoalkeepers: true, maxPlayers: 12, maxGuestsPerPlayer: 1 });
        await seedRegistrations(database(), teams, ["Pia Pitch", "Ana Silva", "Ben Okafor", "Cid Moreau", "Dee Park"], { status: "confirmed" });
        await seedRegistrations(database(), teams, ["Kim Keeper", "Lou Keeper"], { status: "confirmed", role: "goalkeeper" });
        // Pia brought Sam.
        await database().query(
          `with party as (update registration r set guest_count = 1 from "user" u where r.event_id = $1 and r.user_id = u.id and u.name = 'Pia Pitch' returning r.id)
           insert into registration_guest (registration_id, ordinal, first_name, share_cents, status) select id, 1, 'Sam', 0, 'active' from party`,
          [teams.id],
        );

        for (const width of [320, 375, 1280]) {
          const tag = `${language}-${width}`;
          const page = await newPage(screenAt(width, language));
          await login(page, await adminAccount());

          // The organiser's empty home: the two ways to a first game, and what to do once it exists.
          await page.route("**/api/events?scope=upcoming", (route) => route.fulfill({ json: { events: [] } }));
          await page.goto("/");
          const main = page.getByRole("main");
          await main.getByText(say(language, "home.empty.organiserTitle"), { exact: true }).waitFor(SERVER);
          expect(await main.getByText(say(language, "home.empty.title"), { exact: true }).count()).toBe(0);
          await main.getByText(say(language, "home.empty.organiserText"), { exact: true }).waitFor();
          await main.getByRole("link", { name: say(language, "shell.header.createEvent") }).waitFor();
          await expectNoAxeViolations(page);
          if (language === "fr") await expectAllFrench(page, `organiser's empty home ${tag}`);
          await screenshot(page, `words-organiser-home-${tag}`);
          await main.getByRole("link", { name: say(language, "home.empty.createSeries") }).click();
          await page.getByRole("checkbox", { name: say(language, "admin.series.repeatWeekly") }).waitFor(SERVER);
          expect(await page.getByRole("checkbox", { name: say(language, "admin.series.repeatWeekly") }).isChecked()).toBe(true);

          // The Cost label says to add the fee; its hint says who pays it and what a refund keeps.
          const cost = page.getByLabel(new RegExp(`^${startOf(language, "admin.form.costWithFee")}`));
          await cost.waitFor();
          expect(await cost.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent)).toMatch(/2[.,]9\s?%/);
          await page.getByText(startOf(language, "admin.form.costFeeHint").trim()).waitFor();
          await expectNoAxeViolations(page);
          if (language === "fr") await expectAllFrench(page, `create form ${tag}`);
          await screenshot(page, `words-create-form-${tag}`);

          // The roster: on a phone it says it scrolls, and every column can be reached.
          await page.goto(`/console/events/${roster.id}`);
          const box = region(page, say(language, "admin.roster.table"));
          await box.getByRole("table").waitFor(SERVER);
          const overflows = await box.evaluate((element) => element.scrollWidth > element.clientWidth);
          if (width < 640) expect(overflows).toBe(true);
          const cue = page.getByText(say(language, "admin.table.scrollCue")).first();
          await expect.poll(() => cue.isVisible()).toBe(overflows);
          if (overflows) {
            expect(await box.evaluate((element) => document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent)).toContain(
              say(language, "admin.table.scrollCue"),
            );
            await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
          }
          const lastColumn = box.getByRole("columnheader", { name: say(language, "admin.roster.checkIn"), exact: true });
          const [column, frame] = [(await lastColumn.boundingBox())!, (await box.boundingBox())!];
          expect(column.x + column.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await expectNoAxeViolations(page);
          if (language === "fr") await expectAllFrench(page, `roster ${tag}`);
          await screenshot(page, `words-roster-${tag}`);

          // Teams in people's words; the guest with the player who brought them; the numbers behind a disclosure.
          await page.goto(`/event/${teams.id}/teams`);
          await page.getByRole("button", { name: say(language, "admin.teams.make"), exact: true }).click(SERVER);
          await page.getByText(new RegExp(`^(${startOf(language, "admin.teams.balanced")}|${startOf(language, "admin.teams.uneven")})`)).waitFor(SERVER);
          // The main screen has no ± (a closed disclosure is not rendered, so its text is not in innerText).
          expect(await page.getByRole("main").innerText()).not.toContain("±");
          const sam = page.getByRole("checkbox", { name: new RegExp(`^${say(language, "admin.team.select", { name: "Sam" })}`) });
          const pia = page.getByRole("checkbox", { name: new RegExp(`^${say(language, "admin.team.select", { name: "Pia Pitch" })}`) });
          const teamOf = (box: Locator) => box.evaluate((element) => element.closest("section")?.getAttribute("aria-labelledby"));
          expect(await teamOf(sam)).toBe(await teamOf(pia));
          const together = region(page, say(language, "admin.teams.together.title"));
          expect(await together.getByRole("checkbox").first().isChecked()).toBe(true);
          const details = page.getByText(say(language, "admin.teams.details"), { exact: true });
          await details.click();
          await page.getByText(say(language, "admin.teams.detailsIntro"), { exact: true }).waitFor();
          expect(await page.getByText(/\d ± \d/).count()).toBeGreaterThan(0);
          // Two keepers kept together cannot be: the split says why.
          await page.getByRole("checkbox", { name: new RegExp(`^${say(language, "admin.team.select", { name: "Kim Keeper" })}`) }).check();
          await page.getByRole("checkbox", { name: new RegExp(`^${say(language, "admin.team.select", { name: "Lou Keeper" })}`) }).check();
          await page.getByRole("button", { name: say(language, "admin.teams.together.keep"), exact: true }).click();
          await page.getByRole("button", { name: say(language, "admin.teams.makeAgain"), exact: true }).click();
          await page.getByText(say(language, "errors.teams.togetherTooBig", { count: 2, most: 1 }), { exact: true }).waitFor(SERVER);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await expectNoAxeViolations(page);
          if (language === "fr") await expectAllFrench(page, `teams ${tag}`);
          await screenshot(page, `words-teams-${tag}`);

          // The game's cancel dialog for the organiser: named buttons.
          await openGame(page, roster);
          await page.getByRole("button", { name: say(language, "event.actions.cancelEvent") }).first().click();
          const dialog = page.getByRole("dialog", { name: say(language, "event.cancelEvent.title") });
          await dialog.getByRole("button", { name: say(language, "event.cancelEvent.confirm"), exact: true }).waitFor();
          await expectNoAxeViolations(page, dialog);
          await screenshotOnScreen(page, `words-cancel-event-dialog-${tag}`);
          await dialog.getByRole("button", { name: say(language, "event.cancelEvent.keep"), exact: true }).click();
          await dialog.waitFor({ state: "detached" });
          await page.context().close();
        }
      } finally {
        await setup.request.patch("/api/me/language", { data: { language: "en" } });
      }
    });
  }
});

