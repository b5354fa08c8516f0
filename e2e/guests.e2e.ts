import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import type { Receipt } from "#shared/registrations.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { expectAllFrench } from "./support/french.ts";
import { browserDate, openGame, pathOf, paymentDialog, region, screenshotOnScreen, yourRegistration } from "./support/pages.ts";
import { adminAccount, CARD_EXPIRY, joinGame, saveCard, seedGame, type SeededGame, TEST_CARDS, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * +1 guests (src/shared/guests.ts): an organiser lets each player bring guests from the game's form;
 * a player brings two, pays for three in one payment and sees them listed as "Sam (guest of …)";
 * removes one and gets that guest's share back minus the fee; a party waits as one and is promoted,
 * and charged in full, only when enough spots free up for all of it. At 375 px, with axe on each new
 * state and screenshots in e2e/artifacts/screens.
 */
const { newPage } = useBrowser();
const database = useDatabase();

/** A phone, with mobile emulation (the viewport meta applies, as on a real phone). */
const PHONE = { width: 375, height: 800, isMobile: true, hasTouch: true, timezoneId: "UTC" } as const;
/** For what waits for the server (a refetch, a job). */
const SERVER = { timeout: 15_000 };
const SLOW = { timeout: 180_000 };

async function signedIn(firstName: string, lastName: string, options: Parameters<typeof newPage>[0] = PHONE) {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage(options);
  await login(page, user);
  return { page, user };
}

/** On a phone the event page's buttons are in the bottom bar. */
const actionsOf = (page: Page) => region(page, "Event actions");

/** The texts of what a field's aria-describedby points at: its hint and, when it has one, its error under it. */
async function describedBy(field: Locator): Promise<string[]> {
  return field.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? ""),
  );
}

const fitsWidth = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

/** Pays in the open payment dialog with a new test card (no card saved yet) and the dialog's button. */
async function payWithNewCard(dialog: Locator, button: string) {
  await dialog.getByLabel("Card number").fill(TEST_CARDS.ok);
  await dialog.getByLabel("Expiry (MM/YY)").fill(CARD_EXPIRY);
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: button }).click();
}

/** Types the guests into the event page's guest rows, adding a row for each. */
async function addGuests(page: Page, guests: { firstName: string; lastName?: string }[]) {
  const section = region(page, "Guests");
  for (const [index, guest] of guests.entries()) {
    await section.getByRole("button", { name: "Add a guest" }).click();
    const firstName = section.getByLabel(`Guest ${index + 1} first name`);
    // The new row's first name has the focus, ready to type.
    await expect.poll(() => firstName.evaluate((element) => element === document.activeElement)).toBe(true);
    await firstName.fill(guest.firstName);
    if (guest.lastName) await section.getByLabel(`Guest ${index + 1} last name (optional)`).fill(guest.lastName);
  }
}

async function eventOf(page: Page, game: SeededGame): Promise<EventDetail> {
  const response = await page.request.get(`/api/events/${game.id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { event: EventDetail }).event;
}

describe("+1 guests at 375 px", () => {
  it("an admin lets each player bring 2 guests from Create New Event, its limit checked under the field; the game's page says it takes guests", SLOW, async () => {
    const page = await newPage(PHONE);
    await login(page, await adminAccount());
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    const title = uniqueTitle("Bring a friend");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date", { exact: true }).fill(await browserDate(page, 5));
    await page.getByLabel("Event Time").fill("19:00");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane");
    await page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price").fill("10");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("12");

    const guests = page.getByLabel("Guests per player");
    expect(await guests.inputValue()).toBe("0");
    expect(await describedBy(guests)).toEqual(["0 turns guests off. Up to 5: each guest takes a player spot and pays the player cost."]);
    // Over the limit: said under the field (and in the form's line), the field marked and focused.
    await guests.fill("6");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "Guests per player must be between 0 and 5" }).waitFor();
    expect(await guests.getAttribute("aria-invalid")).toBe("true");
    expect(await describedBy(guests)).toContain("Guests per player must be between 0 and 5");
    await expect.poll(() => guests.evaluate((element) => element === document.activeElement)).toBe(true);
    await fitsWidth(page);
    await screenshot(page, "guests-form-error-375");
    await expectNoAxeViolations(page);

    await guests.fill("2");
    expect(await guests.getAttribute("aria-invalid")).toBeNull();
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    expect(pathOf(page)).toMatch(/^\/event\//);
    const facts = page.locator("aside dl");
    await facts.getByText("Up to 2 per player", { exact: true }).waitFor();
    expect(await facts.getByText("Guests", { exact: true }).isVisible()).toBe(true);
    const id = pathOf(page).split("/").pop()!;
    expect((await eventOf(page, { id, title })).maxGuestsPerPlayer).toBe(2);

    // The admin may join too: the guest rows are offered, up to the game's 2.
    const section = region(page, "Guests");
    await section.getByText("You can bring up to 2 guests. Each takes a player spot and pays the player price.").waitFor();
    await fitsWidth(page);
    await screenshot(page, "guests-game-page-375");
    await expectNoAxeViolations(page);

    // The edit form shows the limit as set.
    await page.getByRole("link", { name: "Edit game" }).click();
    await page.getByRole("heading", { name: `Edit ${title}`, level: 1 }).waitFor(SERVER);
    expect(await page.getByLabel("Guests per player").inputValue()).toBe("2");
  });

  it("a weekly series made with Repeat weekly gives each of its games the same Guests per player", SLOW, async () => {
    const page = await newPage(PHONE);
    await login(page, await adminAccount());
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    const title = uniqueTitle("Weekly friends");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date", { exact: true }).fill(await browserDate(page, 3));
    await page.getByLabel("Event Time").fill("19:00");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane");
    await page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price").fill("0");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("12");
    await page.getByLabel("Guests per player").fill("1");
    await page.getByLabel("Repeat weekly").check();
    await page.getByLabel("Number of games", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor(SERVER);
    // The series' page says the limit its games take.
    expect(await page.locator('dt:text-is("Guests per player") + dd').textContent()).toBe("1");
    const games = region(page, "Games");
    await expect.poll(() => games.getByRole("link").count(), SERVER).toBe(2);
    for (const index of [0, 1]) {
      await games.getByRole("link").nth(index).click();
      // The game's page has the series' title too: the address says which page this is.
      await expect.poll(() => pathOf(page), SERVER).toMatch(/^\/event\//);
      await page.locator("aside dl").getByText("Up to 1 per player", { exact: true }).waitFor(SERVER);
      await page.goBack();
      await expect.poll(() => pathOf(page), SERVER).toMatch(/^\/console\/series\//);
      await games.getByRole("link").nth(1).waitFor(SERVER);
    }
  });

  it("a player brings two guests and pays for three in one payment; the lists name them; removing one gives back its share minus the fee", SLOW, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Guests Paid"), costCents: 1000, maxPlayers: 10, maxGuestsPerPlayer: 2 });
    const { page, user } = await signedIn("Pia", "Pitch");
    await openGame(page, game);
    const section = region(page, "Guests");
    await section.getByText("You can bring up to 2 guests. Each takes a player spot and pays the player price.").waitFor();
    expect(await region(page, "Players").getByText("10 spots left", { exact: true }).isVisible()).toBe(true);

    // A guest without a first name: said under that field when Join is pressed, and nothing is sent.
    await addGuests(page, [{ firstName: "  " }]);
    const join = actionsOf(page).getByRole("button", { name: "Join with 1 guest" });
    await join.click();
    const firstName = section.getByLabel("Guest 1 first name");
    await expect.poll(() => firstName.getAttribute("aria-invalid")).toBe("true");
    expect(await describedBy(firstName)).toEqual(["Give each guest a first name."]);
    await expect.poll(() => firstName.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await paymentDialog(page).count()).toBe(0);
    await screenshot(page, "guests-first-name-missing-375");
    await expectNoAxeViolations(page);

    // The rows can be removed before joining; then two guests, the second with a last name.
    await section.getByRole("button", { name: "Remove guest 1" }).click();
    await expect.poll(() => section.getByLabel("Guest 1 first name").count()).toBe(0);
    await actionsOf(page).getByRole("button", { name: "Join as Player" }).waitFor();
    await addGuests(page, [{ firstName: "Sam" }, { firstName: "Alex", lastName: "Stone" }]);
    // The limit: no third row.
    expect(await section.getByRole("button", { name: "Add a guest" }).count()).toBe(0);
    await section.getByText("This game takes up to 2 guests per player.").waitFor();
    await section.getByText("$30.00 for you and 2 guests", { exact: true }).waitFor();
    await fitsWidth(page);
    await screenshot(page, "guests-rows-375");
    await expectNoAxeViolations(page);

    // One payment for the party: 3 × $10.00.
    await actionsOf(page).getByRole("button", { name: "Join with 2 guests" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByText(`Player spot + 2 guests · ${game.title}`).waitFor();
    expect(await dialog.getByText("$30.00", { exact: true }).isVisible()).toBe(true);
    // The cancellation policy, for the party's amount: price − fee of $30.00.
    await dialog.getByText(/\$30\.00 now; cancel by .+ for \$28\.83 back\./).waitFor();
    await dialog.getByLabel("Card number").waitFor();
    await screenshotOnScreen(page, "guests-payment-dialog-375");
    await expectNoAxeViolations(page, dialog);
    await payWithNewCard(dialog, "Pay $30.00 for you and 2 guests");
    await expect.poll(() => pathOf(page), SERVER).toBe("/confirmation");
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    // The receipt loads after the heading: wait for what it says, the amount and who it covers.
    await expect.poll(() => page.getByRole("main").textContent(), SERVER).toContain("$30.00");
    expect(await page.getByRole("main").textContent()).toContain("Sam, Alex Stone");
    expect((await (await page.request.get(`/api/events/${game.id}/registrations/me/receipt`)).json()) as { receipt: Receipt }).toMatchObject({
      receipt: { paidCents: 3000 },
    });

    await openGame(page, game);
    await yourRegistration(page).getByText("You're playing").waitFor();
    await yourRegistration(page).getByText("You paid $30.00 for you and 2 guests.").waitFor();
    const players = region(page, "Players");
    await players.getByText("Sam (guest of Pia Pitch)", { exact: true }).waitFor();
    await players.getByText("Alex Stone (guest of Pia Pitch)", { exact: true }).waitFor();
    expect(await players.getByText("7 spots left", { exact: true }).isVisible()).toBe(true);
    // Right after the player who brought them, each in a spot of its own.
    expect((await players.getByRole("listitem").allTextContents()).slice(0, 4)).toEqual(["1Pia Pitch(you)", "2Sam (guest of Pia Pitch)", "3Alex Stone (guest of Pia Pitch)", "4Spot 4 - Open"]);
    expect((await eventOf(page, game)).playersCount).toBe(3);
    const mine = region(page, "Your guests");
    await mine.getByRole("button", { name: "Remove Sam" }).waitFor();
    await mine.getByRole("button", { name: "Remove Alex Stone" }).waitFor();
    // Joined: no more guest rows to fill.
    expect(await region(page, "Guests").count()).toBe(0);
    await fitsWidth(page);
    await screenshot(page, "guests-joined-375");
    await expectNoAxeViolations(page);

    // The cancel dialog says the guests go too, with the party's refund.
    await actionsOf(page).getByRole("button", { name: "Cancel Registration" }).click();
    const cancel = page.getByRole("dialog", { name: "Confirm Cancellation" });
    await cancel.getByText("$30.00 paid, $1.17 processing fee, $28.83 refunded").waitFor();
    await cancel.getByText("Your 2 guests lose their spots too.").waitFor();
    await expectNoAxeViolations(page, cancel);
    await cancel.getByRole("button", { name: "Keep my spot" }).click();
    await cancel.waitFor({ state: "detached" });

    // Removing Sam: his share, $10.00, minus the fee ($0.59) goes back.
    await mine.getByRole("button", { name: "Remove Sam" }).click();
    const remove = page.getByRole("dialog", { name: "Remove Sam?" });
    await remove.getByText("Sam's spot will be released.").waitFor();
    await remove.getByText("$10.00 paid for this guest, $0.59 processing fee, $9.41 back to your card").waitFor();
    await screenshotOnScreen(page, "guests-remove-dialog-375");
    await expectNoAxeViolations(page, remove);
    await remove.getByRole("button", { name: "Remove Sam" }).click();
    await page.getByText("Sam was removed. $9.41 goes back to your card.").waitFor(SERVER);
    await remove.waitFor({ state: "detached" });
    // The focus stays in the list of guests, on its heading.
    await expect.poll(() => mine.getByRole("heading", { name: "Your guests" }).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => players.getByText("Sam (guest of Pia Pitch)").count(), SERVER).toBe(0);
    await players.getByText("8 spots left", { exact: true }).waitFor(SERVER);
    await players.getByText("Alex Stone (guest of Pia Pitch)", { exact: true }).waitFor();
    expect(await mine.getByRole("button", { name: "Remove Sam" }).count()).toBe(0);
    await yourRegistration(page).getByText("You paid $30.00. $9.41 went back to your card.").waitFor(SERVER);
    expect((await eventOf(page, game)).playersCount).toBe(2);
    await fitsWidth(page);
    await screenshot(page, "guests-one-removed-375");
    await expectNoAxeViolations(page);
    expect(user.name).toBe("Pia Pitch");
  });

  it("within 24 hours of kick-off the guests stay: Remove is disabled beside the window's text", SLOW, async () => {
    const db = database();
    const game = await seedGame(db, { title: uniqueTitle("Guests Soon"), costCents: 0, maxPlayers: 10, maxGuestsPerPlayer: 1, startsInHours: 48 });
    const { page } = await signedIn("Nia", "Near");
    await joinGame(page, game, { role: "player", guests: [{ firstName: "Noor", lastName: undefined }] });
    // Kick-off moves to 5 hours from now, behind the app's back (the API refuses such a start).
    await db.query(`update event set starts_at = now() + interval '5 hours', ends_at = now() + interval '6 hours', version = version + 1 where id = $1`, [game.id]);
    await expect
      .poll(async () => {
        await openGame(page, game);
        return region(page, "Your guests").getByRole("button", { name: "Remove Noor" }).isDisabled();
      }, SERVER)
      .toBe(true);
    const mine = region(page, "Your guests");
    await mine.getByText("You can only cancel your registration up to 24 hours before the event.").waitFor();
    expect(await describedBy(mine.getByRole("button", { name: "Remove Noor" }))).toEqual(["You can only cancel your registration up to 24 hours before the event."]);
    await screenshot(page, "guests-window-closed-375");
    await expectNoAxeViolations(page);
  });

  it("a party that does not fit waits as one, consenting to the whole party's charge, and is promoted and charged in full once 3 spots free up", SLOW, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Guests Waitlist"), costCents: 1000, maxPlayers: 3, maxGuestsPerPlayer: 2 });
    // The 3 spots: Hal with a guest (2 spots), and Bo (1).
    const hal = await signedIn("Hal", "Holder", { width: 1280, height: 900 });
    await joinGame(hal.page, game, { role: "player", paymentMethodId: (await saveCard(hal.page)).id, guests: [{ firstName: "Gil", lastName: "Guest" }] });
    const bo = await signedIn("Bo", "Booked", { width: 1280, height: 900 });
    await joinGame(bo.page, game, { role: "player", paymentMethodId: (await saveCard(bo.page)).id });

    const { page } = await signedIn("Wendy", "Waiting");
    await openGame(page, game);
    const players = region(page, "Players");
    await players.getByText("Gil Guest (guest of Hal Holder)", { exact: true }).waitFor();
    await players.getByText("No spots left", { exact: true }).waitFor();
    await actionsOf(page).getByText("Full: every player spot is taken.").waitFor();
    await addGuests(page, [{ firstName: "Sam" }, { firstName: "Alex" }]);
    await actionsOf(page).getByRole("button", { name: "Join the waitlist with 2 guests (0 waiting)" }).click();

    // The consent is to the whole party's amount.
    const dialog = paymentDialog(page);
    await dialog.getByText("When 3 spots free up, your card will be charged $30.00 automatically, and the spots go to you and your guests.").waitFor();
    const consent = dialog.getByLabel("I agree that my card will be charged $30.00 automatically if a spot frees up.");
    await consent.waitFor();
    await dialog.getByLabel("Card number").waitFor();
    await screenshotOnScreen(page, "guests-waitlist-dialog-375");
    await expectNoAxeViolations(page, dialog);
    await consent.check();
    await payWithNewCard(dialog, "Join the waitlist");
    await page.getByText("You have been successfully added to the Player Waitlist!").waitFor(SERVER);
    await dialog.waitFor({ state: "detached" });

    const status = yourRegistration(page);
    await status.getByText("You're #1 on the Player Waitlist").waitFor(SERVER);
    await status.getByText("If 3 spots free up, your saved card will be charged $30.00 automatically for you and your 2 guests.").waitFor();
    // One place on the waitlist, the guests under it.
    const waitlist = region(page, "Player Waitlist");
    await waitlist.getByText("Sam (guest of Wendy Waiting)", { exact: true }).waitFor();
    await waitlist.getByText("Alex (guest of Wendy Waiting)", { exact: true }).waitFor();
    expect(await waitlist.locator(":scope > ol > li").count()).toBe(1);
    // Removing a guest from the waitlist moves no money.
    await region(page, "Your guests").getByRole("button", { name: "Remove Alex" }).waitFor();
    await fitsWidth(page);
    await screenshot(page, "guests-waitlisted-375");
    await expectNoAxeViolations(page);

    // Hal leaves with his guest: 2 spots free, too few for the party of 3, which keeps its place uncharged.
    expect((await hal.page.request.delete(`/api/events/${game.id}/registrations/me`)).status()).toBe(200);
    await players.getByText("2 spots left", { exact: true }).waitFor(SERVER);
    expect(await status.getByText("You're #1 on the Player Waitlist").isVisible()).toBe(true);
    expect((await eventOf(page, game)).mine).toMatchObject([{ status: "waitlisted", amountCents: 3000 }]);

    // Bo leaves too: 3 spots, the party is promoted whole and charged $30.00 in one payment.
    expect((await bo.page.request.delete(`/api/events/${game.id}/registrations/me`)).status()).toBe(200);
    await expect
      .poll(async () => {
        if (!(await status.getByText("You're playing").isVisible())) await openGame(page, game);
        return status.getByText("You paid $30.00 for you and 2 guests.").isVisible();
      }, { timeout: 60_000, interval: 1_000 })
      .toBe(true);
    await players.getByText("Sam (guest of Wendy Waiting)", { exact: true }).waitFor();
    await players.getByText("Alex (guest of Wendy Waiting)", { exact: true }).waitFor();
    await players.getByText("No spots left", { exact: true }).waitFor();
    const receipt = (await (await page.request.get(`/api/events/${game.id}/registrations/me/receipt`)).json()) as { receipt: Receipt };
    expect(receipt.receipt).toMatchObject({ paidCents: 3000, status: "confirmed" });
    await fitsWidth(page);
    await screenshot(page, "guests-promoted-375");
    await expectNoAxeViolations(page);
  });

  it("speaks French, and fits 320 px: the guest rows, the lists, the viewer's guests and the removal", SLOW, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Partie invités"), costCents: 0, maxPlayers: 10, maxGuestsPerPlayer: 2 });
    const user = await createVerifiedUser({ firstName: "Pia", lastName: "Pitch" });
    const page = await newPage({ ...PHONE, width: 320, locale: "fr-CA" });
    await login(page, user);
    await openGame(page, game);
    const section = region(page, "Invités");
    await section.getByText("Vous pouvez amener jusqu’à 2 invités. Chacun prend une place de joueur.").waitFor();
    await section.getByRole("button", { name: "Ajouter un invité" }).click();
    await section.getByLabel("Prénom de l’invité 1").fill("Sam");
    await section.getByRole("button", { name: "Ajouter un invité" }).click();
    await section.getByLabel("Nom de l’invité 2 (facultatif)").fill("Stone");
    await region(page, "Actions de la partie").getByRole("button", { name: "S’inscrire avec 2 invités" }).click();
    await section.getByText("Donnez un prénom à chaque invité.").waitFor();
    await section.getByText("Vous et 2 invités prenez 3 places.").waitFor();
    await expectAllFrench(page, "the guest rows");
    await fitsWidth(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "guests-rows-fr-320");

    await section.getByLabel("Prénom de l’invité 2").fill("Alex");
    await region(page, "Actions de la partie").getByRole("button", { name: "S’inscrire avec 2 invités" }).click();
    const players = region(page, "Joueurs");
    await players.getByText("Alex Stone (invité de Pia Pitch)", { exact: true }).waitFor(SERVER);
    await players.getByText("Sam (invité de Pia Pitch)", { exact: true }).waitFor();
    await players.getByText("7 places restantes", { exact: true }).waitFor();
    const mine = region(page, "Vos invités");
    await mine.getByRole("button", { name: "Retirer Sam" }).click();
    const remove = page.getByRole("dialog", { name: "Retirer Sam ?" });
    await remove.getByText("Rien n’a été débité pour cette place, donc aucun argent ne bouge.").waitFor();
    await expectAllFrench(page, "the removal's dialog");
    await expectNoAxeViolations(page, remove);
    await remove.getByRole("button", { name: "Garder Sam" }).click();
    await remove.waitFor({ state: "detached" });
    await expectAllFrench(page, "the party joined");
    await fitsWidth(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "guests-joined-fr-320");
  });
});
