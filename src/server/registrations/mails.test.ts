import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEE } from "#shared/money.ts";
import { insertGame, join, playerWithCard, registrationsOf } from "#test/payments.ts";
import { createTestContext, signUpVerified, type TestContext } from "#test/test-app.ts";
import { registration } from "#server/db/schema.ts";
import { insertUser } from "#test/seed-events.ts";
import { composeRegistrationMail } from "./mails.ts";

/**
 * What people are told by mail when they join, wait, pay or delete their account: read from the
 * mails the app really sends (to a loopback SMTP server), both bodies, with the amounts, the cancel
 * deadline on the game's clocks and its zone as people say it. Games are in America/New_York.
 */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
});
afterAll(async () => {
  await context?.close();
});

// Kick-off Saturday June 15, 2030, 7:00 PM in New York: the deadline is the Friday, same time.
const KICK_OFF = new Date("2030-06-15T23:00:00Z");
const DEADLINE = "Friday, June 14, 2030, 7:00 PM Eastern Time";
const WHEN = "When: Sat, Jun 15, 2030, 7:00 PM – 8:30 PM (Eastern Time)";

const mailFor = (email: string, subject: string) => context.mail.waitFor(email, subject, { timeoutMs: 20_000 });

describe("joining a free game", () => {
  it("says You're in, with the deadline to cancel on the game's clocks and the zone named", async () => {
    const game = await insertGame(context, { title: "Free Friday", costCents: 0, startsAt: KICK_OFF });
    const player = await signUpVerified(context);
    expect((await join(player.client, game.id, { role: "player" })).body.registration?.status).toBe("confirmed");

    const mail = await mailFor(player.email, "You're in: Free Friday");
    expect(mail.text).toContain("You have a spot in Free Friday: you are on the Player List. This game is free.");
    expect(mail.text).toContain(`Can't make it? Cancel on the game's page by ${DEADLINE} (24 hours before kick-off)`);
    expect(mail.text).toContain(`Cancel by: ${DEADLINE}`);
    expect(mail.text).toContain(WHEN);
    expect(mail.text).toContain(`${context.config.publicUrl}/event/${game.id}`);
    expect(mail.text).not.toContain("America/");
    expect(mail.html).toContain("Eastern Time");
    expect(mail.html).not.toContain("America/");
  });

  it("puts a full game's newcomer on the waitlist and tells them their place", async () => {
    const game = await insertGame(context, { title: "Crowded Free", costCents: 0, maxPlayers: 1, startsAt: KICK_OFF });
    const holder = await signUpVerified(context);
    const first = await signUpVerified(context);
    const second = await signUpVerified(context);
    await join(holder.client, game.id, { role: "player" });
    await join(first.client, game.id, { role: "player" });
    expect((await join(second.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");

    const mail = await mailFor(second.email, "You're on the waitlist: Crowded Free");
    expect(mail.text).toContain("The Player List of Crowded Free is full, so you are on its waitlist: you are number 2.");
    expect(mail.text).toContain("If a spot frees up before kick-off, it is yours automatically");
    expect(mail.text).toContain(`To give up your place, leave the waitlist on the game's page by ${DEADLINE} (24 hours before kick-off); after that your place stays.`);
    expect(mail.links).toContain(`${context.config.publicUrl}/event/${game.id}`);
    expect(mail.text).toContain("Waitlist place: #2");
    expect((await mailFor(first.email, "You're on the waitlist: Crowded Free")).text).toContain("you are number 1.");
  });
});

describe("joining a paid game's waitlist", () => {
  it("mails the written record of the consent: its words, when, the amount, the card, and how to withdraw it", async () => {
    const game = await insertGame(context, { title: "Paid & Full", maxPlayers: 1, startsAt: KICK_OFF });
    const holder = await playerWithCard(context);
    const waiter = await playerWithCard(context);
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    const joined = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    expect(joined.body.registration?.status).toBe("waitlisted");
    const [, reg] = await registrationsOf(context, game.id);

    const mail = await mailFor(waiter.email, "Your waitlist place and automatic payment: Paid & Full");
    const agreedAt = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "long", day: "numeric", year: "numeric" }).format(reg!.waitlistedAt!);
    expect(mail.text).toContain("The Player List of Paid & Full is full, so you are on its waitlist: you are number 1. Nothing has been charged.");
    expect(mail.text).toMatch(new RegExp(`This mail is your record of what you agreed to on \\w+day, ${agreedAt}, \\d{1,2}:\\d{2} [AP]M Eastern Time:`));
    expect(mail.text).toContain("“I agree that my card will be charged $10.00 automatically if a spot frees up.”");
    expect(mail.text).toContain("your Visa •••• 4242 is charged $10.00 without asking you again");
    expect(mail.text).toContain(
      `To withdraw your agreement, leave the waitlist on the game's page by ${DEADLINE} (24 hours before kick-off); after that your place stays, and a spot that frees up before kick-off is charged. Open the game: ${context.config.publicUrl}/event/${game.id}\n`,
    );
    // Every link in the mail is the game's own address, whole (no full stop read into it).
    expect(new Set(mail.links)).toEqual(new Set([`${context.config.publicUrl}/event/${game.id}`]));
    expect(mail.text).toContain("and get $9.41 back ($10.00 minus the $0.59 processing fee)");
    expect(mail.text).toContain("Charged if a spot frees up: $10.00");
    expect(mail.text).toContain("Card: Visa •••• 4242");
    expect(mail.text).toContain(`Withdraw by: ${DEADLINE}`);
    // The game's title is the organiser's text: escaped in the HTML body.
    expect(mail.html).toContain("Paid &#38; Full");
    expect(mail.html).not.toContain("Paid & Full");
    expect(mail.html).toContain("Visa •••• 4242");
  });

  it("says the agreement can no longer be withdrawn once kick-off is less than 24 hours away", async () => {
    const game = await insertGame(context, { title: "Late Waitlist", maxPlayers: 1, startsInHours: 6 });
    const holder = await playerWithCard(context);
    const waiter = await playerWithCard(context);
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    const mail = await mailFor(waiter.email, "Your waitlist place and automatic payment: Late Waitlist");
    expect(mail.text).toContain("Kick-off is less than 24 hours away, so this place and your agreement can no longer be withdrawn");
    expect(mail.text).not.toContain("Withdraw by");
  });
  it("keeps the record of a place that left the waitlist before the mail was written, without saying nothing was charged", async () => {
    const game = await insertGame(context, { title: "Quick Promotion", startsAt: KICK_OFF });
    const person = await insertUser(context.database.db);
    const rows = await context.database.db
      .insert(registration)
      .values([
        { eventId: game.id, userId: person.id, role: "player", status: "promoting", amountCents: 1000, consentToAutoCharge: true, cardLabel: "Visa •••• 4242", waitlistedAt: new Date() },
        { eventId: game.id, userId: person.id, role: "goalkeeper", status: "confirmed", amountCents: 0, waitlistedAt: new Date() },
      ])
      .returning();
    const compose = (registrationId: string) =>
      composeRegistrationMail(context.database.db, { ...context.config, feeRule: DEFAULT_FEE }, { kind: "waitlisted", registrationId });
    const paid = await compose(rows[0]!.id);
    expect(paid?.text).toContain("You joined the waitlist of the Player List of Quick Promotion.");
    expect(paid?.text).toContain("“I agree that my card will be charged $10.00 automatically if a spot frees up.”");
    expect(paid?.text).not.toContain("Nothing has been charged");
    expect(paid?.text).not.toContain("Waitlist place");
    // A free place has nothing left to say: the spot's own mail tells the rest.
    expect(await compose(rows[1]!.id)).toBeNull();
  });
});

describe("receipts", () => {
  it("Payment confirmed states the deadline and what a cancel refunds (price − processing fee)", async () => {
    const game = await insertGame(context, { title: "Receipt Cup", costCents: 1200, startsAt: KICK_OFF });
    const player = await playerWithCard(context);
    await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    const mail = await mailFor(player.email, "Payment confirmed: Receipt Cup");
    // $12.00: fee round(34.8) + 30 = 65 cents, refund $11.35.
    expect(mail.text).toContain("We charged $12.00 to your card.");
    expect(mail.text).toContain(
      `Cancel on the game's page by ${DEADLINE} (24 hours before kick-off) and you get $11.35 back: the $12.00 you paid minus the $0.65 processing fee`,
    );
    expect(mail.text).toContain(`Cancel by: ${DEADLINE}`);
    expect(mail.text).toContain("Refund if you cancel: $11.35 ($12.00 minus the $0.65 processing fee)");
    expect(mail.text).toContain("Card: Visa •••• 4242");
    expect(mail.text).toContain(WHEN);
    expect(mail.html).toContain("Refund if you cancel");
    expect(mail.html).toContain(DEADLINE);
  });

  it("You're in after a promotion states them too; inside 24 hours it says the spot can no longer be cancelled", async () => {
    const game = await insertGame(context, { title: "Promotion Cup", maxPlayers: 1, startsAt: KICK_OFF });
    const holder = await playerWithCard(context);
    const waiter = await playerWithCard(context);
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    expect((await holder.client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const promoted = await mailFor(waiter.email, "You're in: Promotion Cup");
    expect(promoted.text).toContain("As you agreed when joining the waitlist, we charged $10.00 to your saved card.");
    expect(promoted.text).toContain(`by ${DEADLINE} (24 hours before kick-off) and you get $9.41 back: the $10.00 you paid minus the $0.59 processing fee`);

    const soon = await insertGame(context, { title: "Tonight Cup", startsInHours: 5 });
    const late = await playerWithCard(context);
    await join(late.client, soon.id, { role: "player", paymentMethodId: late.card.id });
    const receipt = await mailFor(late.email, "Payment confirmed: Tonight Cup");
    expect(receipt.text).toContain("Kick-off is less than 24 hours away, so this spot can no longer be cancelled.");
    expect(receipt.text).not.toContain("Refund if you cancel");
  });
});

describe("deleting an account", () => {
  it("mails what each paid game refunded, and the total, to the address the account had", async () => {
    const ahead = await insertGame(context, { title: "Tom's <Friday> & co", startsAt: KICK_OFF });
    const tonight = await insertGame(context, { title: "Tonight Kick", startsInHours: 5 });
    const free = await insertGame(context, { title: "Free Kick", costCents: 0 });
    const leaving = await playerWithCard(context);
    for (const game of [ahead, tonight]) await join(leaving.client, game.id, { role: "player", paymentMethodId: leaving.card.id });
    await join(leaving.client, free.id, { role: "player" });
    await mailFor(leaving.email, "Payment confirmed: Tonight Kick");

    expect((await leaving.client.json("POST", "/api/auth/delete-user", { password: leaving.password })).status).toBe(200);
    const mail = await mailFor(leaving.email, "Your Kickoff account is deleted: what is refunded");
    expect(mail.text).toContain("You deleted your Kickoff account. Your spots in upcoming games were released");
    const rows = mail.text.split("\n\n");
    expect(rows).toContain("Game: Tom's <Friday> & co\nDate: Sat, Jun 15, 2030\nPaid: $10.00\nRefunded: $9.41 ($10.00 minus the $0.59 processing fee)");
    expect(rows.find((row) => row.startsWith("Game: Tonight Kick"))).toContain("Refunded: Nothing: kick-off was less than 24 hours away");
    expect(mail.text).not.toContain("Free Kick");
    expect(mail.text).toContain("In all, $9.41 is refunded to your card.");
    expect(mail.html).toContain("Tom&#39;s &#60;Friday&#62; &#38; co");
    expect(mail.html).not.toContain("<Friday>");
    expect(mail.html).toContain("<caption");
  });

  it("sends nothing when the account held no paid spot", async () => {
    const game = await insertGame(context, { title: "Only Free", costCents: 0 });
    const leaving = await signUpVerified(context);
    await join(leaving.client, game.id, { role: "player" });
    await mailFor(leaving.email, "You're in: Only Free");
    const before = context.mail.mails.length;
    expect((await leaving.client.json("POST", "/api/auth/delete-user", { password: leaving.password })).status).toBe(200);
    // The refund job would have been queued before the answer; give the worker time to send it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(context.mail.mails.slice(before).filter((mail) => mail.to.includes(leaving.email.toLowerCase()))).toEqual([]);
  });
});
