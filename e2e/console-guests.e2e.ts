import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { parseCsv } from "#test/csv.ts";
import { createVerifiedUser, login, PASSWORD } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { baseURL, screenshot, useBrowser } from "./support/browser.ts";
import { adminAccount, joinGame, saveCard, seedGame, type SeededGame, uniqueTitle, useDatabase } from "./support/games.ts";
import { openGame, pathOf, region } from "./support/pages.ts";

/**
 * The organiser's roster with +1 guests (docs/guests.md, "Where guests show"; docs/product-rules.md,
 * "Organiser's console"): one line per person, each guest after their player as "Sam (guest of Pia
 * Pitch)", a removed guest "Removed from the party" with their own refund, each person's part of the
 * money; a waiting party at one place with its size; the spots held counting guests; totals that add
 * the lines; the CSV with the same lines and a "Party size" column. Played through the API as the
 * players would (one payment per party, a guest removed for their share back), read at 1280 px and
 * at 375 px, each on a page of its own.
 */

const { newPage } = useBrowser();
const database = useDatabase();

/** Jobs (the guest's refund) run in the app's background: give them time on a busy machine. */
const JOBS = { timeout: 30_000, interval: 250 };
/** A phone, with mobile emulation (the viewport meta applies, as on a real phone). */
const PHONE = { width: 375, height: 800, isMobile: true, hasTouch: true } as const;
const DESKTOP = { width: 1280, height: 900 } as const;

/** A new verified user with a session of their own (signed in through the API: the login screen has its own specs). */
async function player(firstName: string, lastName: string) {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: user.email, password: PASSWORD }, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(200);
  return { page, name: user.name };
}

/** Every text cell of a table's body rows, row by row. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent?.trim() ?? "")));
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function eventOf(page: Page, game: SeededGame): Promise<EventDetail> {
  const response = await page.request.get(`/api/events/${game.id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { event: EventDetail }).event;
}

/** A guest with a first name only. */
const guest = (firstName: string) => ({ firstName, lastName: undefined });

interface Scenario {
  game: SeededGame;
  pia: string;
  kim: string;
  rae: string;
}

/**
 * A paid game: $10.00 a spot, 5 player spots, 2 guests per player. Pia joins with Sam and Alex (one
 * $30.00 charge), Kim with Lou ($20.00): the game is full. Rae's party of 3 (Bo, Cy) waits, consenting
 * to a $30.00 automatic charge. Pia removes Sam: his $10.00 share less the $0.59 fee, $9.41, goes back;
 * the one spot freed is too few for Rae's party, which keeps its place.
 */
async function playScenario(): Promise<Scenario> {
  const db = database();
  const game = await seedGame(db, { title: uniqueTitle("Roster Guests"), costCents: 1000, maxPlayers: 5, maxGuestsPerPlayer: 2 });
  const [pia, kim, rae] = await Promise.all([player("Pia", "Pitch"), player("Kim", "Kicker"), player("Rae", "Reserve")]);

  const piaJoined = await joinGame(pia.page, game, { role: "player", paymentMethodId: (await saveCard(pia.page)).id, guests: [guest("Sam"), guest("Alex")] });
  expect(piaJoined.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });
  const kimJoined = await joinGame(kim.page, game, { role: "player", paymentMethodId: (await saveCard(kim.page)).id, guests: [guest("Lou")] });
  expect(kimJoined.registration).toMatchObject({ status: "confirmed", amountCents: 2000 });
  expect((await eventOf(rae.page, game)).playersCount).toBe(5);

  const raeJoined = await joinGame(rae.page, game, {
    role: "player",
    paymentMethodId: (await saveCard(rae.page)).id,
    consentToAutoCharge: true,
    guests: [guest("Bo"), guest("Cy")],
  });
  expect(raeJoined.registration).toMatchObject({ status: "waitlisted", amountCents: 3000 });

  // Pia takes Sam out of her party, as the event page's Remove does.
  const [mine] = (await eventOf(pia.page, game)).mine;
  const sam = mine?.guests?.find((one) => one.name === "Sam");
  expect(sam, JSON.stringify(mine)).toBeDefined();
  const removed = await pia.page.request.delete(`/api/events/${game.id}/registrations/me/guests/${sam!.id}`);
  expect(removed.status(), await removed.text()).toBe(200);
  expect(await removed.json()).toEqual({ refundCents: 941 });

  // The refund job settles Sam's share; nothing else moves (Rae's party of 3 does not fit 1 free spot).
  await expect
    .poll(
      async () =>
        (await db.query<{ kind: string; status: string; amount_cents: number }>(`select kind, status, amount_cents from payment where event_id = $1`, [game.id])).rows
          .map((row) => `${row.kind} ${row.status} ${row.amount_cents}`)
          .sort(),
      JOBS,
    )
    .toEqual(["charge succeeded 2000", "charge succeeded 3000", "refund succeeded 941"]);
  const waiting = await eventOf(rae.page, game);
  expect(waiting.mine).toMatchObject([{ status: "waitlisted", waitlistPosition: 1, amountCents: 3000 }]);
  expect(waiting.playersCount).toBe(4);

  return { game, pia: pia.name, kim: kim.name, rae: rae.name };
}

/** The roster's lines, without the Joined column (a time): name, role, status, from the waitlist, paid, fee, refund, refund status, card, check-in, no-shows. */
function expectedRoster({ pia, kim }: Scenario): string[][] {
  return [
    // The party's fee is the player's: 2.9% + $0.30 of the $30.00 charge.
    [pia, "Player", "Confirmed", "No", "$10.00", "$1.17", "—", "—", "Visa •••• 4242", "—", "0"],
    [`Sam (guest of ${pia})`, "Player", "Removed from the party", "No", "$10.00", "$0.00", "$9.41", "refunded", "—", "—", "0"],
    [`Alex (guest of ${pia})`, "Player", "Confirmed", "No", "$10.00", "$0.00", "—", "—", "—", "—", "0"],
    // Of the $20.00 charge.
    [kim, "Player", "Confirmed", "No", "$10.00", "$0.88", "—", "—", "Visa •••• 4242", "—", "0"],
    [`Lou (guest of ${kim})`, "Player", "Confirmed", "No", "$10.00", "$0.00", "—", "—", "—", "—", "0"],
  ];
}

/** The player waitlist's lines without Joined: place, name, party, card. A party waits at one place. */
function expectedWaitlist({ rae }: Scenario): string[][] {
  return [
    ["1", rae, "3 people", "Visa •••• 4242"],
    ["1", `Bo (guest of ${rae})`, "3 people", "—"],
    ["1", `Cy (guest of ${rae})`, "3 people", "—"],
  ];
}

const withoutJoined = (rows: string[][], joinedAt: number) => rows.map((row) => row.filter((_, index) => index !== joinedAt));

/** Reads the roster screen and checks it against the scenario: lines, summary, waitlist, totals, CSV. */
async function checkRoster(page: Page, scenario: Scenario) {
  const { game } = scenario;
  // Counted as capacity counts them: Pia, Alex, Kim and Lou; Sam's spot is free, and too few for Rae's party of 3.
  await page.getByText(/^Kick-off .+ · 4 of 5 player spots held$/).waitFor();

  const rosterTable = region(page, "Roster table").getByRole("table");
  await rosterTable.waitFor();
  const onScreen = await tableRows(rosterTable);
  expect(withoutJoined(onScreen, 3)).toEqual(expectedRoster(scenario));
  // Each person's name is the row's header.
  expect(await rosterTable.getByRole("rowheader").allTextContents()).toEqual(expectedRoster(scenario).map((row) => row[0]));

  const waitlistTable = region(page, "Player waitlist table").getByRole("table");
  expect(withoutJoined(await tableRows(waitlistTable), 3)).toEqual(expectedWaitlist(scenario));

  // The totals add the lines: paid 5 × $10.00, fees $1.17 + $0.88, Sam's refund; net $50.00 − $2.05 − $9.41.
  const totals = region(page, "Totals");
  expect(await totals.locator("dt").allTextContents()).toEqual(["Paid", "Processing fees", "Refunds", "Net"]);
  expect(await totals.locator("dd").allTextContents()).toEqual(["$50.00", "$2.05", "$9.41", "$38.54"]);

  // The CSV: the same lines, fetched from the link's address with the admin's session.
  const href = await page.getByRole("link", { name: "Download roster CSV" }).getAttribute("href");
  expect(href).toBe(`/api/admin/events/${game.id}/roster.csv`);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
  const text = (await response.body()).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([
    "List",
    "Waitlist place",
    "Name",
    "Party size",
    "Role",
    "Status",
    // The game's own clock, its zone named (the seeded games are in UTC).
    "Joined (UTC)",
    "From the waitlist",
    "Paid",
    "Fee",
    "Refund",
    "Refund status",
    "Card",
    "Checked in",
    "No-show",
    "No-shows (90 days)",
  ]);
  const column = (row: string[], name: string) => row[header!.indexOf(name)]!;
  const pick = (row: string[], names: string[]) => names.map((name) => column(row, name));
  const { pia, kim, rae } = scenario;
  const money = ["List", "Waitlist place", "Name", "Party size", "Role", "Status", "From the waitlist", "Paid", "Fee", "Refund", "Refund status", "Card", "Checked in", "No-show"];
  expect(rows.map((row) => pick(row, money))).toEqual([
    // Pia's party is 2 now (Sam is out of it); each of its lines says so.
    ["Roster", "", pia, "2", "player", "confirmed", "no", "10.00", "1.17", "0.00", "", "Visa •••• 4242", "no", "no"],
    ["Roster", "", `Sam (guest of ${pia})`, "2", "player", "removed", "no", "10.00", "0.00", "9.41", "succeeded", "", "no", "no"],
    ["Roster", "", `Alex (guest of ${pia})`, "2", "player", "confirmed", "no", "10.00", "0.00", "0.00", "", "", "no", "no"],
    ["Roster", "", kim, "2", "player", "confirmed", "no", "10.00", "0.88", "0.00", "", "Visa •••• 4242", "no", "no"],
    ["Roster", "", `Lou (guest of ${kim})`, "2", "player", "confirmed", "no", "10.00", "0.00", "0.00", "", "", "no", "no"],
    // Nothing is charged while waiting.
    ["Player waitlist", "1", rae, "3", "player", "waitlisted", "no", "0.00", "0.00", "0.00", "", "Visa •••• 4242", "no", "no"],
    ["Player waitlist", "1", `Bo (guest of ${rae})`, "3", "player", "waitlisted", "no", "0.00", "0.00", "0.00", "", "", "no", "no"],
    ["Player waitlist", "1", `Cy (guest of ${rae})`, "3", "player", "waitlisted", "no", "0.00", "0.00", "0.00", "", "", "no", "no"],
  ]);
  // The same people, in the same order, as the screen's table; every join a time.
  expect(rows.filter((row) => column(row, "List") === "Roster").map((row) => column(row, "Name"))).toEqual(onScreen.map((row) => row[0]));
  for (const row of rows) expect(Number.isNaN(Date.parse(column(row, "Joined (UTC)"))), column(row, "Joined (UTC)")).toBe(false);
  // The CSV's lines add up to the totals on screen.
  const cents = (cell: string) => Math.round(Number(cell) * 100);
  const roster = rows.filter((row) => column(row, "List") === "Roster");
  expect(roster.reduce((sum, row) => sum + cents(column(row, "Paid")), 0)).toBe(5000);
  expect(roster.reduce((sum, row) => sum + cents(column(row, "Fee")), 0)).toBe(205);
  expect(roster.reduce((sum, row) => sum + cents(column(row, "Refund")), 0)).toBe(941);
}

describe("the organiser's roster with +1 guests", () => {
  it("lists one line per person, guests after their player with their part of the money, a waiting party at one place, at 1280 px and at 375 px", { timeout: 240_000 }, async () => {
    const scenario = await playScenario();
    const { game } = scenario;
    const admin = await adminAccount();

    // 1280 px: from the game's page, as an organiser would.
    const desktop = await newPage(DESKTOP);
    await login(desktop, admin);
    await openGame(desktop, game);
    await desktop.getByRole("link", { name: "Roster", exact: true }).click();
    await desktop.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    expect(pathOf(desktop)).toBe(`/console/events/${game.id}`);
    await checkRoster(desktop, scenario);
    await noSidewaysScroll(desktop);
    await expectNoAxeViolations(desktop);
    await screenshot(desktop, "console-guests-roster-1280");

    // 375 px: a phone opening the roster's address.
    const phone = await newPage(PHONE);
    await login(phone, admin);
    await phone.goto(`/console/events/${game.id}`);
    await phone.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    await checkRoster(phone, scenario);

    // The page never scrolls sideways; the roster's box does, and its names stay in view while it does.
    await noSidewaysScroll(phone);
    const box = region(phone, "Roster table");
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const names = box.getByRole("rowheader");
    // The whole box on screen (a vertical scroll only: the page has no sideways one).
    await box.evaluate((element) => element.scrollIntoView({ block: "center", inline: "nearest" }));
    for (const scrolled of ["start", "end"] as const) {
      await box.evaluate((element, to) => element.scrollTo({ left: to === "end" ? element.scrollWidth : 0 }), scrolled);
      await expect.poll(() => box.evaluate((element) => Math.round(element.scrollLeft) > 0), JOBS).toBe(scrolled === "end");
      const frame = (await box.boundingBox())!;
      for (const name of await names.all()) {
        const cell = (await name.boundingBox())!;
        const label = `${await name.textContent()} (scrolled to the ${scrolled})`;
        // Whole, inside the box and the screen, and on top: the cell itself is what shows at its middle.
        expect(cell.x, label).toBeGreaterThanOrEqual(frame.x - 0.5);
        expect(cell.x + cell.width, label).toBeLessThanOrEqual(Math.min(frame.x + frame.width, PHONE.width) + 0.5);
        expect(await name.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          return top !== null && element.contains(top);
        }), label).toBe(true);
      }
    }
    await box.evaluate((element) => element.scrollTo({ left: 0 }));
    await noSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await screenshot(phone, "console-guests-roster-375");
  });
});
