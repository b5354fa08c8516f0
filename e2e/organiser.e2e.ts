import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { browserDate, openGame, pathOf, region, screenshotOnScreen } from "./support/pages.ts";
import { adminAccount, joinGame, saveCard, seedGame, seedRegistrations, type SeededGame, uniqueTitle, useDatabase, VENUE } from "./support/games.ts";
import { mailsTo, waitForMail } from "./support/mail.ts";

/**
 * Organisers and admins (issue 21): landing on a new game with Share ready, notes, a venue typed in
 * by name and address only, editing a game (and what it refuses), and an admin cancel that says
 * what it refunds and leaves the game closed. Each at a phone's 375 px and a laptop's 1280 px.
 */

const { newPage } = useBrowser();
const database = useDatabase();

const WIDTHS = [375, 1280] as const;
/** For expect.poll on what waits for the server: its default second is short on a busy machine. */
const SERVER = { timeout: 15_000 };
/** Tests that sign up and log in several people through the real mail and login screen take minutes on a busy machine. */
const SLOW = { timeout: 180_000 };

async function adminPage(width: number): Promise<Page> {
  const page = await newPage({ width, height: width < 640 ? 800 : 900 });
  await login(page, await adminAccount());
  return page;
}

/** A verified player with a page of their own, signed in. */
async function playerPage(firstName: string, lastName: string, width: number) {
  const user = await createVerifiedUser({ firstName, lastName });
  const page = await newPage({ width, height: 800 });
  await login(page, user);
  return { page, user };
}

async function eventOf(page: Page, id: string): Promise<EventDetail> {
  return ((await (await page.request.get(`/api/events/${id}`)).json()) as { event: EventDetail }).event;
}

async function userIdOf(email: string): Promise<string> {
  const { rows } = await database().query<{ id: string }>(`select id from "user" where email = $1`, [email]);
  return rows[0]!.id;
}

const isFocused = (page: Page, name: string) => page.getByRole("button", { name }).evaluate((element) => element === document.activeElement);

describe.each(WIDTHS)("at %i px", (width) => {
  it("creates a game from a typed name and address alone, with notes: the error line names what is missing, then the organiser lands on the game with Share ready", SLOW, async () => {
    const page = await adminPage(width);
    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Create New Event" }).waitFor();
    const title = uniqueTitle("Old Mill Friday");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Date").fill(await browserDate(page, 3));
    await page.getByLabel("Event Time").fill("19:00");
    await page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price").fill("0");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("12");
    // Pasted, as from a group chat: line breaks and all.
    await page.getByLabel("Notes (optional)").fill("Bring a dark and a light shirt.\nPark on Mill Lane, not in the yard.\n<b>Level</b>: relaxed");
    await page.getByRole("button", { name: "Enter the venue yourself" }).click();

    // The error line says which field is blank, and the focus goes there.
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByRole("alert").filter({ hasText: "All fields are required. Missing: Venue name and address." }).waitFor();
    const venueName = page.getByLabel("Venue name and address");
    expect(await venueName.getAttribute("aria-invalid")).toBe("true");
    expect(await venueName.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, `organiser-create-missing-venue-${width}`);
    await expectNoAxeViolations(page);

    // A name and address are enough: no coordinates, no pin.
    await venueName.fill("Old Mill Field, Mill Lane, Little Hampton");
    expect(await page.getByLabel("Coordinates or map link (optional)").inputValue()).toBe("");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByText("Event created successfully!").waitFor();

    // On the new game's page, Share Event has the focus.
    await expect.poll(() => pathOf(page), SERVER).toMatch(/^\/event\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await expect.poll(() => isFocused(page, "Share Event"), SERVER).toBe(true);
    await page.getByText("Your game is published. Share it with your players.").waitFor();
    const id = pathOf(page).split("/")[2]!;
    expect(await eventOf(page, id)).toMatchObject({ locationName: "Old Mill Field, Mill Lane, Little Hampton", latitude: null, longitude: null });

    // Notes as written: line breaks kept, markup shown as text.
    const notes = page.getByText("Bring a dark and a light shirt.");
    expect(await notes.evaluate((element) => (element as HTMLElement).innerText)).toBe(
      "Bring a dark and a light shirt.\nPark on Mill Lane, not in the yard.\n<b>Level</b>: relaxed",
    );
    expect(await page.locator("aside b").count()).toBe(0);
    // No map without a point; directions ask for the address.
    const location = region(page, "Event Location");
    await location.getByText("Old Mill Field, Mill Lane, Little Hampton").waitFor();
    expect(await location.getByRole("img").count()).toBe(0);
    const directions = page.getByRole("link", { name: /Get directions/ });
    expect(new URL((await directions.getAttribute("href"))!).searchParams.get("destination")).toBe("Old Mill Field, Mill Lane, Little Hampton");
    await screenshot(page, `organiser-created-share-ready-${width}`);
    await expectNoAxeViolations(page);
  });

  it("edits a game: time, venue, notes and capacity change, registered players are mailed what changed; a capacity below the held spots is refused", SLOW, async () => {
    const db = database();
    const game = await seedGame(db, { title: uniqueTitle("Edit Night"), maxPlayers: 3 });
    const holder = await createVerifiedUser({ firstName: "Hana", lastName: "Holder" });
    const waiter = await createVerifiedUser({ firstName: "Wes", lastName: "Waiter" });
    await seedRegistrations(db, game, [holder.name], { status: "confirmed", userId: await userIdOf(holder.email) });
    await seedRegistrations(db, game, ["Cara Second", "Dev Third"], { status: "confirmed" });
    await seedRegistrations(db, game, [waiter.name], { status: "waitlisted", userId: await userIdOf(waiter.email) });
    const mailsBefore = (await mailsTo(holder.email)).length;

    const page = await adminPage(width);
    await openGame(page, game);
    await page.getByRole("link", { name: "Edit game" }).click();
    await page.getByRole("heading", { name: `Edit ${game.title}`, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(`/admin/event/${game.id}/edit`);
    // Filled in from the game.
    expect(await page.getByLabel("Title").inputValue()).toBe(game.title);
    expect(await page.getByLabel("Venue name and address").inputValue()).toBe(VENUE);
    expect(await page.getByLabel("Coordinates or map link (optional)").inputValue()).toBe("40.7812, -73.9665");
    expect(await page.getByLabel("Max Players (excluding goalkeepers)").inputValue()).toBe("3");

    // A new price is for new registrations only, and the form says so.
    await page.getByText("A new price is for new registrations only: those already in keep theirs.").waitFor();
    await screenshot(page, `organiser-edit-form-${width}`);
    await expectNoAxeViolations(page);

    await page.getByLabel("Event Time").fill("20:15");
    await page.getByLabel("Venue name and address").fill("Old Mill Field, Mill Lane");
    await page.getByLabel("Coordinates or map link (optional)").fill("");
    await page.getByLabel("Notes (optional)").fill("Bibs provided.");
    await page.getByLabel("Max Players (excluding goalkeepers)").fill("4");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Game updated. 4 people were emailed the changes.").waitFor();
    await expect.poll(() => pathOf(page), SERVER).toBe(`/event/${game.id}`);

    // One more spot: the waiting player moved up at once.
    const players = region(page, "Players");
    await players.getByText(waiter.name).waitFor();
    await region(page, "Player Waitlist").getByText("No players on the waitlist").waitFor();
    await page.getByText("Bibs provided.").waitFor();
    await page.getByRole("definition").filter({ hasText: "8:15 PM - 9:15 PM" }).first().waitFor();
    await screenshot(page, `organiser-edited-game-${width}`);
    await expectNoAxeViolations(page);

    const mail = await waitForMail(holder.email, `Changed: ${game.title}`, { after: mailsBefore });
    expect(mail.text).toContain(`Venue: ${VENUE} → Old Mill Field, Mill Lane`);
    expect(mail.text).toContain("Map pin: 40.7812, -73.9665 → no map pin");
    expect(mail.text).toContain("Notes: none → Bibs provided.");
    expect(mail.text).toContain("Players: 3 spots → 4 spots");
    expect(mail.text).toMatch(/When: .+ → .+8:15 PM – 9:15 PM/);
    expect((await waitForMail(waiter.email, `Changed: ${game.title}`)).text).toContain("Players: 3 spots → 4 spots");
  });

  it("takes a new price once someone has paid, for new registrations only", SLOW, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Paid Night"), costCents: 1000 });
    const payer = await playerPage("Pam", "Paid", width);
    await joinGame(payer.page, game, { role: "player", paymentMethodId: (await saveCard(payer.page)).id });

    const page = await adminPage(width);
    await page.goto(`/admin/event/${game.id}/edit`);
    await page.getByRole("heading", { name: `Edit ${game.title}`, level: 1 }).waitFor();
    await page.getByText("A new price is for new registrations only: those already in keep theirs.").waitFor();
    const cost = page.getByLabel("Cost: add the 2.9% + $0.30 processing fee to your price");
    expect(await cost.inputValue()).toBe("10.00");
    await cost.fill("12.00");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Game updated. 1 person was emailed the changes.").waitFor();
    await expect.poll(async () => (await eventOf(page, game.id)).costCents, SERVER).toBe(1200);
    const { rows } = await database().query<{ amount_cents: number }>(`select amount_cents from registration where event_id = $1`, [game.id]);
    expect(rows.map((row) => row.amount_cents)).toEqual([1000]);
  });

  it("admin cancel says how many are refunded and the total, mails the message, and leaves the game closed", SLOW, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Rain Night"), costCents: 1000, maxPlayers: 4 });
    const payers = [await playerPage("Rita", "Refund", width), await playerPage("Ravi", "Refund", width)];
    for (const payer of payers) await joinGame(payer.page, game, { role: "player", paymentMethodId: (await saveCard(payer.page)).id });
    await seedRegistrations(database(), game, ["Una Unpaid"], { status: "waitlisted" });

    const page = await adminPage(width);
    await openGame(page, game);
    await page.getByRole("button", { name: "Cancel Event & Refund" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Event Cancellation" });
    await dialog.getByText("2 people will be refunded $20.00 in all, each in full. 3 people registered are emailed.").waitFor();
    await dialog.getByLabel("Message to the players (optional)").fill("The pitch is flooded. See you next week!");
    await screenshotOnScreen(page, `organiser-cancel-dialog-${width}`);
    await expectNoAxeViolations(page, dialog);
    await dialog.getByRole("button", { name: "Cancel the game for everyone" }).click();
    await page.getByText("Event cancelled, and all users refunded.").waitFor();
    await dialog.waitFor({ state: "detached" });

    // Closed: no open spots, no join, no share; the admin sees who was refunded what.
    await page.getByText("Event Cancelled", { exact: true }).waitFor();
    const refunds = region(page, "Refunds");
    await refunds.getByText("2 people were refunded $20.00 in all.").waitFor();
    for (const payer of payers) await refunds.getByRole("row", { name: new RegExp(payer.user.name) }).waitFor();
    expect(await page.getByText(/Spot \d+ - Open/).count()).toBe(0);
    for (const name of ["Join as Player", "Share Event", "Cancel Event & Refund"]) expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    expect(await page.getByRole("link", { name: "Edit game" }).count()).toBe(0);
    await screenshot(page, `organiser-cancelled-admin-${width}`);
    await expectNoAxeViolations(page);

    for (const payer of payers) {
      const mail = await waitForMail(payer.user.email, `Cancelled: ${game.title}`);
      expect(mail.text).toContain("Your payment of $10.00 is refunded in full");
      expect(mail.text).toContain("Message from the organiser: The pitch is flooded. See you next week!");
    }

    // The player's own view: their refund, the game closed.
    const player = payers[0]!.page;
    await openGame(player, game);
    await region(player, "Game closed").getByText("Your payment of $10.00 is refunded in full to your card.").waitFor();
    expect(await player.getByText(/Spot \d+ - Open/).count()).toBe(0);
    for (const name of ["Join as Player", "Share Event"]) expect(await player.getByRole("button", { name }).count(), name).toBe(0);
    await screenshot(player, `organiser-cancelled-player-${width}`);
    await expectNoAxeViolations(player);
  });
});

it("shows the home screen to a player at an edit address, and the API refuses the edit (403)", async () => {
  const game: SeededGame = await seedGame(database(), { title: uniqueTitle("Guarded Night") });
  const { page } = await playerPage("Nia", "Nosy", 1280);
  await page.goto(`/admin/event/${game.id}/edit`);
  await page.getByRole("heading", { name: "Available Events" }).waitFor();
  expect(await page.getByRole("heading", { name: `Edit ${game.title}` }).count()).toBe(0);
  const response = await page.request.patch(`/api/events/${game.id}`, { data: { title: "Mine now" } });
  expect(response.status()).toBe(403);
});
