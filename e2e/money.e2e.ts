import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { ARTIFACTS_DIR, useBrowser } from "./support/browser.ts";
import { adminAccount, joinGame, saveCard, seedGame, seedRegistrations, TEST_CARDS, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Money as the browser shows it: a saved card that waitlist places rely on, the minimum price on
 * the create form, and amounts in the currency the server is configured with.
 */
const { newPage } = useBrowser();
const database = useDatabase();

async function signedIn(firstName: string, lastName: string): Promise<Page> {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage();
  await login(page, user);
  return page;
}

async function paymentMethodOf(registrationId: string): Promise<{ status: string; payment_method_id: string | null; closed_reason: string | null }> {
  const { rows } = await database().query(`select status, payment_method_id, closed_reason from registration where id = $1`, [registrationId]);
  return rows[0];
}

describe("removing a saved card that waitlist places rely on", () => {
  it("asks which card to charge instead, or gives the places up; by keyboard, and accessible", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 1, title: uniqueTitle("Full Friday Game") });
    await seedRegistrations(database(), game, ["Hank Holder"], { status: "confirmed" });
    const page = await signedIn("Wally", "Waiting");
    const first = await saveCard(page, TEST_CARDS.ok);
    const second = await saveCard(page, TEST_CARDS.insufficientFunds);
    const joined = await joinGame(page, game, { role: "player", paymentMethodId: first.id, consentToAutoCharge: true });
    expect(joined.registration.status).toBe("waitlisted");

    await page.goto("/profile");
    const savedCards = page.getByRole("region", { name: "Saved cards" });
    await savedCards.getByRole("button", { name: "Remove Visa ending in 4242" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Visa ending in 4242?" });
    await dialog.waitFor();
    const games = dialog.getByRole("list", { name: "Waitlists charged to this card" });
    expect(await games.getByRole("listitem").count()).toBe(1);
    expect(await games.textContent()).toContain(game.title);
    expect(await games.textContent()).toContain("Player Waitlist");
    await expectNoAxeViolations(page, dialog);
    // What is on screen (a full-page screenshot would resize the window under the dialog).
    mkdirSync(`${ARTIFACTS_DIR}/screens`, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS_DIR}/screens/card-in-use-dialog.png` });

    // Escape keeps the card and its place as they were.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await savedCards.getByRole("listitem").count()).toBe(2);
    expect((await paymentMethodOf(joined.registration.id)).payment_method_id).toBe(first.id);

    // The other card, chosen with the keyboard alone: the dialog has the focus, Tab reaches the choice.
    await savedCards.getByRole("button", { name: "Remove Visa ending in 4242" }).click();
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Tab");
    const replace = dialog.getByRole("button", { name: "Charge it to Visa ending in 9995 instead" });
    expect(await replace.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByText("Visa ending in 4242 was removed. Your waitlist place is now charged to Visa ending in 9995.").waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await savedCards.getByRole("heading", { name: "Saved cards" }).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => savedCards.getByRole("listitem").count()).toBe(1);
    expect(await paymentMethodOf(joined.registration.id)).toMatchObject({ status: "waitlisted", payment_method_id: second.id });

    // The last card: nothing to move the place to, so it is given up, or the card kept.
    await savedCards.getByRole("button", { name: "Remove Visa ending in 9995" }).click();
    const last = page.getByRole("dialog", { name: "Remove Visa ending in 9995?" });
    await last.getByText("You have no other saved card.").waitFor();
    await expectNoAxeViolations(page, last);
    await last.getByRole("button", { name: "Leave that waitlist" }).click();
    await page.getByText("Visa ending in 9995 was removed, and you left that waitlist.").waitFor();
    await savedCards.getByText("No saved cards. Cards you pay with are saved here.").waitFor();
    expect(await paymentMethodOf(joined.registration.id)).toMatchObject({ status: "cancelled", closed_reason: "user_left" });

    // Off the waitlist; the game is still full, so its button names the waitlist again.
    await page.goto(`/event/${game.id}`);
    await page.getByRole("button", { name: "Join the waitlist (0 waiting)" }).waitFor();
  });
});

describe("a waitlist place within 24 hours of its game", () => {
  it("can move to another card but not be given up, so the only card stays", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 1, startsInHours: 20, title: uniqueTitle("Tomorrow Game") });
    await seedRegistrations(database(), game, ["Tess Taken"], { status: "confirmed" });
    const page = await signedIn("Lena", "Late");
    const card = await saveCard(page, TEST_CARDS.ok);
    const joined = await joinGame(page, game, { role: "player", paymentMethodId: card.id, consentToAutoCharge: true });

    await page.goto("/profile");
    const savedCards = page.getByRole("region", { name: "Saved cards" });
    await savedCards.getByRole("button", { name: "Remove Visa ending in 4242" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Visa ending in 4242?" });
    await dialog.getByText("A waitlist place cannot be given up within 24 hours of its game. Keep this card until then.").waitFor();
    expect(await dialog.getByRole("listitem").textContent()).toContain("starts within 24 hours");
    expect(await dialog.getByRole("button", { name: /Leave/ }).count()).toBe(0);
    await expectNoAxeViolations(page, dialog);
    await dialog.getByRole("button", { name: "Keep the card" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await savedCards.getByRole("listitem").count()).toBe(1);
    expect(await paymentMethodOf(joined.registration.id)).toMatchObject({ status: "waitlisted", payment_method_id: card.id });
  });
});

describe("the create form's price", () => {
  it("refuses a paid price below the minimum charge, saying the minimum, before any request", async () => {
    const page = await newPage();
    await login(page, await adminAccount());
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/events") sent.push(request.url());
    });
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    await page.getByLabel("Title").fill(uniqueTitle("Penny Game"));
    await page.getByLabel("Date").fill(await page.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() + 3);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
    }));
    await page.getByLabel("Event Time").fill("19:00");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane");
    await page.getByLabel("Coordinates or map link").fill("40.7812, -73.9665");
    const cost = page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price");
    await cost.fill("0.30");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("10");

    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "The price must be free or at least $0.50." }).waitFor();
    expect(await cost.getAttribute("aria-invalid")).toBe("true");
    expect(await cost.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(sent).toEqual([]);
  });
});

describe("amounts in the configured currency", () => {
  it("writes prices with the currency the server names in /api/config", async () => {
    const game = await seedGame(database(), { costCents: 1000 });
    const page = await signedIn("Eve", "Euro");
    // This app runs in CAD; the web takes whatever /api/config says.
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { payments: { currency: string } };
      await route.fulfill({ response, json: { ...config, payments: { ...config.payments, currency: "eur" } } });
    });
    // Rendered in the browser, which asks for /api/config itself: without the device cookie the
    // server leaves the page to it (a page the server renders carries the server's own answer). Off
    // the app first: an effect of its page still to run would write the cookie again.
    await page.goto("about:blank");
    await page.context().clearCookies({ name: "kickoff_view" });
    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    await page.getByText("€10.00", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "Join as Player" }).click();
    await page.getByRole("dialog", { name: "Complete Your Payment" }).getByRole("button", { name: "Pay €10.00" }).waitFor();
  });
});
