import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseCsv } from "#test/csv.ts";
import { createVerifiedUser, login, PASSWORD } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { baseURL, expectConsoleError, screenshot, useBrowser } from "./support/browser.ts";
import { adminAccount, currentUser, joinGame, saveCard, seedGame, seedRegistrations, type SeededGame, TEST_CARDS, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * The organiser's console (docs/product-rules.md, "Organiser's console"): a week of games played
 * through the real flows — paid joins, a decline, a waitlist promotion, a player cancel, an admin
 * cancel with a refund the processor refuses — then moved back to a week of 2021 that no other spec
 * touches, so that every figure on the screen is known to the cent whatever else the run did.
 */

const { newPage } = useBrowser();
const database = useDatabase();

/** The week the scenario is moved to, and the organiser's zone (the browser's, sent as tz). */
const WEEK = { from: "2021-03-01", to: "2021-03-07" };
const ZONE = "America/Toronto";
/** Jobs (refunds, the promotion's charge) run in the app's background: give them time on a busy machine. */
const JOBS = { timeout: 30_000, interval: 250 };
const DESKTOP_BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** The card the simulated processor charges but never refunds (Stripe's 4000 0000 0000 5126). */
const REFUND_FAILS = "4000 0000 0000 5126";

const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });
const region = (scope: Page | Locator, name: string) => scope.getByRole("region", { name, exact: true });

/** The figure a card shows for a term: the <dd> right after its <dt>. */
function figure(page: Page, card: string, term: string): Locator {
  return region(page, card).locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
}

/** A new verified user with a session of their own (signed in through the API: the login screen has its own specs). */
async function player(firstName: string, lastName: string) {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: user.email, password: PASSWORD }, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(200);
  return { page, user, name: user.name };
}

/** Every text cell of a table's body rows, row by row. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent?.trim() ?? "")));
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

interface Scenario {
  held: SeededGame;
  cancelled: SeededGame;
  names: { leaver: string; declined: string; second: string; waiting: string; keeper: string; paidToCancel: string; refused: string; later: string };
}

/**
 * The held game: 2 player spots at $10.00 and 2 goalkeeper spots at $5.00. Pam pays, Dee's card is
 * declined, Pat pays, Wes joins the waitlist with his card, Gil pays as goalkeeper; Pam cancels
 * (refund $10.00 − $0.59 fee = $9.41) and Wes is promoted and charged automatically; Vera waits.
 * The cancelled game: Quinn and Rita pay $10.00; the admin cancels it: Quinn is refunded in full,
 * Rita's refund is refused by the processor.
 */
async function playScenario(): Promise<Scenario> {
  const db = database();
  const held = await seedGame(db, { title: uniqueTitle("Console Thursday"), costCents: 1000, maxPlayers: 2, includeGoalkeepers: true, goalkeeperCostCents: 500, maxGoalkeepers: 2 });
  const cancelled = await seedGame(db, { title: uniqueTitle("Console Friday"), costCents: 1000, maxPlayers: 4 });

  // The accounts at once (each waits for its verification mail); then the joins, in order.
  const [pam, dee, pat, wes, gil, quinn, rita] = await Promise.all([
    player("Pam", "Leaver"),
    player("Dee", "Declined"),
    player("Pat", "Second"),
    player("Wes", "Waiting"),
    player("Gil", "Keeper"),
    player("Quinn", "Paid"),
    player("Rita", "Refused"),
  ]);
  await joinGame(pam.page, held, { role: "player", paymentMethodId: (await saveCard(pam.page)).id });

  const deeCard = await saveCard(dee.page, TEST_CARDS.declinedOnCharge);
  const declined = await dee.page.request.post(`/api/events/${held.id}/registrations`, { data: { role: "player", paymentMethodId: deeCard.id } });
  expect(declined.status(), await declined.text()).toBe(402);

  await joinGame(pat.page, held, { role: "player", paymentMethodId: (await saveCard(pat.page)).id });

  const waited = await joinGame(wes.page, held, { role: "player", paymentMethodId: (await saveCard(wes.page)).id, consentToAutoCharge: true });
  expect(waited.registration.status).toBe("waitlisted");

  await joinGame(gil.page, held, { role: "goalkeeper", paymentMethodId: (await saveCard(gil.page)).id });

  const left = await pam.page.request.delete(`/api/events/${held.id}/registrations/me`);
  expect(await left.json()).toEqual({ refundCents: 941 });

  await joinGame(quinn.page, cancelled, { role: "player", paymentMethodId: (await saveCard(quinn.page)).id });
  await joinGame(rita.page, cancelled, { role: "player", paymentMethodId: (await saveCard(rita.page, REFUND_FAILS)).id });

  const admin = await newPage();
  await login(admin, await adminAccount());
  expect((await admin.request.post(`/api/events/${cancelled.id}/cancel`, { data: {} })).status()).toBe(200);

  // Wait for the jobs: Wes charged, every refund settled (Rita's refused).
  const wesId = (await currentUser(wes.page)).id;
  await expect
    .poll(async () => (await db.query<{ status: string }>(`select status from registration where event_id = $1 and user_id = $2`, [held.id, wesId])).rows[0]?.status, JOBS)
    .toBe("confirmed");
  await expect
    .poll(
      async () =>
        (
          await db.query<{ kind: string; status: string; amount_cents: number }>(
            `select kind, status, amount_cents from payment where event_id = any($1)`,
            [[held.id, cancelled.id]],
          )
        ).rows
          .map((row) => `${row.kind} ${row.status} ${row.amount_cents}`)
          .sort(),
      JOBS,
    )
    .toEqual([
      "charge failed 1000", // Dee's decline
      "charge succeeded 500",
      "charge succeeded 1000",
      "charge succeeded 1000",
      "charge succeeded 1000",
      "charge succeeded 1000",
      "charge succeeded 1000",
      "refund failed 1000", // Rita's
      "refund succeeded 941", // Pam's
      "refund succeeded 1000", // Quinn's
    ].sort());

  // Someone waiting behind the game, for the roster's waitlist.
  const [later] = await seedRegistrations(db, held, ["Vera Later"], { status: "waitlisted" });
  await db.query(`update registration set waitlisted_at = created_at where event_id = $1 and status = 'waitlisted'`, [held.id]);

  // Into the week of 2021, whole days back so every time keeps its hour; then the pitch: Wes came, Pat did not.
  const days = Math.floor((Date.now() - Date.parse(`2021-03-02T00:00:00Z`)) / 86_400_000);
  const shift = `${days} days`;
  const games = [held.id, cancelled.id];
  await db.query(`update event set starts_at = starts_at - $2::interval, ends_at = ends_at - $2::interval where id = any($1)`, [games, shift]);
  await db.query(
    `update registration set created_at = created_at - $2::interval, updated_at = updated_at - $2::interval,
            waitlisted_at = waitlisted_at - $2::interval, promoted_at = promoted_at - $2::interval where event_id = any($1)`,
    [games, shift],
  );
  await db.query(`update payment set created_at = created_at - $2::interval, updated_at = updated_at - $2::interval where event_id = any($1)`, [games, shift]);
  const patId = (await currentUser(pat.page)).id;
  await db.query(`update registration r set checked_in_at = e.starts_at - interval '10 minutes' from event e where e.id = r.event_id and r.event_id = $1 and r.user_id = $2`, [held.id, wesId]);
  await db.query(`update registration r set no_show_at = e.ends_at + interval '1 hour' from event e where e.id = r.event_id and r.event_id = $1 and r.user_id = $2`, [held.id, patId]);

  return {
    held,
    cancelled,
    names: { leaver: pam.name, declined: dee.name, second: pat.name, waiting: wes.name, keeper: gil.name, paidToCancel: quinn.name, refused: rita.name, later: later! },
  };
}

describe("the organiser's console", () => {
  // The longest spec here: seven accounts, ten payments and the jobs that settle them.
  it("adds up a week of paid games to the cent, lists its games, and opens a game's roster with its CSV", { timeout: 240_000 }, async () => {
    const scenario = await playScenario();
    const page = await newPage({ timezoneId: ZONE });
    await login(page, await adminAccount());

    // From the menu, next to Create New Event.
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Console" }).click();
    await page.getByRole("heading", { name: "Console", level: 1 }).waitFor();
    expect(await page.getByRole("radio", { name: "Last 30 days" }).isChecked()).toBe(true);

    // A range the server would refuse is said next to its field, and nothing is asked for.
    await page.getByText("Custom range").click();
    await page.getByLabel("From", { exact: true }).fill(WEEK.to);
    await page.getByLabel("To", { exact: true }).fill(WEEK.from);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.getByText("The end date must not be before the start date.").waitFor();
    expect(await page.getByLabel("To", { exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);

    await page.getByLabel("From", { exact: true }).fill(WEEK.from);
    await page.getByLabel("To", { exact: true }).fill(WEEK.to);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.getByText("Mar 1 – Mar 7, 2021", { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe(`?from=${WEEK.from}&to=${WEEK.to}`);
    await figure(page, "Games", "Held").waitFor();

    const expected: [card: string, term: string, value: string][] = [
      ["Games", "Held", "1"],
      ["Games", "Cancelled", "1"],
      ["Games", "Upcoming", "0"],
      ["Fill rate", "Players", "100%"], // Pat and Wes in 2 spots
      ["Fill rate", "Goalkeepers", "50%"], // Gil in 2 spots
      ["Fill rate", "Distinct players", "3"],
      // 5 × $10.00 + $5.00; fees 5 × $0.59 + $0.45 (2.9% + 30¢ each)
      ["Money", "Gross collected", "$55.00"],
      ["Money", "Processing fees", "$3.40"],
      ["Money", "Refunded", "$19.41"],
      ["Money", "Net", "$32.19"], // 55.00 − 3.40 − 9.41 − 10.00: Rita's refused refund is not money out
      ["Refunds", "Player cancels", "$9.41"],
      ["Refunds", "Admin cancels", "$10.00"],
      ["Refunds", "Other", "$0.00"],
      ["Refunds", "Pending", "$0.00"],
      ["Refunds", "Failed", "$10.00"],
      ["Waitlist", "Waitlist joins", "2"], // Wes, then Vera
      ["Waitlist", "Promotions", "1"],
      ["Waitlist", "Automatic charges", "1"],
      ["Waitlist", "Automatic charges failed", "0"],
      ["Attendance", "Late cancels", "0"],
      ["Attendance", "No-shows", "1"],
    ];
    const shown = await Promise.all(expected.map(async ([card, term]) => [card, term, (await figure(page, card, term).textContent())?.trim()]));
    expect(shown).toEqual(expected);
    expect(await region(page, "Money").getByText("From 6 charges").isVisible()).toBe(true);

    // Three charts drawn, each an image with its figures in words and a table a keyboard opens.
    await expect.poll(() => page.locator("canvas").count(), JOBS).toBeGreaterThanOrEqual(3);
    const moneyChart = page.getByRole("img", { name: /^Collected and refunded per day\./ });
    expect(await moneyChart.getAttribute("aria-label")).toContain("$55.00 collected and $19.41 refunded over 7 days");
    const moneySummary = page.getByText("Show as table: Collected and refunded per day");
    await moneySummary.focus();
    await page.keyboard.press("Enter");
    const moneyTable = region(page, "Collected and refunded per day, as a table").getByRole("table");
    await moneyTable.waitFor();
    const days = await tableRows(moneyTable);
    expect(days.map((row) => row[0])).toEqual(["Mon, Mar 1, 2021", "Tue, Mar 2, 2021", "Wed, Mar 3, 2021", "Thu, Mar 4, 2021", "Fri, Mar 5, 2021", "Sat, Mar 6, 2021", "Sun, Mar 7, 2021"]);
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
    expect(days.reduce((sum, row) => sum + cents(row[1]!), 0)).toBe(5500);
    expect(days.reduce((sum, row) => sum + cents(row[2]!), 0)).toBe(1941);
    expect(await moneyTable.locator("tfoot").textContent()).toBe("Total$55.00$19.41");
    await page.getByText("Show as table: Registrations per day").click();
    // Pam, Dee, Pat, Wes, Gil and Vera; Quinn and Rita.
    expect(await region(page, "Registrations per day, as a table").locator("tfoot").textContent()).toBe("Total8");
    await page.getByText("Show as table: Fill rate per game").click();
    const fill = await tableRows(region(page, "Fill rate per game, as a table").getByRole("table"));
    expect(fill).toEqual([[expect.stringContaining(scenario.held.title), "100% (2 of 2)", "50% (1 of 2)"]]);

    const games = await tableRows(region(page, "Games in the period").getByRole("table"));
    expect(games.map((row) => [row[1], row[2], row[3], row[4], row[5]])).toEqual([
      [scenario.held.title, "Played", "2 of 2", "1 of 2", "75%"],
      [scenario.cancelled.title, "Cancelled", "0 of 4", "—", "—"],
    ]);
    const paymentsCsv = page.getByRole("link", { name: "Download payments CSV" });
    expect(await paymentsCsv.getAttribute("href")).toBe(`/api/admin/payments.csv?from=${WEEK.from}&to=${WEEK.to}&tz=${encodeURIComponent(ZONE)}`);

    await expectNoAxeViolations(page);
    await screenshot(page, "console-1280");

    // The held game's roster, from its row.
    await region(page, "Games in the period").getByRole("link", { name: scenario.held.title }).click();
    await page.getByRole("heading", { name: scenario.held.title, level: 1 }).waitFor();
    const rosterTable = region(page, "Roster table").getByRole("table");
    await rosterTable.waitFor();
    const { names } = scenario;
    const onScreen = await tableRows(rosterTable);
    // Name, role, status, (joined), from the waitlist, paid, fee, refund, refund status, card, check-in, no-shows in 90 days.
    expect(onScreen.map((row) => row.filter((_, index) => index !== 3))).toEqual([
      [names.leaver, "Player", "Refunded", "No", "$10.00", "$0.59", "$9.41", "refunded", "Visa •••• 4242", "—", "0"],
      [names.declined, "Player", "Payment failed", "No", "$0.00", "$0.00", "—", "—", "Visa •••• 0341", "—", "0"],
      [names.second, "Player", "Confirmed", "No", "$10.00", "$0.59", "—", "—", "Visa •••• 4242", "No-show", "0"],
      [names.waiting, "Player", "Confirmed", "Yes", "$10.00", "$0.59", "—", "—", "Visa •••• 4242", "Checked in", "0"],
      [names.keeper, "Goalkeeper", "Confirmed", "No", "$5.00", "$0.45", "—", "—", "Visa •••• 4242", "—", "0"],
    ]);
    expect(await tableRows(region(page, "Player waitlist table").getByRole("table"))).toEqual([["1", names.later, "1 person", expect.any(String), "—"]]);
    const totals = region(page, "Totals");
    expect(await totals.locator("dd").allTextContents()).toEqual(["$35.00", "$2.22", "$9.41", "$23.37"]);

    // The CSV is the same roster: RFC 4180 with a byte-order mark, amounts as plain decimals.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download roster CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^roster-2021-03-0\d\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["List", "Waitlist place", "Name", "Party size", "Role", "Status", "Joined (UTC)", "From the waitlist", "Paid", "Fee", "Refund", "Refund status", "Card", "Checked in", "No-show", "No-shows (90 days)"]);
    const column = (row: string[], name: string) => row[header!.indexOf(name)]!;
    const money = (cell: string) => `$${cell}`;
    const csvAsScreen = rows
      .filter((row) => column(row, "List") === "Roster")
      .map((row) => [
        column(row, "Name"),
        column(row, "Role") === "goalkeeper" ? "Goalkeeper" : "Player",
        { refunded: "Refunded", confirmed: "Confirmed", payment_failed: "Payment failed" }[column(row, "Status")] ?? column(row, "Status"),
        column(row, "From the waitlist") === "yes" ? "Yes" : "No",
        money(column(row, "Paid")),
        money(column(row, "Fee")),
        column(row, "Refund status") ? money(column(row, "Refund")) : "—",
        column(row, "Refund status") === "succeeded" ? "refunded" : column(row, "Refund status") || "—",
        column(row, "Card") || "—",
        column(row, "Checked in") === "yes" ? "Checked in" : column(row, "No-show") === "yes" ? "No-show" : "—",
        column(row, "No-shows (90 days)"),
      ]);
    expect(csvAsScreen).toEqual(onScreen.map((row) => row.filter((_, index) => index !== 3)));
    for (const row of rows) expect(Date.parse(column(row, "Joined (UTC)")), column(row, "Joined (UTC)")).toBeGreaterThanOrEqual(Date.parse("2021-03-01T05:00:00Z"));
    expect(rows.filter((row) => column(row, "List") !== "Roster").map((row) => [column(row, "List"), column(row, "Waitlist place"), column(row, "Name"), column(row, "Party size")])).toEqual([
      ["Player waitlist", "1", names.later, "1"],
    ]);

    await expectNoAxeViolations(page);
    await screenshot(page, "console-roster-1280");

    // On a phone: the tables scroll inside their boxes, the page does not.
    await page.setViewportSize({ width: 375, height: 800 });
    await noSidewaysScroll(page);
    const box = region(page, "Roster table");
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await screenshot(page, "console-roster-375");
    await page.getByRole("link", { name: "Back to the console" }).click();
    await page.getByText("Mar 1 – Mar 7, 2021", { exact: true }).waitFor();
    await figure(page, "Money", "Net").waitFor();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "console-375");
  });

  it("lists a refused refund under Needs attention and retries it, saying so", async () => {
    const db = database();
    const game = await seedGame(db, { title: uniqueTitle("Console Retry"), costCents: 1000 });
    const rhea = await player("Rhea", "Retry");
    await joinGame(rhea.page, game, { role: "player", paymentMethodId: (await saveCard(rhea.page, REFUND_FAILS)).id });
    const page = await newPage({ width: 375, height: 800 });
    await login(page, await adminAccount());
    expect((await page.request.post(`/api/events/${game.id}/cancel`, { data: {} })).status()).toBe(200);
    const refund = async () => (await db.query<{ status: string }>(`select status from payment where event_id = $1 and kind = 'refund'`, [game.id])).rows[0]?.status;
    await expect.poll(refund, JOBS).toBe("failed");

    await page.goto("/console");
    const attention = region(page, "Needs attention");
    const item = attention.getByRole("listitem").filter({ hasText: rhea.name });
    await item.getByText(`Refund failed: ${rhea.name}, $10.00`).waitFor();
    expect(await item.getByText("The processor refused this refund. Retry it;", { exact: false }).isVisible()).toBe(true);
    expect(await item.getByRole("link", { name: game.title }).getAttribute("href")).toBe(`/console/events/${game.id}`);

    await item.getByRole("button", { name: `Retry the refund of $10.00 to ${rhea.name}` }).click();
    await attention.getByRole("status").getByText(`The refund of $10.00 to ${rhea.name} is being tried again.`).waitFor();
    // The processor refuses it again (this card's refunds always fail): back in the list, once the job has run.
    await expect.poll(refund, JOBS).toBe("failed");
    await noSidewaysScroll(page);
  });

  it("says when a period has no games, offers Retry when the overview cannot be loaded, and charts the month's visits", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Console Visit") });
    // In the machine's zone, the app's analytics zone too: the browser's month is the analytics' month.
    // Headless Chromium names itself in its user agent, and analytics leaves bots out: a person's browser instead.
    const page = await newPage({ userAgent: DESKTOP_BROWSER });
    await login(page, await adminAccount());
    // A game's page opened, for the month's funnel (its beacon is sent once the page has painted).
    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const gamesSeen = async () => {
      const report = (await (await page.request.get(`/api/admin/analytics?from=${day(-2)}&to=${day(1)}`)).json()) as { games: { eventId: string }[] };
      return report.games.map((seen) => seen.eventId);
    };
    await expect.poll(gamesSeen, JOBS).toContain(game.id);

    await page.goto("/console?from=2020-01-06&to=2020-01-12");
    await page.getByText("No games in this period.").waitFor();
    await page.getByText("No visits counted in this period.").waitFor();
    await expectNoAxeViolations(page);

    const overview = (url: URL) => url.pathname === "/api/admin/overview";
    expectConsoleError(/status of 500 .*\/api\/admin\/overview/);
    await page.route(overview, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "An unexpected error occurred." } }) }),
    );
    await page.getByText("This month").click();
    const alert = page.getByRole("alert").filter({ hasText: "The overview could not be loaded." });
    await alert.waitFor();
    await page.unroute(overview);
    await alert.getByRole("button", { name: "Retry" }).click();
    await figure(page, "Games", "Held").waitFor();
    expect(new URL(page.url()).search).toBe("?period=month");

    // This month has the visits this run's browsers made (first-party analytics), this admin's included.
    const views = figure(page, "Visits in the period", "Page views");
    await views.waitFor();
    expect(Number((await views.textContent())!.replace(/,/g, ""))).toBeGreaterThan(0);
    await page.getByRole("img", { name: /^Page views and visitors per day\./ }).waitFor();
    await page.getByRole("img", { name: /^Funnel per game\./ }).waitFor();
    await expectNoAxeViolations(page);
    await region(page, "Visits").scrollIntoViewIfNeeded();
    await screenshot(page, "console-visits-1280");
  });

  it("is the admins' only: a player is shown the games, and the event page's Roster link is for admins", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Console Link") });
    const someone = await player("Nico", "Notadmin");
    await someone.page.goto("/console");
    await someone.page.getByRole("heading", { name: "Available Events" }).waitFor();
    await someone.page.goto(`/event/${game.id}`);
    await someone.page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    expect(await someone.page.getByRole("link", { name: "Roster", exact: true }).count()).toBe(0);

    const page = await newPage();
    await login(page, await adminAccount());
    await page.goto(`/event/${game.id}`);
    await page.getByRole("link", { name: "Roster", exact: true }).click();
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    await page.getByText("No one has held a spot in this game yet.").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/events/${game.id}`);
  });
});
