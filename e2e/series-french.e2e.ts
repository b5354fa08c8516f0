import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesDetailResponse } from "#shared/series.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { expectAllFrench } from "./support/french.ts";
import { adminAccount, uniqueTitle, useDatabase } from "./support/games.ts";
import { ADMIN_EMAIL } from "./support/global-setup.ts";
import { browserDate, pathOf, region } from "./support/pages.ts";

/**
 * The weekly series' screens (docs/series.md) read in French in a real browser, on a 320 px phone
 * (docs/languages.md, "Adding a message": French must fit at 320 px). An admin whose account speaks
 * French creates a series with Repeat weekly and Regulars first, reads its page, changes the rule,
 * opens a game not open yet, and moves the games after the first one; a French player who is not a
 * regular reads a game's regulars' window. Each new screen: no English text of the app
 * (expectAllFrench), nothing wider than the screen, axe, and a screenshot; dates on the French clock.
 */

const { newPage } = useBrowser();
const database = useDatabase();
/** For what waits on the server: the machine is shared, and its default second is short. */
const SERVER = { timeout: 15_000 };
const SLOW = { timeout: 240_000 };
/** The series' clock: picked on the form, which starts on the organiser's zone (docs/decisions/038). */
const TIME_ZONE = "America/Toronto";
/** The admin's browser is English: the French comes from the account's choice (docs/languages.md, "How the language is chosen"). */
const ADMIN_PHONE = { width: 320, height: 800, isMobile: true, hasTouch: true, locale: "en-US", timezoneId: TIME_ZONE } as const;
/** The player's browser is French, and the account never chose: it reads the browser's language. */
const PLAYER_PHONE = { ...ADMIN_PHONE, locale: "fr-CA" } as const;

const fitsWidth = async (page: Page, where: string) =>
  expect({ where, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ where, width: page.viewportSize()!.width });

/** A date or time written the English way: "7:00 PM", "Sun, Dec 6". */
const ENGLISH_DATE = /\b\d{1,2}:\d{2} ?[AP]M\b|\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/g;

/**
 * What every new screen is checked for: no English text of the app's catalogs (expectAllFrench), none
 * of the screen's own English words (`english`, what it would say in English), no date written the
 * English way, no sideways scroll, no axe violation; and a picture of it.
 */
async function checkScreen(page: Page, name: string, english: string[]) {
  await expectAllFrench(page, name);
  const text = await page.locator("body").innerText();
  expect({ where: name, english: english.filter((words) => text.includes(words)), dates: text.match(ENGLISH_DATE) ?? [] }).toEqual({ where: name, english: [], dates: [] });
  await fitsWidth(page, name);
  await expectNoAxeViolations(page);
  await screenshot(page, `series-fr-${name}-320`);
}

// Canada's French short names (CLDR fr-CA), written out here rather than asked of Intl, so a date
// formatted in English, or with the 12-hour clock, cannot pass.
const WEEKDAYS = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."];
const MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juill.", "août", "sept.", "oct.", "nov.", "déc."];
const LONG_WEEKDAYS = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"];
const LONG_MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/** "2026-12-06" `days` later, as the calendar counts (no clock involved). */
function addDays(date: string, days: number): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days));
}
/** "dim. 6 déc., 19 h 00": how the series' screens say a game's opening (opens-text.ts, series-games.tsx). */
const shortFrench = (day: Date, time: string) => `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}, ${time}`;
/** "6 décembre 2026": the series' first and last games on its page. */
const longFrench = (day: Date) => `${day.getUTCDate()} ${LONG_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
/** French no-break spaces (around "h", before "%" and ":") read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

// The admin account is shared by the spec files of a lane: it speaks French here only, and is given
// back its language afterwards, so the files after this one read the English they expect.
let adminLanguage: string | null = null;
beforeAll(async () => {
  await adminAccount();
  const { rows } = await database().query<{ language: string | null }>(`select language from "user" where email = $1`, [ADMIN_EMAIL]);
  adminLanguage = rows[0]!.language;
  await database().query(`update "user" set language = 'fr' where email = $1`, [ADMIN_EMAIL]);
});
afterAll(async () => {
  await database().query(`update "user" set language = $2 where email = $1`, [ADMIN_EMAIL, adminLanguage]);
});

/** The admin, signed in on an English browser: the app turns French once it knows the account's choice. */
async function frenchAdmin(): Promise<Page> {
  const page = await newPage(ADMIN_PHONE);
  await login(page, await adminAccount());
  await page.getByText("Tous droits réservés.").waitFor(SERVER);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-CA");
  return page;
}

describe("a weekly series in French at 320 px (docs/series.md, docs/languages.md)", () => {
  it("an admin whose account speaks French creates one with Regulars first, reads its page, changes the rule, opens a game not open yet and moves the following games", SLOW, async () => {
    const page = await frenchAdmin();
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Créer une partie", level: 1 }).waitFor(SERVER);
    const title = uniqueTitle("Ligue du soir");
    // Ten days ahead: the first game opens 6 days before kick-off, its regulars 48 hours before that.
    const firstDate = await browserDate(page, 10);
    await page.getByLabel("Titre", { exact: true }).fill(title);
    await page.getByLabel("Date", { exact: true }).fill(firstDate);
    await page.getByLabel("Heure de la partie").fill("19:00");
    await page.getByLabel("Fuseau horaire").selectOption(TIME_ZONE);
    await page.getByLabel("Durée (heures)").fill("1");
    await page.getByLabel("Durée (minutes)").fill("30");
    await page.getByRole("button", { name: "Entrer le lieu vous-même" }).click();
    await page.getByLabel("Nom et adresse du lieu").fill("Parc Jarry, terrain 2, Montréal");
    await page.getByLabel("Terrain (facultatif)").fill("Terrain 2");
    await page.getByLabel("Notes (facultatif)").fill("Dossards fournis.");
    await page.getByLabel(/^Prix : ajoutez à votre prix les frais de traitement de/).fill("0");
    await page.getByLabel("Nombre maximal de joueurs (sans les gardiens de but)").fill("12");
    await page.getByLabel("Invités par joueur").fill("0");

    await page.getByLabel("Répéter chaque semaine").check();
    const ends = page.getByRole("group", { name: "Fin" });
    expect(await ends.getByLabel("Après un nombre de parties").isChecked()).toBe(true);
    const gameCount = page.getByLabel("Nombre de parties", { exact: true });
    // The server's limit, said in French under the field before anything is sent.
    await gameCount.fill("500");
    await page.getByRole("button", { name: "Créer la partie" }).click();
    await page.getByRole("alert").filter({ hasText: "Le nombre de parties doit être entre 1 et 104" }).first().waitFor();
    await gameCount.fill("3");
    const opensDays = page.getByLabel("Ouverture des inscriptions (jours avant le début)");
    expect(await opensDays.inputValue()).toBe("6");
    await opensDays.fill("6");

    await page.getByLabel("Priorité aux habitués", { exact: true }).check();
    await page.getByLabel("Avance des habitués (heures avant l’ouverture des inscriptions)").fill("48");
    const who = page.getByRole("group", { name: "Qui compte comme habitué" });
    await who.getByRole("spinbutton", { name: "A eu une place dans au moins", exact: true }).fill("2");
    await who.getByRole("spinbutton", { name: "des dernières parties", exact: true }).fill("3");
    await page.getByLabel("Part des places pour les habitués (en %)").fill("60");
    await checkScreen(page, "create", ["Create New Event", "Repeat weekly", "Number of games", "Regulars first", "Head start for regulars", "Who counts as a regular", "Create Event"]);
    await page.getByRole("button", { name: "Créer la partie" }).click();

    // The series' page: its schedule, facts and rule in French, its three games on the French clock.
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    expect(pathOf(page)).toMatch(/^\/console\/series\/[0-9a-f-]{36}$/);
    const first = addDays(firstDate, 0);
    await page.getByText(`Chaque ${LONG_WEEKDAYS[first.getUTCDay()]}, 19 h 00`, { exact: true }).waitFor();
    await page.getByText(longFrench(first), { exact: true }).waitFor();
    await page.getByText(`${longFrench(addDays(firstDate, 14))} (3 parties)`, { exact: true }).waitFor();
    await page.getByText("6 jours avant le début de la partie", { exact: true }).waitFor();
    const rule = region(page, "Priorité aux habitués");
    await expect
      .poll(async () => plain(await rule.innerText()))
      .toContain("Les joueurs qui ont eu une place dans 2 des 3 dernières parties peuvent s’inscrire 48 heures avant tout le monde, pour au plus 60 % des places.");
    const games = region(page, "Parties");
    await expect.poll(() => games.getByRole("link").count(), SERVER).toBe(3);
    const gameDays = [0, 7, 14].map((days) => addDays(firstDate, days));
    expect((await games.getByRole("link").allInnerTexts()).map(plain)).toEqual(
      gameDays.map((day) => `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}, 19 h 00`),
    );
    // Each game: when its regulars may join, when everyone may, and how many hold a spot.
    expect((await games.locator("li > span").allInnerTexts()).map(plain)).toEqual(
      [0, 7, 14].map(
        (days) => `Habitués dès le ${shortFrench(addDays(firstDate, days - 8), "19 h 00")} · Inscriptions dès le ${shortFrench(addDays(firstDate, days - 6), "19 h 00")} · 0 joueur sur 12`,
      ),
    );
    // French hours are one piece, "19 h 00" bound by no-break spaces: never "19 h" at a line's end (docs/languages.md, "Dates").
    expect(await games.locator("li > span").first().textContent()).toContain("19\u00a0h\u00a000 · Inscriptions");
    await checkScreen(page, "series-page", ["Every ", "Regulars from", "Opens ", "of 12 players", "Players who held a spot", "Games are added", "End series"]);

    // Regulars first changed on the page: Edit, a 24-hour head start for up to half the spots, Save.
    const edit = rule.getByRole("button", { name: "Modifier la règle des habitués" });
    await edit.click();
    const headStart = rule.getByLabel("Avance des habitués (heures avant l’ouverture des inscriptions)");
    expect(await headStart.inputValue()).toBe("48");
    // The server's limit, in the account's language although the browser's is English.
    await headStart.fill("500");
    await rule.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await rule.getByRole("alert").filter({ hasText: "L’avance des habitués doit être entre 1 et 168 heures" }).first().waitFor(SERVER);
    expect(await headStart.getAttribute("aria-invalid")).toBe("true");
    await checkScreen(page, "regulars-error", ["The regulars' head start", "Save", "Cancel"]);
    await headStart.fill("24");
    await rule.getByLabel("Part des places pour les habitués (en %)").fill("50");
    await checkScreen(page, "regulars-edit", ["Head start for regulars", "Share of spots for regulars", "A change applies", "Save", "Cancel"]);
    await rule.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await rule.getByRole("status").filter({ hasText: "Priorité aux habitués enregistrée : elle s’applique aux parties pas encore ouvertes." }).waitFor(SERVER);
    await expect
      .poll(async () => plain(await rule.innerText()))
      .toContain("Les joueurs qui ont eu une place dans 2 des 3 dernières parties peuvent s’inscrire 24 heures avant tout le monde, pour au plus 50 % des places.");
    // The games not open yet take it: the first one's regulars now from a day before the opening.
    await expect
      .poll(async () => plain(await games.locator("li > span").first().innerText()), SERVER)
      .toBe(`Habitués dès le ${shortFrench(addDays(firstDate, -7), "19 h 00")} · Inscriptions dès le ${shortFrench(addDays(firstDate, -6), "19 h 00")} · 0 joueur sur 12`);
    await checkScreen(page, "regulars-saved", ["Regulars first saved", "Players who held a spot", "Regulars from", "Opens "]);

    // The first game is not open yet: its page says when regulars, then everyone, can join, and offers no join.
    await games.getByRole("link").first().click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    expect(pathOf(page)).toMatch(/^\/event\//);
    const opens = page.getByRole("status").filter({ hasText: /^Les habitués peuvent s’inscrire dès le / });
    await opens.waitFor(SERVER);
    expect(plain(await opens.innerText())).toBe(
      `Les habitués peuvent s’inscrire dès le ${shortFrench(addDays(firstDate, -7), "19 h 00")}. Tout le monde peut s’inscrire dès le ${shortFrench(addDays(firstDate, -6), "19 h 00")}.`,
    );
    expect(await page.getByRole("button", { name: /^S’inscrire/ }).count()).toBe(0);
    await checkScreen(page, "game-not-open", ["Regulars can join", "Everyone can join", "Join as Player", "Edit game", "Series"]);

    // Back to the series, and the second game and those after it move to 20 h 00.
    await page.getByRole("link", { name: "Série", exact: true }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await expect.poll(() => games.getByRole("link").count(), SERVER).toBe(3);
    await games.getByRole("link").nth(1).click();
    await page.getByRole("link", { name: "Modifier la partie" }).click();
    await page.getByRole("heading", { name: `Modifier ${title}`, level: 1 }).waitFor(SERVER);
    const scope = page.getByRole("group", { name: "Modifier" });
    expect(await scope.getByLabel("Cette partie", { exact: true }).isChecked()).toBe(true);
    await scope.getByLabel("Cette partie et les suivantes").check();
    await page.getByLabel("Heure de la partie").fill("20:00");
    await checkScreen(page, "edit-following", ["This and the following games", "This game", "Each game keeps its own day", "Save Changes"]);
    await page.getByRole("button", { name: "Enregistrer les changements" }).click();
    await page.getByText("2 parties modifiées. Les personnes inscrites reçoivent les changements par courriel.").waitFor(SERVER);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await expect.poll(async () => (await games.getByRole("link").allInnerTexts()).map((text) => plain(text).slice(-7)), SERVER).toEqual(["19 h 00", "20 h 00", "20 h 00"]);
    await expectAllFrench(page, "series page, after the edit");

    // The console's list of series names it, with its schedule and its rule, in French.
    await page.getByRole("link", { name: "Toutes les séries" }).click();
    await page.getByRole("heading", { name: "Séries", level: 1 }).waitFor(SERVER);
    await page.getByRole("link", { name: title }).waitFor(SERVER);
    await checkScreen(page, "series-list", ["Create a series", "All series", "Every ", "Regulars first"]);
  });

  it("a French player who is not a regular, in a game's regulars' window, reads when everyone can join and is offered no join", SLOW, async () => {
    const admin = await frenchAdmin();
    const title = uniqueTitle("Ligue des habitués");
    const response = await admin.request.post("/api/admin/series", {
      data: {
        title,
        date: await browserDate(admin, 10),
        time: "19:00",
        timeZone: TIME_ZONE,
        durationHours: "1",
        durationMinutes: "30",
        location: { name: "Parc Jarry, terrain 2, Montréal" },
        cost: "0",
        maxPlayers: "10",
        repeat: { ends: "after_games", gameCount: 1, opensDaysBefore: 6, regulars: { windowHours: 24, minGames: 3, ofLast: 4, maxPercent: 70 } },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { series, games } = (await response.json()) as SeriesDetailResponse;
    const game = games[0]!;
    // Its regulars' window opened an hour ago; everyone may join at 10:00 tomorrow on the game's
    // clock (both already announced: no mail).
    const { rows } = await database().query<{ opens: string }>(
      `update event set regulars_open_at = now() - interval '1 hour',
                        registration_opens_at = ((now() at time zone $2)::date + 1 + time '10:00') at time zone $2,
                        regulars_announced_at = now()
        where id = $1
       returning to_char(registration_opens_at at time zone $2, 'YYYY-MM-DD') as opens`,
      [game.id, TIME_ZONE],
    );
    const opensDay = addDays(rows[0]!.opens, 0);

    const player = await newPage(PLAYER_PHONE);
    await login(player, await createVerifiedUser({ firstName: "Noémie", lastName: "Nouvelle" }));
    await player.goto(`/event/${game.id}`);
    await player.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    const notice = player.getByRole("status").filter({ hasText: /^Les habitués peuvent s’inscrire dès maintenant\./ });
    await notice.waitFor(SERVER);
    expect(plain(await notice.innerText())).toBe(`Les habitués peuvent s’inscrire dès maintenant. Tout le monde peut s’inscrire dès le ${shortFrench(opensDay, "10 h 00")}.`);
    expect(await player.getByRole("button", { name: /^S’inscrire/ }).count()).toBe(0);
    await checkScreen(player, "regulars-window", ["Regulars can join now", "Everyone can join from", "Join as Player", "spots left"]);

    // The organiser's list of the series' games says only regulars may join it now.
    await admin.goto(`/console/series/${series.id}`);
    await admin.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    await expect
      .poll(async () => plain(await region(admin, "Parties").locator("li > span").first().innerText()), SERVER)
      .toBe(`Habitués seulement · Inscriptions dès le ${shortFrench(opensDay, "10 h 00")} · 0 joueur sur 10`);
    await expectAllFrench(admin, "series page, in the window");
  });
});
