import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_FIRST_NAME_REQUIRED, GUEST_NAME_NOT_ALLOWED, GUEST_NOT_FOUND, GUESTS_OFF, GUESTS_PLAYERS_ONLY, PARTY_LARGER_THAN_GAME, tooManyGuests } from "#shared/guests.ts";
import type { CheckInList } from "#shared/check-in.ts";
import { CANCEL_WINDOW_TEXT, HELD_STATUSES, type Receipt } from "#shared/registrations.ts";
import { eventAs, eventually, insertGame, join, ledgerOf, playerWithCard, registrationsOf } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { payment, registration, registrationGuest } from "#server/db/schema.ts";
import { reconcile } from "#server/money/reconcile.ts";
import { english } from "#test/shared-english.ts";

/**
 * +1 guests (docs/guests.md) on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the
 * simulated processor: a party holds 1 + guests spots and pays price × (1 + guests) in one charge;
 * it waits and is promoted whole, the next party that fits going first; a removed guest's share goes
 * back minus the fee under its own key; and the ledger explains every cent.
 */

let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };
const removeGuest = (client: TestClient, eventId: string, guestId: string) =>
  client.json<{ refundCents: number } & ErrorBody>("DELETE", `/api/events/${eventId}/registrations/me/guests/${guestId}`);
const cancel = (client: TestClient, eventId: string) => client.json<{ refundCents: number } & ErrorBody>("DELETE", `/api/events/${eventId}/registrations/me`);
const SAM_AND_ALEX = [{ firstName: "Sam" }, { firstName: " Alex ", lastName: " Stone " }];

/** The ledger row of `kind` (and key prefix) once it has left pending. */
const settled = (registrationId: string, kind: "charge" | "refund", key?: string) =>
  eventually(async () => {
    const row = (await ledgerOf(context, registrationId)).find((r) => r.kind === kind && (!key || r.idempotencyKey === key));
    return row && row.status !== "pending" ? row : undefined;
  }, `${kind} of ${registrationId} to settle`);

/** Spots of the role held now, counted from the rows: one per registration and one per active guest. */
async function heldSpots(eventId: string): Promise<number> {
  const rows = await context.database.db
    .select({ guestCount: registration.guestCount, id: registration.id })
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.role, "player"), inArray(registration.status, [...HELD_STATUSES])));
  const guests = rows.length
    ? await context.database.db
        .select({ id: registrationGuest.id })
        .from(registrationGuest)
        .where(and(inArray(registrationGuest.registrationId, rows.map((r) => r.id)), eq(registrationGuest.status, "active")))
    : [];
  // The count capacity reads and the guests' own rows agree.
  expect(rows.reduce((sum, r) => sum + r.guestCount, 0)).toBe(guests.length);
  return rows.length + guests.length;
}

describe("joining with guests", () => {
  it("holds a spot for the whole party, charges price × 3 once, and shows the guests after their player", async () => {
    const game = await insertGame(context, { title: "Party cup", maxGuestsPerPlayer: 2 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: SAM_AND_ALEX });
    expect(joined.status).toBe(201);
    expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });

    const [charge] = await ledgerOf(context, joined.body.registration!.id);
    expect(charge).toMatchObject({ kind: "charge", status: "succeeded", amountCents: 3000, idempotencyKey: `charge:${joined.body.registration!.id}` });
    const detail = await eventAs(pia.client, game.id);
    expect(detail.playersCount).toBe(3);
    expect(detail.maxGuestsPerPlayer).toBe(2);
    // Names trimmed; the last name optional.
    expect(detail.players).toEqual([expect.objectContaining({ name: "Pia Player", guests: [expect.objectContaining({ name: "Sam" }), expect.objectContaining({ name: "Alex Stone" })] })]);
    expect(detail.mine).toEqual([expect.objectContaining({ status: "confirmed", amountCents: 3000, guests: detail.players[0]!.guests })]);
    expect(await heldSpots(game.id)).toBe(3);
    // The receipt of Payment Successful! says who the $30.00 covers.
    const receipt = await pia.client.json<{ receipt: Receipt }>("GET", `/api/events/${game.id}/registrations/me/receipt`);
    expect(receipt.body.receipt).toMatchObject({ paidCents: 3000, priceCents: 3000, guests: ["Sam", "Alex Stone"] });
    // The mail names the guests the amount covers.
    const confirmed = await context.mail.waitFor(pia.email, "Payment confirmed: Party cup", { timeoutMs: 15_000 });
    expect(confirmed.text).toContain("$30.00");
    expect(confirmed.text).toContain("Your guests: Sam, Alex Stone");
  });

  it("refuses guests the game does not take, over its limit, as goalkeepers, larger than the game, or badly named", async () => {
    const off = await insertGame(context, { title: "No guests cup" });
    const small = await insertGame(context, { title: "Small cup", maxPlayers: 2, maxGuestsPerPlayer: 3, includeGoalkeepers: true, maxGoalkeepers: 2 });
    const pat = await playerWithCard(context);
    const card = pat.card.id;
    const refused = async (eventId: string, body: Record<string, unknown>) => {
      const response = await join(pat.client, eventId, { paymentMethodId: card, ...body });
      return { status: response.status, message: (response.body as ErrorBody).error?.message };
    };
    expect(await refused(off.id, { role: "player", guests: [{ firstName: "Sam" }] })).toEqual({ status: 422, message: english(GUESTS_OFF) });
    expect(await refused(small.id, { role: "goalkeeper", guests: [{ firstName: "Sam" }] })).toEqual({ status: 422, message: english(GUESTS_PLAYERS_ONLY) });
    expect(await refused(small.id, { role: "player", guests: [{ firstName: "A" }, { firstName: "B" }] })).toEqual({ status: 422, message: english(PARTY_LARGER_THAN_GAME) });
    const overLimit = await insertGame(context, { title: "Limit cup", maxGuestsPerPlayer: 1 });
    expect(await refused(overLimit.id, { role: "player", guests: [{ firstName: "A" }, { firstName: "B" }] })).toEqual({ status: 422, message: english(tooManyGuests(1)) });
    expect(await refused(small.id, { role: "player", guests: [{ firstName: "  " }] })).toEqual({ status: 400, message: english(GUEST_FIRST_NAME_REQUIRED) });
    expect(await refused(small.id, { role: "player", guests: [{ firstName: "Sam\u0000" }] })).toEqual({ status: 400, message: english(GUEST_NAME_NOT_ALLOWED) });
    expect(await refused(small.id, { role: "player", guests: [{ firstName: "x".repeat(41) }] })).toMatchObject({ status: 400 });
    // Nothing was written by any refusal, and nothing charged.
    expect(await registrationsOf(context, small.id)).toEqual([]);
    expect(await registrationsOf(context, off.id)).toEqual([]);
  });

  it("sends a party that does not fit to the waitlist whole, with consent to the full amount", async () => {
    const game = await insertGame(context, { title: "Tight cup", maxPlayers: 2, maxGuestsPerPlayer: 2 });
    const first = await playerWithCard(context, { firstName: "First" });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    expect((await join(first.client, game.id, { role: "player", paymentMethodId: first.card.id })).status).toBe(201);
    const noConsent = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }] });
    expect(noConsent.status).toBe(422);
    const waiting = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }], consentToAutoCharge: true });
    expect(waiting.body.registration).toMatchObject({ status: "waitlisted", amountCents: 2000 });
    const detail = await eventAs(pia.client, game.id);
    expect(detail.playersCount).toBe(1);
    expect(detail.playerWaitList).toEqual([expect.objectContaining({ name: "Pia Player", guests: [expect.objectContaining({ name: "Sam" })] })]);
    expect(detail.mine).toEqual([expect.objectContaining({ status: "waitlisted", waitlistPosition: 1 })]);
    expect(await ledgerOf(context, waiting.body.registration!.id)).toEqual([]);
    // The written record of the consent is for the whole party's price.
    const record = await context.mail.waitFor(pia.email, "Tight cup", { timeoutMs: 15_000 });
    expect(record.text).toContain("$20.00");
    expect(record.text).toContain("Your guests: Sam");
  });
});

describe("a waitlisted party", () => {
  it("keeps its place while a smaller one that fits goes first, and is promoted whole, charged for everyone, when its spots free up", async () => {
    const game = await insertGame(context, { title: "Skip-ahead cup", maxPlayers: 4, maxGuestsPerPlayer: 2 });
    const holders = await Promise.all(["A", "B", "C", "D"].map((name) => playerWithCard(context, { firstName: name })));
    for (const holder of holders) expect((await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id })).status).toBe(201);
    const party = await playerWithCard(context, { firstName: "Pia" });
    const single = await playerWithCard(context, { firstName: "Solo" });
    const partyJoin = await join(party.client, game.id, { role: "player", paymentMethodId: party.card.id, consentToAutoCharge: true, guests: SAM_AND_ALEX });
    const singleJoin = await join(single.client, game.id, { role: "player", paymentMethodId: single.card.id, consentToAutoCharge: true });
    expect([partyJoin.body.registration?.status, singleJoin.body.registration?.status]).toEqual(["waitlisted", "waitlisted"]);

    // One spot frees: the party of three does not fit, the single player behind it does.
    expect((await cancel(holders[0]!.client, game.id)).status).toBe(200);
    await settled(singleJoin.body.registration!.id, "charge");
    let detail = await eventAs(party.client, game.id);
    expect(detail.players.map((p) => p.name)).toEqual(["B Player", "C Player", "D Player", "Solo Player"]);
    expect(detail.mine).toEqual([expect.objectContaining({ status: "waitlisted", waitlistPosition: 1 })]);

    // Two more free: still not three, so nobody moves.
    expect((await cancel(holders[1]!.client, game.id)).status).toBe(200);
    expect((await cancel(holders[2]!.client, game.id)).status).toBe(200);
    detail = await eventAs(party.client, game.id);
    expect(detail.mine).toEqual([expect.objectContaining({ status: "waitlisted" })]);
    expect(detail.playersCount).toBe(2);

    // The third: the party is promoted whole and charged off-session for three.
    expect((await cancel(holders[3]!.client, game.id)).status).toBe(200);
    const charge = await settled(partyJoin.body.registration!.id, "charge");
    expect(charge).toMatchObject({ status: "succeeded", amountCents: 3000, offSession: true, idempotencyKey: `promote:${partyJoin.body.registration!.id}` });
    detail = await eventAs(party.client, game.id);
    expect(detail.playersCount).toBe(4);
    expect(detail.mine).toEqual([expect.objectContaining({ status: "confirmed", amountCents: 3000 })]);
    expect(await heldSpots(game.id)).toBe(4);
  });
});

describe("removing a guest", () => {
  it("refunds that guest's share minus the fee under its own key, frees the spot for the waitlist, and a later cancel refunds the rest", async () => {
    const game = await insertGame(context, { title: "Removal cup", maxPlayers: 3, maxGuestsPerPlayer: 2 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const next = await playerWithCard(context, { firstName: "Next" });
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: SAM_AND_ALEX });
    const waiting = await join(next.client, game.id, { role: "player", paymentMethodId: next.card.id, consentToAutoCharge: true });
    expect(waiting.body.registration?.status).toBe("waitlisted");
    const regId = joined.body.registration!.id;
    const sam = (await eventAs(pia.client, game.id)).mine[0]!.guests![0]!;

    // Not someone else's guest, nor an unknown one.
    expect((await removeGuest(next.client, game.id, sam.id)).body.error?.message).toBe(english(GUEST_NOT_FOUND));
    expect((await removeGuest(pia.client, game.id, "not-a-guest")).status).toBe(404);

    const removed = await removeGuest(pia.client, game.id, sam.id);
    expect(removed.status).toBe(200);
    expect(removed.body.refundCents).toBe(941);
    const refund = await settled(regId, "refund", `refund-guest:${sam.id}`);
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 941, guestId: sam.id });
    // Removing twice changes nothing.
    expect((await removeGuest(pia.client, game.id, sam.id)).status).toBe(404);

    await settled(waiting.body.registration!.id, "charge");
    const detail = await eventAs(pia.client, game.id);
    expect(detail.players.map((p) => [p.name, p.guests?.map((g) => g.name)])).toEqual([
      ["Pia Player", ["Alex Stone"]],
      ["Next Player", undefined],
    ]);
    expect(detail.mine).toEqual([expect.objectContaining({ status: "confirmed", amountCents: 2000 })]);

    // Cancelling now gives back the party's remaining $20.00 minus the fee ($0.58 + $0.30).
    const cancelled = await cancel(pia.client, game.id);
    expect(cancelled.body.refundCents).toBe(1912);
    const rest = await settled(regId, "refund", `refund:${regId}`);
    expect(rest).toMatchObject({ status: "succeeded", amountCents: 1912, guestId: null });
  });

  it("from a waitlisted party lowers what the automatic charge will take, and refunds nothing", async () => {
    const game = await insertGame(context, { title: "Waiting removal cup", maxPlayers: 2, maxGuestsPerPlayer: 2 });
    const holder = await playerWithCard(context, { firstName: "Holder" });
    const other = await playerWithCard(context, { firstName: "Other" });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    await join(other.client, game.id, { role: "player", paymentMethodId: other.card.id });
    const waiting = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, consentToAutoCharge: true, guests: [{ firstName: "Sam" }] });
    const sam = (await eventAs(pia.client, game.id)).mine[0]!.guests![0]!;
    expect((await removeGuest(pia.client, game.id, sam.id)).body.refundCents).toBe(0);
    // The single player left now fits the freed spot, charged for one.
    expect((await cancel(holder.client, game.id)).status).toBe(200);
    const charge = await settled(waiting.body.registration!.id, "charge");
    expect(charge).toMatchObject({ status: "succeeded", amountCents: 1000 });
  });

  it("from a waitlisted party that then fits the spots free promotes it at once, ahead of any newcomer", async () => {
    const game = await insertGame(context, { title: "Now it fits cup", maxPlayers: 4, maxGuestsPerPlayer: 2 });
    const holders = await Promise.all(["A", "B", "C", "D"].map((name) => playerWithCard(context, { firstName: name })));
    for (const holder of holders) await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const waiting = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, consentToAutoCharge: true, guests: SAM_AND_ALEX });
    expect(waiting.body.registration?.status).toBe("waitlisted");
    // Two spots free: the party of three does not fit and keeps its place.
    for (const holder of holders.slice(0, 2)) expect((await cancel(holder.client, game.id)).status).toBe(200);
    expect((await eventAs(pia.client, game.id)).mine).toEqual([expect.objectContaining({ status: "waitlisted" })]);
    // One guest fewer, the party of two fits: promoted now, charged for two.
    const sam = (await eventAs(pia.client, game.id)).mine[0]!.guests![0]!;
    expect((await removeGuest(pia.client, game.id, sam.id)).body.refundCents).toBe(0);
    const charge = await settled(waiting.body.registration!.id, "charge");
    expect(charge).toMatchObject({ status: "succeeded", amountCents: 2000, offSession: true });
    const late = await playerWithCard(context, { firstName: "Late" });
    expect((await join(late.client, game.id, { role: "player", paymentMethodId: late.card.id, consentToAutoCharge: true })).body.registration?.status).toBe("waitlisted");
  });

  it("is refused within 24 hours of kick-off, as cancelling is", async () => {
    const game = await insertGame(context, { title: "Late cup", maxGuestsPerPlayer: 1, startsInHours: 12 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }] });
    const sam = (await eventAs(pia.client, game.id)).mine[0]!.guests![0]!;
    const refused = await removeGuest(pia.client, game.id, sam.id);
    expect([refused.status, refused.body.error?.message]).toEqual([422, english(CANCEL_WINDOW_TEXT)]);
    expect((await eventAs(pia.client, game.id)).playersCount).toBe(2);
  });

  it("then an admin cancel refunds the rest of the party in full", async () => {
    const game = await insertGame(context, { title: "Called-off cup", maxGuestsPerPlayer: 2 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: SAM_AND_ALEX });
    const alex = (await eventAs(pia.client, game.id)).mine[0]!.guests![1]!;
    expect((await removeGuest(pia.client, game.id, alex.id)).body.refundCents).toBe(941);
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, { message: "Pitch flooded" })).status).toBe(200);
    const regId = joined.body.registration!.id;
    expect(await settled(regId, "refund", `refund:${regId}`)).toMatchObject({ status: "succeeded", amountCents: 2000 });
  });
});

describe("at the pitch", () => {
  it("the check-in list shows a party's guests with their player and counts every head", async () => {
    const game = await insertGame(context, { title: "Pitch cup", maxGuestsPerPlayer: 2, costCents: 0 });
    const pia = await signUpVerified(context, { firstName: "Pia", lastName: "Pitch" });
    const solo = await signUpVerified(context, { firstName: "Solo", lastName: "Player" });
    await join(pia.client, game.id, { role: "player", guests: SAM_AND_ALEX });
    await join(solo.client, game.id, { role: "player" });
    const list = await admin.json<CheckInList>("GET", `/api/admin/events/${game.id}/check-in`);
    expect(list.body.people.map((person) => [person.name, person.guests])).toEqual([
      ["Pia Pitch", ["Sam", "Alex Stone"]],
      ["Solo Player", []],
    ]);
    expect(list.body.counts).toEqual({ checkedIn: 0, expected: 4 });
  });
});

describe("parties under concurrency", () => {
  it("never hold more spots than the game has, nor half a party, when twelve parties race for seven spots", async () => {
    const game = await insertGame(context, { title: "Race cup", maxPlayers: 7, maxGuestsPerPlayer: 2, costCents: 0 });
    const racers = await Promise.all(Array.from({ length: 12 }, (_, index) => signUpVerified(context, { firstName: `Racer${index}` })));
    const answers = await Promise.all(
      racers.map((racer, index) =>
        join(racer.client, game.id, { role: "player", guests: Array.from({ length: index % 3 }, (_, g) => ({ firstName: `Guest${index}-${g}` })) }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const held = await heldSpots(game.id);
    expect(held).toBeLessThanOrEqual(7);
    // The ones that got spots are exactly the ones whose party fitted in arrival order (at least the first
    // few always fit): every registration is either holding with its whole party or waiting with it.
    const rows = await registrationsOf(context, game.id);
    expect(rows.filter((r) => r.status === "confirmed").reduce((sum, r) => sum + 1 + r.guestCount, 0)).toBe(held);
    expect(rows.filter((r) => r.status === "waitlisted").length + rows.filter((r) => r.status === "confirmed").length).toBe(12);
    // A waitlisted party is waiting only because it did not fit when it came.
    expect(held).toBeGreaterThanOrEqual(5);
  });
});

describe("the ledger", () => {
  it("explains every cent of the parties, their removed guests and their refunds", async () => {
    await eventually(async () => {
      const pending = await context.database.db.select({ id: payment.id }).from(payment).where(eq(payment.status, "pending"));
      return pending.length === 0 ? true : undefined;
    }, "every payment to settle");
    const report = await reconcile(context.database.db, context.services.gateway, context.config.payments);
    expect(report.problems).toEqual([]);
    expect(report.unexplainedCents).toBe(0);
    expect(report.refunds).toBeGreaterThanOrEqual(4);
  });
});
