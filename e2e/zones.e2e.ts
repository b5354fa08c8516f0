import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCalendar } from "#test/ical.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { expectAllFrench } from "./support/french.ts";
import { adminAccount, joinGame, saveCard, seedGame, uniqueTitle, useDatabase } from "./support/games.ts";
import { ADMIN_EMAIL } from "./support/global-setup.ts";
import { browserDate, pathOf } from "./support/pages.ts";

/**
 * Issue 32 at 375 px, in English and in French: the game form names its zone in a field the
 * organiser can change ("Times in …"), starting on the organiser's (GAME_TIME_ZONE, else the
 * server's machine), and the game is made on the zone chosen; Payment Successful! offers Add to
 * calendar, whose file rings 24 h and 2 h before. Axe on each.
 */
const { newPage } = useBrowser();
const database = useDatabase();
const SERVER = { timeout: 15_000 };
/** A zone the browser is not in, so a game made there shows the form's zone was sent, not the browser's. */
const PICKED = "Asia/Tokyo";
const PHONE = { width: 375, height: 800, isMobile: true, hasTouch: true, timezoneId: "Europe/Paris" } as const;

// The admin speaks French for the French test only, and is given back its language afterwards.
let adminLanguage: string | null = null;
beforeAll(async () => {
  await adminAccount();
  adminLanguage = (await database().query<{ language: string | null }>(`select language from "user" where email = $1`, [ADMIN_EMAIL])).rows[0]!.language;
});
afterAll(async () => {
  await database().query(`update "user" set language = $2 where email = $1`, [ADMIN_EMAIL, adminLanguage]);
});

async function organiserZone(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/config")).json()) as { timeZone: string }).timeZone;
}

const words = {
  en: { heading: "Create New Event", title: "Title", date: "Date", time: "Event Time", zone: "Time zone", timesIn: "Times in", hours: "Duration Hours", minutes: "Duration Minutes", typeVenue: "Enter the venue yourself", venue: "Venue name and address", cost: /^Cost: add the /, players: "Max Players (excluding goalkeepers)", guests: "Guests per player", create: "Create Event" },
  fr: { heading: "Créer une partie", title: "Titre", date: "Date", time: "Heure de la partie", zone: "Fuseau horaire", timesIn: "Heures dans le fuseau", hours: "Durée (heures)", minutes: "Durée (minutes)", typeVenue: "Entrer le lieu vous-même", venue: "Nom et adresse du lieu", cost: /^Prix : ajoutez à votre prix/, players: "Nombre maximal de joueurs (sans les gardiens de but)", guests: "Invités par joueur", create: "Créer la partie" },
} as const;

describe("the game's zone on the form (375 px)", () => {
  for (const language of ["en", "fr"] as const) {
    it(`shows the organiser's zone, named, lets the organiser pick another, and makes the game there (${language})`, { timeout: 120_000 }, async () => {
      const say = words[language];
      await database().query(`update "user" set language = $2 where email = $1`, [ADMIN_EMAIL, language]);
      const page = await newPage(PHONE);
      await login(page, await adminAccount());
      // Signed in, the app takes the account's language and loads the page again in it: wait for that
      // before going on, or the two navigations cross.
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), SERVER).toMatch(language === "fr" ? /^fr/ : /^en/);
      await page.getByRole("button", { name: /open menu|ouvrir le menu/i }).waitFor(SERVER);
      await page.goto("/admin/create-event");
      await page.getByRole("heading", { name: say.heading, level: 1 }).waitFor(SERVER);

      const zone = page.getByLabel(say.zone, { exact: true });
      const organisers = await organiserZone(page);
      expect(await zone.inputValue()).toBe(organisers);
      await page.getByText(`${say.timesIn} ${organisers}`, { exact: false }).waitFor();

      const title = uniqueTitle(language === "en" ? "Tokyo Kick" : "Partie à Tokyo");
      const date = await browserDate(page, 9);
      await page.getByLabel(say.title, { exact: true }).fill(title);
      await page.getByLabel(say.date, { exact: true }).fill(date);
      await page.getByLabel(say.time).fill("19:00");
      await zone.selectOption(PICKED);
      await page.getByText(`${say.timesIn} ${PICKED}`, { exact: false }).waitFor();
      await page.getByLabel(say.hours).fill("1");
      await page.getByLabel(say.minutes).fill("30");
      await page.getByRole("button", { name: say.typeVenue }).click();
      await page.getByLabel(say.venue).fill("Yoyogi Park, Tokyo");
      await page.getByLabel(say.cost).fill("0");
      await page.getByLabel(say.players).fill("10");
      await page.getByLabel(say.guests).fill("0");
      if (language === "fr") await expectAllFrench(page, "create-with-zone");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await expectNoAxeViolations(page);
      await screenshot(page, `zone-field-${language}-375`);

      await page.getByRole("button", { name: say.create }).click();
      await expect.poll(() => pathOf(page), SERVER).toMatch(/^\/event\//);
      const { rows } = await database().query<{ time_zone: string; local: string }>(
        `select time_zone, to_char(starts_at at time zone time_zone, 'YYYY-MM-DD HH24:MI') as local from event where title = $1`,
        [title],
      );
      expect(rows).toEqual([{ time_zone: PICKED, local: `${date} 19:00` }]);
    });
  }
});

describe("Add to calendar after paying (375 px)", () => {
  for (const language of ["en", "fr"] as const) {
    it(`is offered on Payment Successful!, and its file rings 24 h and 2 h before (${language})`, { timeout: 120_000 }, async () => {
      const game = await seedGame(database(), { title: uniqueTitle("Paid Calendar"), costCents: 1200, startsInHours: 96 });
      const page = await newPage({ ...PHONE, locale: language === "en" ? "en-US" : "fr-CA" });
      await login(page, await createVerifiedUser({ firstName: "Cal", lastName: "Endar" }));
      await joinGame(page, game, { role: "player", paymentMethodId: (await saveCard(page)).id });
      await page.goto(`/confirmation?event=${game.id}`);
      const link = page.getByRole("link", { name: language === "en" ? "Add to calendar" : "Ajouter au calendrier" });
      await link.waitFor(SERVER);
      if (language === "fr") await expectAllFrench(page, "confirmation-add-to-calendar");
      await expectNoAxeViolations(page);
      await screenshot(page, `confirmation-add-to-calendar-${language}-375`);

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const text = readFileSync((await download.path())!, "utf8");
      expect(text.endsWith("\r\n")).toBe(true);
      const [entry] = readCalendar(text).events;
      expect(entry!.uid).toContain(game.id);
      expect(entry!.alarms.map((alarm) => alarm.trigger)).toEqual(["-P1D", "-PT2H"]);
      expect(entry!.alarms[0]!.description).toBe(language === "en" ? `${game.title} starts in 24 hours` : `${game.title} commence dans 24 heures`);
    });
  }
});
