import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { openGame } from "./support/pages.ts";
import { adminAccount, joinGame, saveCard, seedGame, seedRegistrations, type SeededGame, uniqueTitle, useDatabase } from "./support/games.ts";
import { linkIn, waitForMail } from "./support/mail.ts";

/**
 * What people are told by mail (issue 21): the record of the consent a paid waitlist asks for, a
 * free game's "You're in", the receipts' cancel deadline and refund, an account deletion's refunds;
 * and time zones read as people say them ("Eastern Time"), in the mails and on the screens. The
 * games are played in Toronto; the browsers are elsewhere, so the screens name the game's zone.
 */
const { newPage } = useBrowser();
const database = useDatabase();
const ZONE = "America/Toronto";

/** The deadline as the mails write it, worked out here with Intl alone: 24 hours before kick-off, on Toronto's clocks. */
async function deadlineOf(page: Page, game: SeededGame): Promise<string> {
  const { event } = (await (await page.request.get(`/api/events/${game.id}`)).json()) as { event: { startsAt: string } };
  const deadline = new Date(Date.parse(event.startsAt) - 24 * 3_600_000);
  const text = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" })
    .format(deadline)
    .replace(/[\u202f\u00a0]/g, " ")
    .replace(" at ", ", ");
  return `${text} Eastern Time`;
}

/** A fact of the event page's side panel ("Time", "Your Time"). */
const fact = (page: Page, term: string) => page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");

describe("joining a paid game's waitlist", () => {
  // Two accounts, a card, the payment dialog and mails that wait for the job workers: longer than most.
  it("mails the record of the consent, whose link leads to the game, where leaving the waitlist withdraws it", { timeout: 120_000 }, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Consent Cup"), costCents: 1000, maxPlayers: 1, timeZone: ZONE });
    await seedRegistrations(database(), game, ["Hal Holder"], { status: "confirmed" });
    const user = await createVerifiedUser({ firstName: "Wren", lastName: "Waiting" });
    const page = await newPage({ timezoneId: "Europe/Paris" });
    await login(page, user);
    await saveCard(page);

    await openGame(page, game);
    // The game's hours name its zone as people say it, with the viewer's own time beside.
    expect(await fact(page, "Time").textContent()).toMatch(/ \(Eastern Time\)$/);
    expect(await fact(page, "Your Time").textContent()).toMatch(/ \(Central European Time\)$/);
    await screenshot(page, "event-zone-named-1280");
    await page.getByRole("button", { name: /^Join/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "Join the Waitlist" });
    await dialog.getByRole("radio", { name: /Visa ending in 4242/ }).check();
    await dialog.getByRole("checkbox", { name: /I agree that my card will be charged \$10\.00 automatically/ }).check();
    await dialog.getByRole("button", { name: "Join the waitlist" }).click();
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor();

    const deadline = await deadlineOf(page, game);
    const mail = await waitForMail(user.email, "Your waitlist place and automatic payment");
    expect(mail.subject).toBe(`Your waitlist place and automatic payment: ${game.title}`);
    expect(mail.text).toContain("you are on its waitlist: you are number 1. Nothing has been charged.");
    expect(mail.text).toMatch(/This mail is your record of what you agreed to on \w+day, .+ Eastern Time:/);
    expect(mail.text).toContain("“I agree that my card will be charged $10.00 automatically if a spot frees up.”");
    expect(mail.text).toContain("your Visa •••• 4242 is charged $10.00 without asking you again");
    expect(mail.text).toContain(`Withdraw by: ${deadline}`);
    expect(mail.text).toContain("(Eastern Time)");
    expect(mail.text).not.toContain(ZONE);
    expect(mail.html).toContain("Visa •••• 4242");

    // The mail's link, opened on a phone: the game, where leaving the waitlist withdraws the agreement.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(linkIn(mail, `/event/${game.id}`));
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    expect(await fact(page, "Time").textContent()).toMatch(/ \(Eastern Time\)$/);
    await screenshot(page, "event-zone-named-375");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /Cancel Registration|Leave waitlist/i }).click();
    await page.getByRole("dialog").getByRole("button", { name: /^(Give up my spot|Leave the waitlist)$/ }).click();
    await expect
      .poll(async () => (await database().query(`select status, closed_reason from registration where event_id = $1 and status <> 'confirmed'`, [game.id])).rows, {
        timeout: 10_000,
      })
      .toEqual([{ status: "cancelled", closed_reason: "user_left" }]);
  });
});

describe("a free game, a receipt and an account deletion", () => {
  it("says You're in with the deadline, states the refund on the receipt, and mails the deletion's refunds", { timeout: 120_000 }, async () => {
    const free = await seedGame(database(), { title: uniqueTitle("Free Kick"), timeZone: ZONE });
    const paid = await seedGame(database(), { title: uniqueTitle("Paid <Kick> & Co"), costCents: 1000, timeZone: ZONE });
    const user = await createVerifiedUser({ firstName: "Dee", lastName: "Parting" });
    const page = await newPage({ timezoneId: ZONE, width: 375, height: 740 });
    await login(page, user);

    await openGame(page, free);
    await page.getByRole("button", { name: /^Join/ }).first().click();
    await page.getByText("You have been successfully added to the Player List!").waitFor();
    const freeDeadline = await deadlineOf(page, free);
    const youreIn = await waitForMail(user.email, `You're in: ${free.title}`);
    expect(youreIn.text).toContain("you are on the Player List. This game is free.");
    expect(youreIn.text).toContain(`Cancel by: ${freeDeadline}`);
    expect(youreIn.text).toContain("(Eastern Time)");

    await joinGame(page, paid, { role: "player", paymentMethodId: (await saveCard(page)).id });
    const receipt = await waitForMail(user.email, `Payment confirmed: ${paid.title}`);
    expect(receipt.text).toContain(`Cancel by: ${await deadlineOf(page, paid)}`);
    expect(receipt.text).toContain("Refund if you cancel: $9.41 ($10.00 minus the $0.59 processing fee)");

    // The account goes, from Profile; the refund of its paid spot is mailed to the address it had.
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Delete Account" });
    await section.getByLabel("Current Password").fill(user.password);
    await section.getByRole("button", { name: "Delete My Account" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Your account has been deleted successfully.").waitFor();
    const refunds = await waitForMail(user.email, "account is deleted: what is refunded");
    expect(refunds.text).toContain(`Game: ${paid.title}`);
    expect(refunds.text).toContain("Refunded: $9.41 ($10.00 minus the $0.59 processing fee)");
    expect(refunds.text).toContain("In all, $9.41 is refunded to your card.");
    expect(refunds.text).not.toContain(free.title);
    expect(refunds.html).not.toContain("<Kick>");
    expect(refunds.html).toContain("&#60;Kick&#62;");
  });
});

describe("the console", () => {
  it.each([
    ["1280", 1280, 800],
    ["375", 375, 740],
  ])("names the organiser's zone and a game's as people say them (%s px)", async (label, width, height) => {
    const game = await seedGame(database(), { title: uniqueTitle("Roster Zone"), timeZone: ZONE });
    const page = await newPage({ timezoneId: ZONE, width, height });
    await login(page, await adminAccount());
    await page.goto("/console");
    await page.getByText(/^Showing .+ \(Eastern Time\)$/).waitFor();
    await screenshot(page, `console-zone-named-${label}`);
    await page.goto(`/console/events/${game.id}`);
    await page.getByText(/^Kick-off .+ \(Eastern Time\) · /).waitFor();
    await screenshot(page, `console-roster-zone-named-${label}`);
    await expectNoAxeViolations(page);
  });
});
