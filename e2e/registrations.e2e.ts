import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// The original product's texts are written out below, so that a changed constant cannot change what is expected.
import { AUTHENTICATION_FAILED, CONSENT_REQUIRED } from "#shared/registrations.ts";
import { english } from "#test/shared-english.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { baseURL, screenshot, useBrowser } from "./support/browser.ts";
import { openGame, pathOf, paymentDialog, region, screenshotOnScreen, scrollToEnd, yourRegistration } from "./support/pages.ts";
import {
  adminAccount,
  CARD_EXPIRY,
  currentUser,
  joinGame,
  saveCard,
  seedGame,
  seedRegistrations,
  TEST_CARDS,
  uniqueTitle,
  useDatabase,
} from "./support/games.ts";
import { waitForMail } from "./support/mail.ts";

const { newPage } = useBrowser();
const database = useDatabase();

const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });
/** For expect.poll on what waits for the server (a charge, a refetch): its default second is short on a busy machine. */
const SERVER = { timeout: 10_000 };

it("keeps the payment dialog and the card typed into it when a phone is turned", async () => {
  const game = await seedGame(database(), { costCents: 1000 });
  const { page } = await signedIn("Rhea", "Rotates", { width: 375, height: 667 });
  await openGame(page, game);
  await page.getByRole("button", { name: "Join as Player" }).click();
  await paymentDialog(page).getByLabel("Card number").fill(TEST_CARDS.ok);
  // Landscape is wider than the 640px breakpoint: the actions move from the bottom bar to the side panel.
  await page.setViewportSize({ width: 800, height: 375 });
  expect(await paymentDialog(page).getByLabel("Card number").inputValue()).toBe(TEST_CARDS.ok);
  await page.setViewportSize({ width: 375, height: 667 });
  expect(await paymentDialog(page).getByLabel("Card number").inputValue()).toBe(TEST_CARDS.ok);
});

type User = Awaited<ReturnType<typeof createVerifiedUser>>;

/** A new verified user, signed in through the login screen in a browser context of their own. */
async function signedIn(firstName: string, lastName: string, viewport?: { width: number; height: number }): Promise<{ page: Page; user: User }> {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage(viewport);
  await login(page, user);
  return { page, user };
}

async function fillCard(dialog: Locator, number: string) {
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiry (MM/YY)").fill(CARD_EXPIRY);
  await dialog.getByLabel("CVC").fill("123");
}

/** The dialog's error line (role alert), once it says something. */
async function dialogError(dialog: Locator): Promise<string> {
  const alert = dialog.getByRole("alert");
  await alert.waitFor();
  return (await alert.textContent()) ?? "";
}

describe("joining", () => {
  it("joins a free game with one click, and the waitlist of a full one, showing the place in it", async () => {
    const db = database();
    const open = await seedGame(db, { maxPlayers: 3 });
    await seedRegistrations(db, open, ["Olive Early"], { status: "confirmed" });
    const full = await seedGame(db, { maxPlayers: 2 });
    await seedRegistrations(db, full, ["Finn First", "Gus Second"], { status: "confirmed" });
    await seedRegistrations(db, full, ["Wendy Waiting"], { status: "waitlisted" });
    const { page, user } = await signedIn("Freya", "Free");

    await openGame(page, open);
    const players = region(page, "Players");
    await players.getByText("Olive Early").waitFor();
    expect(await players.getByText(user.name).count()).toBe(0);
    await page.getByRole("button", { name: "Join as Player" }).click();
    await page.getByText("You have been successfully added to the Player List!").waitFor();
    // No payment for a free spot: straight onto the list, in the next spot.
    expect(await page.getByRole("dialog").count()).toBe(0);
    await players.getByText(user.name).waitFor();
    expect(await players.getByRole("listitem").nth(1).textContent()).toContain(user.name);
    await yourRegistration(page).getByText("You're playing").waitFor();
    expect(await page.getByRole("button", { name: "Join as Player" }).count()).toBe(0);
    await page.getByRole("button", { name: "Cancel Registration" }).waitFor();

    // A full game says so on its button, before the tap: one tap is the waitlist it names.
    await openGame(page, full);
    await page.getByText("Full: every player spot is taken.").waitFor();
    expect(await page.getByRole("button", { name: "Join as Player" }).count()).toBe(0);
    await page.getByRole("button", { name: "Join the waitlist (1 waiting)" }).click();
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor();
    const waitlist = region(page, "Player Waitlist");
    await waitlist.getByText(user.name).waitFor();
    expect(await waitlist.getByRole("listitem").nth(1).textContent()).toContain(user.name);
    await yourRegistration(page).getByText("You're #2 on the Player Waitlist").waitFor();
    await yourRegistration(page).getByText("If a spot frees up, it is yours automatically.").waitFor();
    expect(await region(page, "Players").getByText(user.name).count()).toBe(0);
  });

  it("pays for a spot with a new card: Payment Successful!, the confirmation mail, and the card saved in Profile until removed", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 8 });
    const { page, user } = await signedIn("Petra", "Payer");
    await openGame(page, game);

    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    await dialog.waitFor();
    await dialog.getByText(`Player spot · ${game.title}`).waitFor();
    expect(await dialog.getByText("$10.00", { exact: true }).isVisible()).toBe(true);
    // No saved card yet: nothing to choose, the card form is the way to pay, marked as test payments.
    await dialog.getByLabel("Card number").waitFor();
    expect(await dialog.getByRole("radio").count()).toBe(0);
    expect(await dialog.getByText("Test payments:").isVisible()).toBe(true);
    expect(await dialog.getByText(/no real money moves/).isVisible()).toBe(true);
    await screenshotOnScreen(page, "payment-dialog-1280");
    await expectNoAxeViolations(page, dialog);

    await fillCard(dialog, TEST_CARDS.ok);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe("/confirmation");
    await page.getByRole("heading", { name: "Payment Successful!", level: 1 }).waitFor();
    expect(await page.getByText("Your spot has been confirmed. You'll receive a confirmation email shortly.").isVisible()).toBe(true);
    await screenshot(page, "payment-successful");
    const mail = await waitForMail(user.email, "Payment confirmed");
    expect(mail.subject).toBe(`Payment confirmed: ${game.title}`);
    expect(mail.text).toContain("We charged $10.00 to your card.");

    await page.getByRole("link", { name: "Back to Events" }).click();
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(pathOf(page)).toBe("/");

    await openGame(page, game);
    await region(page, "Players").getByText(user.name).waitFor();
    await yourRegistration(page).getByText("You're playing").waitFor();
    await yourRegistration(page).getByText("You paid $10.00.").waitFor();

    await menuButton(page).click();
    await page.getByRole("menuitem", { name: user.name }).click();
    const savedCards = region(page, "Saved cards");
    const card = savedCards.getByRole("listitem");
    await card.waitFor();
    expect(await card.count()).toBe(1);
    const text = (await card.textContent()) ?? "";
    for (const part of ["Visa", "4242", `Expires ${CARD_EXPIRY}`]) expect(text, part).toContain(part);

    await savedCards.getByRole("button", { name: "Remove Visa ending in 4242" }).click();
    await page.getByText("Visa ending in 4242 was removed.").waitFor();
    await savedCards.getByText("No saved cards. Cards you pay with are saved here.").waitFor();
    expect(await savedCards.getByRole("listitem").count()).toBe(0);
  });

  it("says why a payment failed: missing details, a declined card, insufficient funds, and no saved card chosen; no spot is taken", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 4 });
    const { page, user } = await signedIn("Dora", "Declined");
    await openGame(page, game);

    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByLabel("Card number").waitFor();
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    expect(await dialogError(dialog)).toBe("Card details are missing.");

    // Refused when the card is saved.
    await fillCard(dialog, TEST_CARDS.declinedOnSave);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent(), SERVER).toBe("Your card was declined.");
    expect(pathOf(page)).toBe(`/event/${game.id}`);

    // Saved, then refused when charged: the card stays saved and chosen.
    await fillCard(dialog, TEST_CARDS.insufficientFunds);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent(), SERVER).toBe("Your card has insufficient funds.");
    await dialog.getByRole("radio", { name: /Visa ending in 9995/ }).waitFor();
    expect(await dialog.getByRole("radio", { name: /Visa ending in 9995/ }).isChecked()).toBe(true);

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    // The spot held while the card was charged is free again.
    await expect.poll(() => region(page, "Players").getByText(user.name).count(), SERVER).toBe(0);
    expect(await region(page, "Players").getByText("Spot 1 - Open", { exact: true }).isVisible()).toBe(true);
    expect(await yourRegistration(page).textContent()).toBe("");

    // The only saved card is chosen at first.
    await page.getByRole("button", { name: "Join as Player" }).click();
    await dialog.getByRole("radio", { name: "Use a new card" }).waitFor();
    expect(await dialog.getByRole("radio", { name: /Visa ending in 9995/ }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("Card number").count()).toBe(0);

    // A new card that saves but is declined when charged.
    await dialog.getByRole("radio", { name: "Use a new card" }).check();
    await fillCard(dialog, TEST_CARDS.declinedOnCharge);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent(), SERVER).toBe("Your card was declined.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await region(page, "Players").getByText("Spot 1 - Open", { exact: true }).waitFor();
    expect(await region(page, "Players").getByText(user.name).count()).toBe(0);

    // With two saved cards, one must be chosen.
    await page.getByRole("button", { name: "Join as Player" }).click();
    await dialog.getByRole("radio", { name: /Visa ending in 0341/ }).waitFor();
    expect(await dialog.getByRole("radio", { checked: true }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    expect(await dialogError(dialog)).toBe("Please select a saved payment method.");
  });

  it("asks for the bank's authentication: failing it takes no spot, completing it on a retry confirms the spot", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 4 });
    const { page, user } = await signedIn("Aki", "Authenticates");
    await openGame(page, game);

    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    await fillCard(dialog, TEST_CARDS.authentication);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    const bank = page.getByRole("dialog", { name: "Authenticate your payment" });
    await bank.waitFor();
    expect(await bank.getByText("Your bank asks you to confirm the payment of $10.00.").isVisible()).toBe(true);
    expect(await bank.getByRole("button", { name: "Complete authentication" }).isVisible()).toBe(true);
    await screenshotOnScreen(page, "authentication-dialog");
    await expectNoAxeViolations(page, bank);
    // Meanwhile the spot is held for the player.
    const players = region(page, "Players");
    await players.getByText(user.name).waitFor();
    await yourRegistration(page).getByText("Your player spot is held while your payment of $10.00 completes.").waitFor();

    await bank.getByRole("button", { name: "Fail authentication" }).click();
    await bank.waitFor({ state: "detached" });
    expect(await dialogError(dialog)).toBe(english(AUTHENTICATION_FAILED));
    expect(pathOf(page)).toBe(`/event/${game.id}`);
    await expect.poll(() => players.getByText(user.name).count(), SERVER).toBe(0);
    expect(await yourRegistration(page).textContent()).toBe("");

    // The card was saved and stays chosen: paying again asks the bank again.
    expect(await dialog.getByRole("radio", { name: /Visa ending in 3184/ }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Pay $10.00" }).click();
    await bank.getByRole("button", { name: "Complete authentication" }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe("/confirmation");
    await page.getByRole("heading", { name: "Payment Successful!", level: 1 }).waitFor();
    await waitForMail(user.email, "Payment confirmed");
    await openGame(page, game);
    await players.getByText(user.name).waitFor();
    await yourRegistration(page).getByText("You paid $10.00.").waitFor();
  });

  it("joins the waitlist of a full paid game with a saved card, only with consent, and charges nothing now", async () => {
    const db = database();
    const game = await seedGame(db, { costCents: 1000, maxPlayers: 1 });
    await seedRegistrations(db, game, ["Hana Holder"], { status: "confirmed" });
    const { page, user } = await signedIn("Wim", "Waitlist");
    await saveCard(page);
    await openGame(page, game);
    expect(await page.getByText("Note: waitlisted users are not charged until a spot is secured, then are charged automatically.").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Join the waitlist (0 waiting)" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByText("Every spot is taken, so you join the waitlist.").waitFor();
    expect(await dialog.getByText("Nothing is charged now.").isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Pay $10.00" }).count()).toBe(0);
    await dialog.getByRole("radio", { name: /Visa ending in 4242/ }).check();
    const consent = dialog.getByRole("checkbox", { name: "I agree that my card will be charged $10.00 automatically if a spot frees up." });
    expect(await consent.isChecked()).toBe(false);

    await dialog.getByRole("button", { name: "Join the waitlist" }).click();
    expect(await dialogError(dialog)).toBe(english(CONSENT_REQUIRED));
    await expect.poll(() => consent.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await region(page, "Player Waitlist").getByText("No players on the waitlist").isVisible()).toBe(true);
    await expectNoAxeViolations(page, dialog);

    await consent.check();
    await dialog.getByRole("button", { name: "Join the waitlist" }).click();
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor();
    await dialog.waitFor({ state: "detached" });
    await region(page, "Player Waitlist").getByText(user.name).waitFor();
    await yourRegistration(page).getByText("You're #1 on the Player Waitlist").waitFor();
    await yourRegistration(page).getByText("If a spot frees up, your saved card will be charged $10.00 automatically.").waitFor();
    expect(await region(page, "Players").getByText(user.name).count()).toBe(0);

    const me = await currentUser(page);
    const { rows } = await db.query<{ count: string }>(`select count(*) from payment where user_id = $1`, [me.id]);
    expect(Number(rows[0]!.count)).toBe(0);
  });
});

describe("cancelling", () => {
  it("cancels a paid spot with the refund figure, and only offers it until 24 hours before the start", async () => {
    const db = database();
    const game = await seedGame(db, { costCents: 1000, maxPlayers: 6 });
    const { page, user } = await signedIn("Cleo", "Cancels");
    const card = await saveCard(page);
    await joinGame(page, game, { role: "player", paymentMethodId: card.id });
    await openGame(page, game);
    await yourRegistration(page).getByText("You paid $10.00.").waitFor();

    await page.getByRole("button", { name: "Cancel Registration" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Cancellation" });
    await dialog.waitFor();
    expect(await dialog.getByText("Your player spot will be released.").isVisible()).toBe(true);
    expect(await dialog.getByText("$10.00 paid, $0.59 processing fee, $9.41 refunded", { exact: true }).isVisible()).toBe(true);
    await screenshotOnScreen(page, "cancel-registration-dialog");
    await expectNoAxeViolations(page, dialog);

    await dialog.getByRole("button", { name: "Give up my spot" }).click();
    await page.getByText("Refund successful!").waitFor();
    await dialog.waitFor({ state: "detached" });
    await yourRegistration(page).getByText("You were refunded $9.41.").waitFor();
    expect(await region(page, "Players").getByText(user.name).count()).toBe(0);
    await page.getByRole("button", { name: "Join as Player" }).waitFor();
    expect((await waitForMail(user.email, "Your refund for")).text).toContain("$10.00 paid, $0.59 processing fee, $9.41 refunded");

    // Inside the last 24 hours the button gives way to the rule.
    const soon = await seedGame(db, { startsInHours: 5, maxPlayers: 6 });
    await seedRegistrations(db, soon, [user.name], { status: "confirmed", userId: (await currentUser(page)).id });
    await openGame(page, soon);
    await yourRegistration(page).getByText("You're playing").waitFor();
    await page.getByText("You can only cancel your registration up to 24 hours before the event.").waitFor();
    expect(await page.getByRole("button", { name: "Cancel Registration" }).count()).toBe(0);
    // The server holds to the same rule.
    expect((await page.request.delete(`/api/events/${soon.id}/registrations/me`)).status()).toBe(422);
  });

  it("promotes the first on the waitlist when a spot frees up: the open page shows it without a reload, and the mail follows", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 1 });
    const holder = await signedIn("Alex", "Ahead");
    await joinGame(holder.page, game, { role: "player", paymentMethodId: (await saveCard(holder.page)).id });

    const waiting = await signedIn("Bea", "Behind");
    await saveCard(waiting.page);
    await openGame(waiting.page, game);
    await waiting.page.getByRole("button", { name: "Join the waitlist (0 waiting)" }).click();
    const dialog = paymentDialog(waiting.page);
    await dialog.getByRole("radio", { name: /Visa ending in 4242/ }).check();
    await dialog.getByRole("checkbox", { name: /I agree that my card will be charged \$10\.00/ }).check();
    await dialog.getByRole("button", { name: "Join the waitlist" }).click();
    await waiting.page.getByText("You have been successfully added to the Player Waitlist!").waitFor();
    await yourRegistration(waiting.page).getByText("You're #1 on the Player Waitlist").waitFor();
    const players = region(waiting.page, "Players");
    await players.getByText(holder.user.name).waitFor();

    // The holder cancels in a browser of their own.
    await openGame(holder.page, game);
    await holder.page.getByRole("button", { name: "Cancel Registration" }).click();
    await holder.page.getByRole("dialog", { name: "Confirm Cancellation" }).getByRole("button", { name: "Give up my spot" }).click();
    await holder.page.getByText("Refund successful!").waitFor();

    // The waiting player's page asks again by itself (every 15 s while waiting).
    await expect.poll(() => players.getByText(waiting.user.name).count(), { timeout: 30_000 }).toBe(1);
    await yourRegistration(waiting.page).getByText("You're playing").waitFor();
    await yourRegistration(waiting.page).getByText("You paid $10.00.").waitFor();
    expect(await players.getByText(holder.user.name).count()).toBe(0);
    await region(waiting.page, "Player Waitlist").getByText("No players on the waitlist").waitFor();
    const mail = await waitForMail(waiting.user.email, "You're in");
    expect(mail.text).toContain("we charged $10.00 to your saved card");
  });

  it("lets the admin cancel the game for everyone: refunds, the Event Cancelled banner, and the player's Your Events", async () => {
    const game = await seedGame(database(), { costCents: 1000, maxPlayers: 6 });
    const player = await signedIn("Pia", "Refunded");
    await joinGame(player.page, game, { role: "player", paymentMethodId: (await saveCard(player.page)).id });

    const page = await newPage();
    await login(page, await adminAccount());
    await openGame(page, game);
    await region(page, "Players").getByText(player.user.name).waitFor();
    await page.getByRole("button", { name: "Cancel Event & Refund" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Event Cancellation" });
    await dialog.waitFor();
    expect(await dialog.getByText("Every player and goalkeeper holding a spot is refunded in full.").isVisible()).toBe(true);
    await screenshotOnScreen(page, "cancel-event-dialog");
    await expectNoAxeViolations(page, dialog);

    await dialog.getByRole("button", { name: "Cancel the game for everyone" }).click();
    await page.getByText("Event cancelled, and all users refunded.").waitFor();
    await page.getByText("Event Cancelled", { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Cancel Event & Refund" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Join as Player" }).count()).toBe(0);

    // In full, not less the fee: the player did nothing wrong.
    expect((await waitForMail(player.user.email, "Cancelled:")).text).toContain("Your payment of $10.00 is refunded in full");
    await menuButton(player.page).click();
    await player.page.getByRole("menuitem", { name: "Your Events" }).click();
    const called = region(player.page, "Canceled/Refunded Events").getByRole("link", { name: new RegExp(game.title) });
    await called.waitFor();
    expect(await region(player.page, "Current Events").getByText("You are not participating in any current events.").isVisible()).toBe(true);
    await called.click();
    await player.page.getByText("Event Cancelled", { exact: true }).waitFor();
    await yourRegistration(player.page).getByText("You were refunded $10.00.").waitFor();
    expect(await player.page.getByRole("button", { name: "Cancel Registration" }).count()).toBe(0);
  });
});

it("Your Events lists a game played and one waited on under Current Events, and a game cancelled with a refund under Refunded Events", async () => {
  const db = database();
  const playing = await seedGame(db, { title: uniqueTitle("Playing"), maxPlayers: 6 });
  const waiting = await seedGame(db, { title: uniqueTitle("Waiting"), maxPlayers: 1 });
  await seedRegistrations(db, waiting, ["Sol Spot"], { status: "confirmed" });
  const refunded = await seedGame(db, { title: uniqueTitle("Refunded"), costCents: 1000 });
  const { page } = await signedIn("Yara", "Yours");
  await joinGame(page, playing, { role: "player" });
  expect((await joinGame(page, waiting, { role: "player" })).registration.status).toBe("waitlisted");
  await joinGame(page, refunded, { role: "player", paymentMethodId: (await saveCard(page)).id });
  const cancelled = await page.request.delete(`/api/events/${refunded.id}/registrations/me`);
  expect(await cancelled.json()).toEqual({ refundCents: 941 });

  await menuButton(page).click();
  await page.getByRole("menuitem", { name: "Your Events" }).click();
  const current = region(page, "Current Events");
  await current.getByRole("region", { name: "Playing" }).getByRole("link", { name: new RegExp(playing.title) }).waitFor();
  await current.getByRole("region", { name: "On Waitlist" }).getByRole("link", { name: new RegExp(waiting.title) }).waitFor();
  expect(await current.getByRole("link", { name: new RegExp(refunded.title) }).count()).toBe(0);
  await region(page, "Refunded Events").getByRole("link", { name: new RegExp(refunded.title) }).waitFor();
  expect(await region(page, "Completed Events").getByText("You have not completed any events yet.").isVisible()).toBe(true);
  expect(await region(page, "Canceled/Refunded Events").getByText("You have no canceled events.").isVisible()).toBe(true);
});

it("at 375px keeps the actions in a bar fixed to the bottom, with no sideways scrolling", async () => {
  const game = await seedGame(database(), { costCents: 1000, maxPlayers: 10, includeGoalkeepers: true, goalkeeperCostCents: 500 });
  const { page } = await signedIn("Nia", "Narrow", { width: 375, height: 760 });
  await openGame(page, game);

  const bar = page.getByRole("region", { name: "Event actions" });
  for (const name of ["Join as Player", "Join as Goalkeeper", "Share Event"]) {
    await bar.getByRole("button", { name }).waitFor();
    expect(await page.getByRole("button", { name }).count(), name).toBe(1);
  }
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
  const atBottom = async () => {
    const box = (await bar.boundingBox())!;
    return { left: box.x, width: box.width, bottom: Math.round(box.y + box.height) };
  };
  expect(await atBottom()).toEqual({ left: 0, width: 375, bottom: 760 });

  // Scrolled to the end, the bar stays put and the last section clears it.
  await scrollToEnd(page);
  expect(await atBottom()).toEqual({ left: 0, width: 375, bottom: 760 });
  const contact = (await region(page, "Contact Information").boundingBox())!;
  expect(contact.y + contact.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The page as the server sent it, before its script runs (seconds on a slow phone): the end of
  // the page clears the bar already, with the spacer's height before the bar is measured.
  const beforeScript = await page.context().browser()!.newContext({ storageState: await page.context().storageState(), baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 375, height: 760 } });
  try {
    const served = await beforeScript.newPage();
    await served.goto(`/event/${game.id}`);
    const servedBar = served.getByRole("region", { name: "Event actions" });
    await servedBar.getByRole("button", { name: "Join as Player" }).waitFor();
    await served.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const servedContact = (await region(served, "Contact Information").boundingBox())!;
    expect(servedContact.y + servedContact.height).toBeLessThanOrEqual((await servedBar.boundingBox())!.y);
  } finally {
    await beforeScript.close();
  }

  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "event-page-375");
  await expectNoAxeViolations(page);

  // The payment dialog is a sheet at the bottom of the screen, no wider than it.
  await bar.getByRole("button", { name: "Join as Player" }).click();
  const dialog = paymentDialog(page);
  await dialog.getByLabel("Card number").waitFor();
  const sheet = (await dialog.boundingBox())!;
  expect({ left: sheet.x, width: sheet.width, bottom: Math.round(sheet.y + sheet.height) }).toEqual({ left: 0, width: 375, bottom: 760 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotOnScreen(page, "payment-dialog-375");
});
