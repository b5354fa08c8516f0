import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { YourEventsResponse } from "#shared/events.ts";
import { CANCEL_WINDOW_TEXT } from "#shared/registrations.ts";
import { CARDS, eventAs, eventually, insertGame, join, ledgerOf, playerWithCard, registrationsOf, saveCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { payment, registration, simPaymentMethod } from "#server/db/schema.ts";
import { english } from "#test/shared-english.ts";

type ErrorBody = { error: { code: string; message: string } };

let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});

const cancel = (client: TestClient, eventId: string) => client.json<{ refundCents: number } & Partial<ErrorBody>>("DELETE", `/api/events/${eventId}/registrations/me`);

/** Waits until the ledger row of `kind` for a registration has left `pending`. */
const settled = (registrationId: string, kind: "charge" | "refund") =>
  eventually(async () => {
    const row = (await ledgerOf(context, registrationId)).find((r) => r.kind === kind);
    return row && row.status !== "pending" ? row : undefined;
  }, `${kind} of ${registrationId} to settle`);

describe("cancelling a paid spot", () => {
  it("refunds price − fee ($10.00 → $9.41), mails the refund, and promotes the first waitlisted player, charged off-session", async () => {
    const game = await insertGame(context, { title: "Cancel cup", maxPlayers: 1 });
    const holder = await playerWithCard(context, { firstName: "Holder" });
    const next = await playerWithCard(context, { firstName: "Next" });
    const after = await playerWithCard(context, { firstName: "After" });
    const held = await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    expect(held.body.registration?.status).toBe("confirmed");
    const waiting = await join(next.client, game.id, { role: "player", paymentMethodId: next.card.id, consentToAutoCharge: true });
    await join(after.client, game.id, { role: "player", paymentMethodId: after.card.id, consentToAutoCharge: true });
    const before = context.mail.mails.length;

    const response = await cancel(holder.client, game.id);
    expect(response.status).toBe(200);
    expect(response.body.refundCents).toBe(941);

    const refund = await settled(held.body.registration!.id, "refund");
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 941, idempotencyKey: `refund:${held.body.registration!.id}` });
    const charge = await settled(waiting.body.registration!.id, "charge");
    expect(charge).toMatchObject({ status: "succeeded", amountCents: 1000, offSession: true, idempotencyKey: `promote:${waiting.body.registration!.id}` });

    const refundMail = await context.mail.waitFor(holder.email, "Your refund for Cancel cup", { after: before, timeoutMs: 15_000 });
    expect(refundMail.text).toContain("$10.00 paid, $0.59 processing fee, $9.41 refunded");
    const inMail = await context.mail.waitFor(next.email, "You're in: Cancel cup", { after: before, timeoutMs: 15_000 });
    expect(inMail.text).toContain("$10.00");

    const detail = await eventAs(next.client, game.id);
    expect(detail.players.map((p) => p.name)).toEqual(["Next Player"]);
    expect(detail.playerWaitList.map((p) => p.name)).toEqual(["After Player"]);
    expect(detail.refundedUsers).toEqual([holder.userId]);
    expect((await eventAs(holder.client, game.id)).mine).toEqual([expect.objectContaining({ status: "refunded", refundedCents: 941 })]);
    expect((await eventAs(after.client, game.id)).mine).toEqual([expect.objectContaining({ status: "waitlisted", waitlistPosition: 1 })]);

    // Your Events: the one who left with a refund sees it under Refunded.
    const mine = await holder.client.json<YourEventsResponse>("GET", "/api/me/events");
    expect(mine.body.refunded.map((e) => e.id)).toEqual([game.id]);
  });

  it("skips a waitlister whose card cannot be charged off-session, mails them, and promotes the next", async () => {
    const game = await insertGame(context, { title: "Skip cup", maxPlayers: 1 });
    const holder = await playerWithCard(context);
    const needsAuth = await playerWithCard(context, { firstName: "Auth", card: CARDS.authentication });
    const broke = await playerWithCard(context, { firstName: "Broke", card: CARDS.insufficientFunds });
    const good = await playerWithCard(context, { firstName: "Good" });
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    for (const waiter of [needsAuth, broke, good]) {
      const response = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
      expect(response.body.registration?.status).toBe("waitlisted");
    }
    const before = context.mail.mails.length;
    expect((await cancel(holder.client, game.id)).status).toBe(200);

    const mail = await context.mail.waitFor(needsAuth.email, "We could not charge your card for Skip cup", { after: before, timeoutMs: 20_000 });
    expect(mail.text).toContain("authentication");
    expect(mail.text).toContain("To rejoin, open the game and join again");
    await context.mail.waitFor(broke.email, "We could not charge your card for Skip cup", { after: before, timeoutMs: 20_000 });
    await context.mail.waitFor(good.email, "You're in: Skip cup", { after: before, timeoutMs: 20_000 });
    const regs = await registrationsOf(context, game.id);
    expect(regs.map((r) => r.status)).toEqual(["refunded", "payment_failed", "payment_failed", "confirmed"]);
    // A failed promotion took no money.
    for (const reg of regs.slice(1, 3)) expect((await ledgerOf(context, reg.id)).map((r) => r.status)).toEqual(["failed"]);
  });

  it("is refused inside 24 hours with the product's text, and changes nothing", async () => {
    const game = await insertGame(context, { startsInHours: 23 });
    const player = await playerWithCard(context);
    await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    const response = await cancel(player.client, game.id);
    expect(response.status).toBe(422);
    expect(response.body.error?.message).toBe(english(CANCEL_WINDOW_TEXT));
    expect((await registrationsOf(context, game.id)).map((r) => r.status)).toEqual(["confirmed"]);
  });

  it("works again after leaving: a player who left can re-join and pay again", async () => {
    const game = await insertGame(context);
    const player = await playerWithCard(context);
    const first = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect((await cancel(player.client, game.id)).body.refundCents).toBe(941);
    const second = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect(second.status).toBe(201);
    expect(second.body.registration?.id).not.toBe(first.body.registration?.id);
    expect(second.body.registration?.status).toBe("confirmed");
  });

  it("only acts on the caller's own registration", async () => {
    const game = await insertGame(context, { costCents: 0 });
    const player = await signUpVerified(context);
    await join(player.client, game.id, { role: "player" });
    const other = await signUpVerified(context);
    expect((await cancel(other.client, game.id)).status).toBe(404);
    expect((await cancel(new TestClient(context), game.id)).status).toBe(401);
    expect((await registrationsOf(context, game.id)).map((r) => r.status)).toEqual(["confirmed"]);
  });
});

describe("leaving a waitlist", () => {
  it("leaves both waitlists and moves no money", async () => {
    const game = await insertGame(context, { maxPlayers: 1, includeGoalkeepers: true, maxGoalkeepers: 1, goalkeeperCostCents: 500 });
    const holder = await playerWithCard(context);
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    await join(holder.client, game.id, { role: "goalkeeper", paymentMethodId: holder.card.id }).then((r) => expect(r.status).toBe(409));
    const keeper = await playerWithCard(context);
    await join(keeper.client, game.id, { role: "goalkeeper", paymentMethodId: keeper.card.id });
    const waiter = await playerWithCard(context);
    await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    await join(waiter.client, game.id, { role: "goalkeeper", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    const response = await cancel(waiter.client, game.id);
    expect(response.body.refundCents).toBe(0);
    const theirs = await registrationsOf(context, game.id, waiter.userId);
    expect(theirs.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    for (const reg of theirs) expect(await ledgerOf(context, reg.id)).toEqual([]);
  });
});

describe("free games", () => {
  it("promote the next waitlisted person at once, who is told", async () => {
    const game = await insertGame(context, { title: "Free for all", costCents: 0, maxPlayers: 1 });
    const holder = await signUpVerified(context);
    const next = await signUpVerified(context, { firstName: "Lucky" });
    await join(holder.client, game.id, { role: "player" });
    await join(next.client, game.id, { role: "player" });
    const before = context.mail.mails.length;
    expect((await cancel(holder.client, game.id)).body.refundCents).toBe(0);
    expect((await eventAs(next.client, game.id)).players.map((p) => p.name)).toEqual(["Lucky Player"]);
    const mail = await context.mail.waitFor(next.email, "You're in: Free for all", { after: before, timeoutMs: 15_000 });
    expect(mail.text).toContain("This game is free.");
  });
});

describe("an admin cancels a game", () => {
  it("refunds every held spot in full, closes the waitlists, mails everyone once, and files it under Canceled/Refunded", async () => {
    const game = await insertGame(context, { title: "Rained off", maxPlayers: 2, includeGoalkeepers: true, goalkeeperCostCents: 0, maxGoalkeepers: 1 });
    const a = await playerWithCard(context);
    const b = await playerWithCard(context);
    const waiter = await playerWithCard(context);
    const keeper = await signUpVerified(context);
    const left = await playerWithCard(context);
    const ra = await join(a.client, game.id, { role: "player", paymentMethodId: a.card.id });
    const rLeft = await join(left.client, game.id, { role: "player", paymentMethodId: left.card.id });
    await cancel(left.client, game.id);
    await settled(rLeft.body.registration!.id, "refund");
    const rb = await join(b.client, game.id, { role: "player", paymentMethodId: b.card.id });
    await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    await join(keeper.client, game.id, { role: "goalkeeper" });
    const before = context.mail.mails.length;

    const response = await admin.json<{ event: { status: string } }>("POST", `/api/events/${game.id}/cancel`, {});
    expect(response.status).toBe(200);
    expect(response.body.event.status).toBe("cancelled");
    for (const reg of [ra, rb]) {
      expect(await settled(reg.body.registration!.id, "refund")).toMatchObject({ status: "succeeded", amountCents: 1000 });
    }
    for (const person of [a, b, waiter, keeper]) {
      const mail = await context.mail.waitFor(person.email, "Cancelled: Rained off", { after: before, timeoutMs: 15_000 });
      expect(mail.text).toContain(person === a || person === b ? "Your payment of $10.00 is refunded in full" : "Nothing was charged");
    }
    // Once each, and the one who had already left is not told again.
    const cancelledMails = context.mail.mails.slice(before).filter((m) => m.subject === "Cancelled: Rained off");
    expect(cancelledMails.flatMap((m) => m.to).sort()).toEqual([a, b, waiter, keeper].map((p) => p.email.toLowerCase()).sort());

    // A second cancel refunds nothing more.
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
    const refunds = await context.database.db.select().from(payment).where(eq(payment.eventId, game.id));
    expect(refunds.filter((r) => r.kind === "refund").map((r) => r.amountCents).sort()).toEqual([1000, 1000, 941]);

    for (const person of [a, waiter, keeper]) {
      const mine = await person.client.json<YourEventsResponse>("GET", "/api/me/events");
      expect(mine.body.cancelled.map((e) => e.id)).toContain(game.id);
      expect(mine.body.current.playing.map((e) => e.id)).not.toContain(game.id);
    }
    const leftMine = await left.client.json<YourEventsResponse>("GET", "/api/me/events");
    expect(leftMine.body.refunded.map((e) => e.id)).toEqual([game.id]);
    // The lists are empty and nobody can join.
    const detail = await eventAs(a.client, game.id);
    expect(detail.players).toEqual([]);
    expect(detail.playerWaitList).toEqual([]);
    expect((await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id })).status).toBe(422);
  });
});

describe("a refund that keeps failing", () => {
  it("is marked failed, shown to admins on the event page, and can be retried", async () => {
    const game = await insertGame(context, { title: "Refund trouble" });
    const player = await playerWithCard(context, { card: CARDS.refundFails });
    const joined = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect(joined.body.registration?.status).toBe("confirmed");
    await cancel(player.client, game.id);
    const refund = await settled(joined.body.registration!.id, "refund");
    expect(refund).toMatchObject({ status: "failed", error: "The refund could not be completed." });

    const detail = await eventAs(admin, game.id);
    expect(detail.refundIssues).toEqual([{ paymentId: refund.id, name: "Pat Player", amountCents: 941, error: "The refund could not be completed." }]);
    expect((await eventAs(player.client, game.id)).refundIssues).toBeUndefined();

    const other = await signUpVerified(context);
    expect((await other.client.json("POST", `/api/events/${game.id}/refunds/${refund.id}/retry`, {})).status).toBe(403);
    // The card now refunds: an admin retries with a new key.
    await context.database.db.execute(`update sim_payment_method set behaviour = 'ok' where id = '${player.card.id}'`);
    expect((await admin.json("POST", `/api/events/${game.id}/refunds/${refund.id}/retry`, {})).status).toBe(202);
    expect(await settled(joined.body.registration!.id, "refund")).toMatchObject({ status: "succeeded", amountCents: 941 });
    expect((await eventAs(admin, game.id)).refundIssues).toEqual([]);
    expect((await admin.json("POST", `/api/events/${game.id}/refunds/${refund.id}/retry`, {})).status).toBe(404);
  });
});

describe("deleting an account", () => {
  it("releases its upcoming spot with the refund by the rule, promotes the next, keeps the ledger anonymised", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const leaving = await playerWithCard(context);
    const next = await playerWithCard(context);
    const joined = await join(leaving.client, game.id, { role: "player", paymentMethodId: leaving.card.id });
    await join(next.client, game.id, { role: "player", paymentMethodId: next.card.id, consentToAutoCharge: true });
    const deleted = await leaving.client.json("POST", "/api/auth/delete-user", { password: leaving.password });
    expect(deleted.status).toBe(200);
    const refund = await settled(joined.body.registration!.id, "refund");
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 941, userId: null });
    const [reg] = await context.database.db.select().from(registration).where(eq(registration.id, joined.body.registration!.id));
    expect(reg).toMatchObject({ userId: null, status: "refunded", closedReason: "account_deleted" });
    await eventually(async () => ((await eventAs(next.client, game.id)).players[0]?.userId === next.userId ? true : undefined), "promotion");
  });
});

describe("saved card for promotions", () => {
  it("a card removed at the processor cannot be charged: the promotion fails and the next person is tried", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const holder = await playerWithCard(context);
    const forgetful = await playerWithCard(context);
    const next = await signUpVerified(context);
    const nextCard = await saveCard(next.client);
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    await join(forgetful.client, game.id, { role: "player", paymentMethodId: forgetful.card.id, consentToAutoCharge: true });
    await join(next.client, game.id, { role: "player", paymentMethodId: nextCard.id, consentToAutoCharge: true });
    // The app will not remove a card a waitlist place relies on without asking (409 card_in_use)...
    expect((await forgetful.client.request("DELETE", `/api/me/payment-methods/${forgetful.card.id}`)).status).toBe(409);
    // ...but a card can still go at the processor itself (detached in its dashboard).
    await context.database.db.update(simPaymentMethod).set({ customerId: null }).where(eq(simPaymentMethod.id, forgetful.card.id));
    await cancel(holder.client, game.id);
    await eventually(async () => ((await eventAs(next.client, game.id)).players[0]?.userId === next.userId ? true : undefined), "promotion of the next");
    const [, failed] = await registrationsOf(context, game.id);
    expect(failed).toMatchObject({ userId: forgetful.userId, status: "payment_failed" });
  });
});
