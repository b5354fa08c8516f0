import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { openGame, pathOf, paymentDialog, region, screenshotOnScreen, yourRegistration } from "./support/pages.ts";
import { adminAccount, currentUser, joinGame, saveCard, seedGame, seedRegistrations, type SeededGame, TEST_CARDS, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Paying and its record (issue 21): the cancellation policy before the Pay button and on the status
 * box, the card form on a phone's keyboard and with pasted values, one saved card per card, what
 * Payment Successful! says was bought, Your Events' facts, and the account deletion's list of refunds.
 * Each at 375 px (a phone: touch, its digit keyboard) and 1280 px, with a screenshot and axe.
 */
const { newPage } = useBrowser();
const database = useDatabase();

const WIDTHS = [375, 1280] as const;
const GAME_ZONE = "America/Toronto";
const VENUE = "Lakeshore Fields, 12 Shore Road, Toronto";

/** A phone at 375 px (touch, the digit keyboard inputmode asks for) or a desktop at 1280 px, on the game's clock unless told. */
async function signedIn(width: number, options: { timezoneId?: string; firstName?: string } = {}) {
  const user = await createVerifiedUser({ firstName: options.firstName ?? "Paula", lastName: "Payer" });
  const phone = width < 640;
  const page = await newPage({ width, height: phone ? 740 : 860, isMobile: phone, hasTouch: phone, timezoneId: options.timezoneId ?? GAME_ZONE });
  await login(page, user);
  return { page, user };
}

/** The cancellation deadline, 24 hours before kick-off, as a Toronto clock shows it, worked out here independently of the app. */
async function deadlineOf(game: SeededGame, timeZone = GAME_ZONE): Promise<string> {
  const { rows } = await database().query<{ starts_at: Date }>(`select starts_at from event where id = $1`, [game.id]);
  const deadline = new Date(rows[0]!.starts_at.getTime() - 24 * 3_600_000);
  const format = { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true } as const;
  return new Intl.DateTimeFormat("en-US", format).format(deadline).replace(/\u202f/g, " ");
}

/** The text of whatever describes `element` (aria-describedby), as a screen reader reads it with the element. */
async function descriptionOf(element: Locator): Promise<string> {
  return element.evaluate((node) =>
    (node.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );
}

/** Types like a thumb on a digit pad: one key at a time. */
async function typeOnKeypad(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

describe.each(WIDTHS)("paying at %i px", (width) => {
  it("says the deadline and the refund before Pay, takes a card typed on a phone's keypad, and the receipt says what was bought", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Policy Game"), costCents: 1200, timeZone: GAME_ZONE, locationName: VENUE, startsInHours: 72 });
    const { page } = await signedIn(width);
    await openGame(page, game);
    const deadline = await deadlineOf(game);

    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByLabel("Card number").waitFor();
    // $12.00 − (2.9 % of $12.00 + $0.30 = $0.65) = $11.35, by the server's fee rule.
    const policy = `$12.00 now; cancel by ${deadline} for $11.35 back.`;
    await dialog.getByText(policy).waitFor();
    const pay = dialog.getByRole("button", { name: "Pay $12.00" });
    expect(await descriptionOf(pay)).toBe(`Cancellation: ${policy}`);
    // Before the Pay button in reading order: the policy comes first in the dialog.
    expect(await dialog.evaluate((node, text) => {
      const policyNode = [...node.querySelectorAll("p")].find((p) => p.textContent?.includes(text))!;
      const button = [...node.querySelectorAll("button")].find((b) => b.textContent === "Pay $12.00")!;
      return Boolean(policyNode.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
    }, policy)).toBe(true);

    // The phone's digit keyboard and the browser's card autofill.
    const number = dialog.getByLabel("Card number");
    const expiry = dialog.getByLabel("Expiry (MM/YY)");
    const cvc = dialog.getByLabel("CVC");
    for (const [field, autocomplete] of [[number, "cc-number"], [expiry, "cc-exp"], [cvc, "cc-csc"]] as const) {
      expect(await field.getAttribute("inputmode")).toBe("numeric");
      expect(await field.getAttribute("autocomplete")).toBe(autocomplete);
    }
    await typeOnKeypad(number, "4242424242424242");
    expect(await number.inputValue()).toBe("4242 4242 4242 4242");
    await typeOnKeypad(expiry, "1234");
    expect(await expiry.inputValue()).toBe("12/34");
    await typeOnKeypad(cvc, "123");
    await screenshotOnScreen(page, `paying-policy-${width}`);
    await expectNoAxeViolations(page, dialog);

    await pay.click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe("/confirmation");
    expect(new URL(page.url()).search).toBe(`?event=${game.id}`);
    await page.getByRole("heading", { name: "Payment Successful!", level: 1 }).waitFor();
    await page.getByText("Your spot has been confirmed. You'll receive a confirmation email shortly.").waitFor();
    const facts = page.getByRole("definition");
    await facts.filter({ hasText: game.title }).waitFor();
    const receipt = (await page.getByRole("main").textContent()) ?? "";
    for (const part of [game.title, "Player", VENUE, "$12.00", "Visa", "ending in", "4242"]) expect(receipt, part).toContain(part);
    await screenshot(page, `paying-confirmation-${width}`);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "View the game" }).click();
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    await yourRegistration(page).getByText("You're playing").waitFor();
    await yourRegistration(page).getByText(`Cancel by ${deadline} for $11.35 back.`).waitFor();
    await screenshot(page, `paying-status-box-${width}`);
    await expectNoAxeViolations(page);
  });

  it("tells a paid waitlist the card is charged automatically and until when it can leave; pasted card details are taken", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Full Paid Game"), costCents: 1000, maxPlayers: 1, timeZone: GAME_ZONE });
    await seedRegistrations(database(), game, ["Holly Holder"], { status: "confirmed" });
    const { page } = await signedIn(width);
    await openGame(page, game);
    const deadline = await deadlineOf(game);

    // The role is full: its button names the waitlist (docs/product-rules.md, "Full games").
    await page.getByRole("button", { name: "Join the waitlist (0 waiting)" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByText("Your card will be charged $10.00 automatically when a spot frees up, and the spot is yours.").waitFor();
    await dialog.getByText(`Leave the waitlist by ${deadline} at no cost; a spot you were charged for can be cancelled by then for $9.41 back.`).waitFor();

    // Pasted, the way a password manager or a notes app hands them over.
    const number = dialog.getByLabel("Card number");
    await number.click();
    await page.keyboard.insertText("4242-4242-4242-4242");
    expect(await number.inputValue()).toBe("4242 4242 4242 4242");
    const expiry = dialog.getByLabel("Expiry (MM/YY)");
    await expiry.click();
    await page.keyboard.insertText("12 / 34");
    expect(await expiry.inputValue()).toBe("12/34");
    await expiry.fill("");
    await page.keyboard.insertText("1234");
    expect(await expiry.inputValue()).toBe("12/34");
    await dialog.getByLabel("CVC").fill("123");
    await dialog.getByRole("checkbox", { name: "I agree that my card will be charged $10.00 automatically if a spot frees up." }).check();
    await screenshotOnScreen(page, `paying-waitlist-policy-${width}`);
    await expectNoAxeViolations(page, dialog);

    await dialog.getByRole("button", { name: "Join the waitlist" }).click();
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor();
    await yourRegistration(page).getByText(`You can leave the waitlist until ${deadline}.`).waitFor();
  });

  it("chooses the only saved card at first, and keeps one copy of a card saved again", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Saved Card Game"), costCents: 1000, timeZone: GAME_ZONE });
    const { page } = await signedIn(width);
    const first = await saveCard(page, TEST_CARDS.ok);
    // The same card (brand, last 4, expiry) saved again is the card already saved.
    expect((await saveCard(page, TEST_CARDS.ok)).id).toBe(first.id);
    await openGame(page, game);
    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    const only = dialog.getByRole("radio", { name: /Visa ending in 4242/ });
    await only.waitFor();
    expect(await only.isChecked()).toBe(true);
    expect(await dialog.getByRole("radio").count()).toBe(2);
    expect(await dialog.getByLabel("Card number").count()).toBe(0);

    // Typed in again as a new card, it is still one card.
    await dialog.getByRole("radio", { name: "Use a new card" }).check();
    await dialog.getByLabel("Card number").fill(TEST_CARDS.ok);
    await dialog.getByLabel("Expiry (MM/YY)").fill("1234");
    await dialog.getByLabel("CVC").fill("123");
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await page.getByRole("heading", { name: "Payment Successful!", level: 1 }).waitFor({ timeout: 15_000 });
    await page.goto("/profile");
    const savedCards = region(page, "Saved cards");
    await savedCards.getByRole("listitem").first().waitFor();
    expect(await savedCards.getByRole("listitem").count()).toBe(1);
  });
});

describe.each(WIDTHS)("the record at %i px", (width) => {
  it("Your Events says the role, what was paid and refunded, the waitlist place and the venue", async () => {
    const db = database();
    const playing = await seedGame(db, { title: uniqueTitle("Paid Spot"), costCents: 1200, timeZone: GAME_ZONE, locationName: VENUE });
    const waiting = await seedGame(db, { title: uniqueTitle("Waiting Game"), costCents: 1000, maxPlayers: 1, timeZone: GAME_ZONE });
    await seedRegistrations(db, waiting, ["Sol Spot"], { status: "confirmed" });
    await seedRegistrations(db, waiting, ["Ann Ahead"], { status: "waitlisted" });
    const left = await seedGame(db, { title: uniqueTitle("Left Game"), costCents: 1000, timeZone: GAME_ZONE });
    const calledOff = await seedGame(db, { title: uniqueTitle("Called Off"), costCents: 1000, timeZone: GAME_ZONE });
    const { page } = await signedIn(width);
    const card = await saveCard(page);
    await joinGame(page, playing, { role: "player", paymentMethodId: card.id });
    await joinGame(page, waiting, { role: "player", paymentMethodId: card.id, consentToAutoCharge: true });
    await joinGame(page, left, { role: "player", paymentMethodId: card.id });
    expect(await (await page.request.delete(`/api/events/${left.id}/registrations/me`)).json()).toEqual({ refundCents: 941 });
    await joinGame(page, calledOff, { role: "player", paymentMethodId: card.id });
    const admin = await newPage();
    await login(admin, await adminAccount());
    expect((await admin.request.post(`/api/events/${calledOff.id}/cancel`, { data: {} })).status()).toBe(200);

    await page.goto("/your-events");
    const current = region(page, "Current Events");
    const item = (section: Locator, game: SeededGame) => section.getByRole("link", { name: new RegExp(game.title) });
    await item(current, playing).waitFor();
    expect(await item(current, playing).textContent()).toContain("Player · Paid $12.00");
    expect(await item(current, playing).textContent()).toContain(VENUE);
    expect(await item(current, waiting).textContent()).toContain("Player Waitlist #2 · Nothing charged yet");
    expect(await item(region(page, "Refunded Events"), left).textContent()).toContain("Player · Paid $10.00 · Refunded $9.41");
    // The section keeps the original product's title; the app's own word is "Cancelled".
    const cancelled = item(region(page, "Canceled/Refunded Events"), calledOff);
    expect(await cancelled.textContent()).toContain("Player · Cancelled · Paid $10.00 · Refunded $10.00");
    expect(await page.getByRole("main").getByText(/canceled/i).allTextContents()).toEqual(["Canceled/Refunded Events"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `paying-your-events-${width}`);
    await expectNoAxeViolations(page);
  });

  it("lists each game held and its refund before an account is deleted, and the deletion refunds that", async () => {
    const db = database();
    const ahead = await seedGame(db, { title: uniqueTitle("Ahead Game"), costCents: 1000, timeZone: GAME_ZONE, startsInHours: 72 });
    const soon = await seedGame(db, { title: uniqueTitle("Soon Game"), costCents: 1000, timeZone: GAME_ZONE, startsInHours: 6 });
    const full = await seedGame(db, { title: uniqueTitle("Full Game"), costCents: 1000, maxPlayers: 1, timeZone: GAME_ZONE });
    await seedRegistrations(db, full, ["Fay Full"], { status: "confirmed" });
    const { page, user } = await signedIn(width);
    const me = await currentUser(page);
    const card = await saveCard(page);
    const paidAhead = await joinGame(page, ahead, { role: "player", paymentMethodId: card.id });
    await joinGame(page, soon, { role: "player", paymentMethodId: card.id });
    await joinGame(page, full, { role: "player", paymentMethodId: card.id, consentToAutoCharge: true });

    await page.goto("/profile");
    const section = region(page, "Delete Account");
    await section.getByLabel("Current Password").fill(user.password);
    await section.getByRole("button", { name: "Delete My Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Account Deletion" });
    const games = dialog.getByRole("region", { name: "Your games" });
    await games.waitFor();
    const rows = await games.getByRole("listitem").allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.includes(ahead.title))).toContain("Player spot, paid $10.00: $9.41 back (the $0.59 processing fee is kept).");
    expect(rows.find((row) => row.includes(soon.title))).toContain("Player spot, paid $10.00: nothing back, as cancelling closed 24 hours before kick-off.");
    expect(rows.find((row) => row.includes(full.title))).toContain("Player Waitlist: you leave it; nothing was charged.");
    await games.getByText("In all, $9.41 goes back to your card.").waitFor();
    await dialog.getByText("Are you sure you want to delete your account? This action cannot be undone.", { exact: true }).waitFor();
    await screenshotOnScreen(page, `paying-account-deletion-${width}`);
    await expectNoAxeViolations(page, dialog);

    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Your account has been deleted successfully.").waitFor();
    const { rows: refunds } = await db.query<{ amount_cents: number }>(`select amount_cents from payment where registration_id = $1 and kind = 'refund'`, [paidAhead.registration.id]);
    expect(refunds.map((row) => row.amount_cents)).toEqual([941]);
    const { rows: left } = await db.query(`select 1 from registration where user_id = $1`, [me.id]);
    expect(left).toEqual([]);
  });
});

describe("the policy on other clocks and inside the last day", () => {
  it("names the game's zone for a viewer elsewhere, and says a spot bought within 24 hours cannot be cancelled", async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Far Game"), costCents: 1000, timeZone: GAME_ZONE });
    const { page } = await signedIn(1280, { timezoneId: "Europe/Paris" });
    await saveCard(page);
    await openGame(page, game);
    await page.getByRole("button", { name: "Join as Player" }).click();
    await paymentDialog(page).getByText(`$10.00 now; cancel by ${await deadlineOf(game)} Eastern Time for $9.41 back.`).waitFor();
    await paymentDialog(page).getByRole("button", { name: "Cancel" }).click();

    const soon = await seedGame(database(), { title: uniqueTitle("Tonight Game"), costCents: 1000, timeZone: GAME_ZONE, startsInHours: 5 });
    await openGame(page, soon);
    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByText("$10.00 now. The game starts within 24 hours, so this spot cannot be cancelled or refunded.").waitFor();
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await page.getByRole("heading", { name: "Payment Successful!", level: 1 }).waitFor({ timeout: 15_000 });
    await openGame(page, soon);
    await yourRegistration(page).getByText(`The time to cancel ended ${await deadlineOf(soon)} Eastern Time, 24 hours before kick-off.`).waitFor();
  });
});
