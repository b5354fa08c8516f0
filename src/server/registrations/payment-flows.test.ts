import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHENTICATION_FAILED, PAYMENT_FAILED } from "#shared/registrations.ts";
import {
  CARDS,
  eventAs,
  eventually,
  insertGame,
  join,
  ledgerOf,
  type PaymentMode,
  playerIn,
  registrationsOf,
  simulatedMode,
  stripeMode,
} from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { payment } from "#server/db/schema.ts";
import { reconcile } from "#server/money/reconcile.ts";
import { createSimulatedGateway, type SimulatedFaults } from "#server/money/processors/simulated.ts";
import { recoverPayments } from "./recover.ts";
import { PAYMENT_HOLD_MS } from "#server/money/stale-payments.ts";
import { english } from "#test/shared-english.ts";

/**
 * The registration flows (docs/registrations-and-payments.md, "Flows"), once per payment mode: the
 * same HTTP calls and the same expectations on the simulated processor and on the Stripe adapter
 * (against a Stripe-compatible server on loopback), so the two cannot drift. Background jobs run as
 * in the app.
 */
describe.each(["simulated", "stripe"] as const)("payment flows on the %s gateway", (modeName) => {
  let context: TestContext;
  let mode: PaymentMode;
  let admin: TestClient;
  beforeAll(async () => {
    const faults: SimulatedFaults = {};
    mode = modeName === "simulated" ? simulatedMode(faults) : await stripeMode();
    context = await createTestContext(mode.env, {
      background: true,
      ...(modeName === "simulated" ? { gateway: (db) => createSimulatedGateway(db, faults) } : {}),
    });
    admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  });
  afterAll(async () => {
    await context?.close();
    await mode?.close();
  });

  const player = (card?: string) => playerIn(context, mode, card);

  const settled = (registrationId: string, kind: "charge" | "refund") =>
    eventually(async () => {
      const row = (await ledgerOf(context, registrationId)).find((r) => r.kind === kind);
      return row && row.status !== "pending" ? row : undefined;
    }, `${kind} to settle`);

  it("saves cards to the user's customer and lists them; a card the processor refuses is not saved", async () => {
    const person = await signUpVerified(context);
    const saved = await mode.saveCard(person.client, CARDS.ok);
    expect(saved.card).toMatchObject({ brand: "Visa", last4: "4242" });
    expect((await mode.saveCard(person.client, CARDS.declinedOnSave)).error).toBe("Your card was declined.");
    const listed = await person.client.json<{ paymentMethods: unknown[] }>("GET", "/api/me/payment-methods");
    expect(listed.body.paymentMethods).toEqual([saved.card]);
    expect((await person.client.request("DELETE", `/api/me/payment-methods/${saved.card!.id}`)).status).toBe(204);
    expect((await person.client.json<{ paymentMethods: unknown[] }>("GET", "/api/me/payment-methods")).body.paymentMethods).toEqual([]);
  });

  it("charges a paid join once, at the game's price", async () => {
    const game = await insertGame(context, { costCents: 1500 });
    const p = await player();
    const response = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id, amountCents: 1 });
    expect(response.status).toBe(201);
    expect(response.body.registration).toMatchObject({ status: "confirmed", amountCents: 1500 });
    const [charge] = await ledgerOf(context, response.body.registration!.id);
    expect(charge).toMatchObject({ kind: "charge", status: "succeeded", amountCents: 1500 });
    expect(charge!.gatewayId).toBeTruthy();
  });

  it.each([
    ["insufficient funds", CARDS.insufficientFunds, "Your card has insufficient funds."],
    ["a decline", CARDS.declined, "Your card was declined."],
  ])("answers %s with 402 and the processor's message", async (_label, card, message) => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const p = await player(card);
    const response = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
    expect(response.status).toBe(402);
    expect(response.body.error?.message).toBe(message);
    expect((await eventAs(p.client, game.id)).playersCount).toBe(0);
  });

  it("completes or fails the bank's authentication; the server reads the outcome from the processor", async () => {
    const game = await insertGame(context, { maxPlayers: 2 });
    const passes = await player(CARDS.authentication);
    const started = await join(passes.client, game.id, { role: "player", paymentMethodId: passes.card.id });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("requires_action");
    await mode.authenticate(passes.client, started.body.clientSecret!, "complete");
    const confirmed = await passes.client.json<{ registration: { status: string } }>("POST", `/api/events/${game.id}/registrations/me/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.registration.status).toBe("confirmed");

    const fails = await player(CARDS.authentication);
    const second = await join(fails.client, game.id, { role: "player", paymentMethodId: fails.card.id });
    await mode.authenticate(fails.client, second.body.clientSecret!, "fail");
    const refused = await fails.client.json<{ error: { message: string } }>("POST", `/api/events/${game.id}/registrations/me/confirm`, {});
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe(english(AUTHENTICATION_FAILED));
    expect((await eventAs(fails.client, game.id)).playersCount).toBe(1);
  });

  it("expires an authentication left open past the hold: cancelled at the processor, recorded expired, never failed", async () => {
    const game = await insertGame(context, { maxPlayers: 2 });
    const idle = await player(CARDS.authentication);
    const started = await join(idle.client, game.id, { role: "player", paymentMethodId: idle.card.id });
    expect(started.status).toBe(202);
    const later = { database: context.database, gateway: context.services.gateway, config: context.config, now: () => new Date(Date.now() + PAYMENT_HOLD_MS + 60_000) };
    await recoverPayments(later);
    const [reg] = await registrationsOf(context, game.id);
    expect(reg).toMatchObject({ status: "payment_failed", closedReason: "payment_expired" });
    expect((await ledgerOf(context, reg!.id))[0]).toMatchObject({ kind: "charge", status: "failed", error: "The payment was not completed in time." });
  });

  it("keeps the spot when the processor's answer is lost, and a retry charges once", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const p = await player();
    mode.loseAnswers(true);
    const lost = await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id });
    mode.loseAnswers(false);
    expect(lost.status).toBe(502);
    expect(lost.body.error?.message).toBe(english(PAYMENT_FAILED));
    const retried = await join(p.client, game.id, { role: "player" });
    expect(retried.body.registration?.status).toBe("confirmed");
    const ledger = await ledgerOf(context, retried.body.registration!.id);
    expect(ledger.map((r) => [r.kind, r.status])).toEqual([["charge", "succeeded"]]);
  });

  it("refunds price − fee on cancel and charges the first waitlister off-session; one who needs authentication is skipped", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const holder = await player();
    const needsAuth = await player(CARDS.authentication);
    const next = await player();
    const held = await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    const skipped = await join(needsAuth.client, game.id, { role: "player", paymentMethodId: needsAuth.card.id, consentToAutoCharge: true });
    const promoted = await join(next.client, game.id, { role: "player", paymentMethodId: next.card.id, consentToAutoCharge: true });
    expect((await holder.client.json<{ refundCents: number }>("DELETE", `/api/events/${game.id}/registrations/me`)).body.refundCents).toBe(941);

    expect(await settled(held.body.registration!.id, "refund")).toMatchObject({ status: "succeeded", amountCents: 941 });
    expect(await settled(skipped.body.registration!.id, "charge")).toMatchObject({ status: "failed" });
    expect(await settled(promoted.body.registration!.id, "charge")).toMatchObject({ status: "succeeded", offSession: true, amountCents: 1000 });
    const statuses = (await registrationsOf(context, game.id)).map((r) => r.status);
    expect(statuses).toEqual(["refunded", "payment_failed", "confirmed"]);
  });

  it("refunds everyone in full when an admin cancels, once, and the ledger reconciles with the processor", async () => {
    const game = await insertGame(context, { maxPlayers: 3 });
    const players = [await player(), await player()];
    const joined = await Promise.all(players.map((p) => join(p.client, game.id, { role: "player", paymentMethodId: p.card.id })));
    await admin.json("POST", `/api/events/${game.id}/cancel`, {});
    await admin.json("POST", `/api/events/${game.id}/cancel`, {});
    for (const j of joined) expect(await settled(j.body.registration!.id, "refund")).toMatchObject({ status: "succeeded", amountCents: 1000 });
    const refunds = await context.database.db.select().from(payment).where(eq(payment.eventId, game.id));
    expect(refunds.filter((r) => r.kind === "refund")).toHaveLength(2);

    // Everything this suite did, on both sides, to the cent.
    await eventually(async () => {
      const pending = (await context.database.db.select({ status: payment.status }).from(payment)).filter((r) => r.status === "pending");
      return pending.length === 0 ? true : undefined;
    }, "every payment to settle");
    const report = await reconcile(context.database.db, context.services.gateway, context.config.payments);
    expect(report.problems).toEqual([]);
    expect(report.unexplainedCents).toBe(0);
    expect(report.charges).toBeGreaterThan(3);
  });
});
