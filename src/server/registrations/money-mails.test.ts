import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEE } from "../../shared/money.ts";
import { eventAs, eventually, insertGame, join, ledgerOf, playerWithCard } from "../../test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "../../test/test-app.ts";
import { composeRegistrationMail } from "./mails.ts";

/**
 * The money mails tell the rows of their moment (issue "Money told the same everywhere", items 5
 * and 8; docs/mails.md), through the real workers and a real SMTP server: a party of three pays
 * $30.00 (fee $1.17), removes a guest ($10.00 − 59¢ = $9.41 back), then cancels ($20.00 held − 88¢ =
 * $19.12 back). Each mail carries a Message-ID made from its kind and key.
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
});

const removeFirstGuest = async (client: TestClient, eventId: string) => {
  const guest = (await eventAs(client, eventId)).mine[0]!.guests![0]!;
  expect((await client.json<{ refundCents: number }>("DELETE", `/api/events/${eventId}/registrations/me/guests/${guest.id}`)).body.refundCents).toBe(941);
};

describe("money mails", () => {
  it("confirm the charge made, receipt a removed guest, and refund with every figure adding up", async () => {
    const game = await insertGame(context, { title: "Mail night", maxPlayers: 6, maxGuestsPerPlayer: 2 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }, { firstName: "Alex" }] });
    expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });
    // Sam leaves at once, maybe before "Payment confirmed" is written: it still tells the $30.00 charged.
    await removeFirstGuest(pia.client, game.id);
    const confirmed = await context.mail.waitFor(pia.email, "Payment confirmed: Mail night", { timeoutMs: 20_000 });
    // The charge of its moment; the cancel policy below it speaks of what the party holds now ($20.00).
    expect(confirmed.text).toContain("Amount: $30.00");
    expect(confirmed.messageId).toBe(`<payment_confirmed.${joined.body.registration!.id}@localhost>`);

    const receipt = await context.mail.waitFor(pia.email, "Sam is no longer in your party for Mail night", { timeoutMs: 20_000 });
    expect(receipt.text).toContain("$9.41 of their $10.00 goes back to your card (the $0.59 processing fee is kept by the card processor).");

    expect((await pia.client.json<{ refundCents: number }>("DELETE", `/api/events/${game.id}/registrations/me`)).body.refundCents).toBe(1912);
    const refund = await context.mail.waitFor(pia.email, "Your refund for Mail night", { timeoutMs: 20_000 });
    // $30.00 in; $28.53 back in all ($19.12 now, $9.41 before); the processor keeps $1.47.
    expect(refund.text).toContain("$30.00 paid, $1.47 processing fee, $28.53 refunded to your card.");
    expect(refund.text).toContain("$9.41 of it had already gone back to your card for the guests you removed.");
    const release = (await ledgerOf(context, joined.body.registration!.id)).find((row) => row.kind === "refund" && row.guestId === null)!;
    expect(refund.messageId).toBe(`<refund.${release.id}@localhost>`);
  });

  it("tells an admin cancel's own refunds, not an earlier guest's, and writes the same mail twice alike", async () => {
    const game = await insertGame(context, { title: "Called off", maxPlayers: 6, maxGuestsPerPlayer: 2 });
    const kim = await playerWithCard(context, { firstName: "Kim" });
    const joined = await join(kim.client, game.id, { role: "player", paymentMethodId: kim.card.id, guests: [{ firstName: "Lou" }, { firstName: "Max" }] });
    expect(joined.status).toBe(201);
    await removeFirstGuest(kim.client, game.id);
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
    const cancelled = await context.mail.waitFor(kim.email, "Cancelled: Called off", { timeoutMs: 20_000 });
    // The party held $20.00 when the game was cancelled: that is what the cancel gives back.
    expect(cancelled.text).toContain("Your payment of $20.00 is refunded in full");

    // A job run again after a crash writes the same mail, under the same Message-ID.
    const job = { kind: "event_cancelled" as const, eventId: game.id, userId: (await eventually(async () => (await ledgerOf(context, joined.body.registration!.id))[0], "charge")).userId! };
    const mailContext = { ...context.config, feeRule: DEFAULT_FEE };
    const [first, second] = await Promise.all([composeRegistrationMail(context.database.db, mailContext, job), composeRegistrationMail(context.database.db, mailContext, job)]);
    expect(first!.messageId).toBe(`<event_cancelled.${game.id}.${job.userId}@localhost>`);
    expect(second).toEqual(first);
  });

  it("records a waitlist consent at the amount consented, and tells a confirmation sent after the spot was given up", async () => {
    const game = await insertGame(context, { title: "Full house", maxPlayers: 2, maxGuestsPerPlayer: 2 });
    const first = await playerWithCard(context, { firstName: "Ana" });
    expect((await join(first.client, game.id, { role: "player", paymentMethodId: first.card.id, guests: [{ firstName: "Cy" }] })).status).toBe(201);
    const rae = await playerWithCard(context, { firstName: "Rae" });
    const waiting = await join(rae.client, game.id, { role: "player", paymentMethodId: rae.card.id, consentToAutoCharge: true, guests: [{ firstName: "Bo" }] });
    expect(waiting.body.registration).toMatchObject({ status: "waitlisted", amountCents: 2000 });
    // Rae takes Bo out before the record is written: it still records the $20.00 agreed to.
    const mailContext = { ...context.config, feeRule: DEFAULT_FEE };
    const record = await composeRegistrationMail(context.database.db, mailContext, { kind: "waitlisted", registrationId: waiting.body.registration!.id, amountCents: 2000 });
    expect(record!.text).toContain("$20.00");

    // Ana gives her spot up before her confirmation is written: the mail says so.
    const ana = (await ledgerOf(context, (await eventAs(first.client, game.id)).mine[0]!.id))[0]!;
    expect((await first.client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const late = await composeRegistrationMail(context.database.db, mailContext, { kind: "payment_confirmed", registrationId: ana.registrationId });
    expect(late!.text).toContain("Amount: $20.00");
    expect(late!.text).toContain("You have since given up this spot.");
  });
});
