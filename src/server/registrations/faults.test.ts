import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACTIVE_STATUSES, PAYMENT_FAILED } from "#shared/registrations.ts";
import { CARDS, eventAs, insertGame, join, ledgerOf, type PaymentMode, playerIn, registrationsOf, simulatedMode, stripeMode } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { cardHold, payment, registration } from "#server/db/schema.ts";
import { reconcile } from "#server/money/reconcile.ts";
import { createSimulatedGateway, type SimulatedFaults } from "#server/money/processors/simulated.ts";
import { CHARGE_REFUSED, isStripeGateway } from "#server/money/processors/stripe.ts";
import { handleStripeEvent } from "./stripe-webhook.ts";
import type { RegistrationDeps } from "./deps.ts";
import { executeRefund } from "#server/money/execute-refund.ts";
import { composeRegistrationMail } from "./mails.ts";
import { prepareAccountDeletion } from "./release-user.ts";
import { recoverPayments } from "./recover.ts";
import { PAYMENT_HOLD_MS, PROMOTION_STALL_MS, REFUND_STALL_MS } from "#server/money/stale-payments.ts";
import { runPromotion } from "./run-promotion.ts";
import { english } from "#test/shared-english.ts";

/**
 * The money rules with faults injected, on both gateways: answers lost on every try, a search index
 * that lags, a key still in use, a processor that hangs or refuses for good, a released spot whose
 * charge lands late. Background jobs are run by hand so each step is seen; what the processor holds
 * is read back through the gateway and `reconcile`, as an auditor would.
 */
describe.each(["simulated", "stripe"] as const)("faults on the %s gateway", (modeName) => {
  let context: TestContext;
  let mode: PaymentMode;
  let fake: Awaited<ReturnType<typeof stripeMode>>["fake"] | undefined;
  let admin: TestClient;
  const faults: SimulatedFaults = {};
  beforeAll(async () => {
    const stripe = modeName === "stripe" ? await stripeMode() : undefined;
    fake = stripe?.fake;
    mode = stripe ?? simulatedMode(faults);
    context = await createTestContext(mode.env, modeName === "simulated" ? { gateway: (db) => createSimulatedGateway(db, faults) } : {});
    admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  });
  afterAll(async () => {
    await context?.close();
    await mode?.close();
  });

  const deps = (shiftMs = 0): RegistrationDeps => ({
    database: context.database,
    gateway: context.services.gateway,
    config: context.config,
    now: () => new Date(Date.now() + shiftMs),
    chargeBudgetMs: 2_000,
  });
  const player = (card?: string) => playerIn(context, mode, card);
  const unexplained = async () => (await reconcile(context.database.db, context.services.gateway, context.config.payments)).unexplainedCents;
  const refundRowOf = async (registrationId: string) => (await ledgerOf(context, registrationId)).find((row) => row.kind === "refund")!;
  const chargeRowOf = async (registrationId: string) => (await ledgerOf(context, registrationId)).find((row) => row.kind === "charge")!;
  /** What the processor holds for a registration's charge: its refunds, by status and amount. */
  const refundsAtProcessor = async (registrationId: string) => {
    const charge = await chargeRowOf(registrationId);
    const refunds = await context.services.gateway.listRefunds(charge.gatewayId!);
    return refunds.map((refund) => [refund.status, refund.amountCents]);
  };

  async function cancelledPaidSpot(priceCents = 1000) {
    const game = await insertGame(context, { costCents: priceCents });
    const person = await player();
    const joined = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id });
    expect(joined.status).toBe(201);
    expect((await person.client.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const id = joined.body.registration!.id;
    return { game, person, id, refund: await refundRowOf(id) };
  }

  describe("a refund whose answer is lost", () => {
    it("stays pending after the job's last try and is settled by asking the processor: money goes back once", async () => {
      const { id, refund } = await cancelledPaidSpot();
      // The job's last try: the processor refunds, its answer is lost.
      mode.loseAnswers(true);
      await expect(executeRefund(deps(), refund.id)).rejects.toThrow();
      mode.loseAnswers(false);
      expect(await refundRowOf(id)).toMatchObject({ status: "pending", attempts: 1 });
      expect(await refundsAtProcessor(id)).toEqual([["succeeded", 941]]);

      const report = await recoverPayments(deps(REFUND_STALL_MS + 60_000));
      expect(report.refunds).toBeGreaterThanOrEqual(1);
      expect(await refundRowOf(id)).toMatchObject({ status: "succeeded", amountCents: 941 });
      expect(await refundsAtProcessor(id)).toEqual([["succeeded", 941]]);
      expect(await unexplained()).toBe(0);
    });

    it("an admin's Retry of a refund wrongly recorded as failed asks the processor first and refunds nothing twice", async () => {
      // 60¢: its refund after the fee (28¢) fits twice into the charge, so a blind retry would pay it twice.
      const { game, id, refund } = await cancelledPaidSpot(60);
      expect(refund.amountCents).toBe(28);
      mode.loseAnswers(true);
      await expect(executeRefund(deps(), refund.id)).rejects.toThrow();
      mode.loseAnswers(false);
      // What the ledger of an earlier version said after a lost last answer.
      await context.database.db.update(payment).set({ status: "failed", error: "Error issuing refund" }).where(eq(payment.id, refund.id));

      const retried = await admin.json<{ status: string }>("POST", `/api/events/${game.id}/refunds/${refund.id}/retry`, {});
      expect(retried.status).toBe(200);
      expect(retried.body.status).toBe("succeeded");
      expect(await refundRowOf(id)).toMatchObject({ status: "succeeded", error: null });
      expect(await refundsAtProcessor(id)).toEqual([["succeeded", 28]]);
      expect(await unexplained()).toBe(0);
      // A second click finds nothing failed to retry.
      expect((await admin.json("POST", `/api/events/${game.id}/refunds/${refund.id}/retry`, {})).status).toBe(404);
    });
  });

  describe("two refunds of one charge (a removed guest's share, then the rest), both answers lost", () => {
    it("are each settled by asking the processor, and neither takes the other's refund", async () => {
      const game = await insertGame(context, { maxGuestsPerPlayer: 1 });
      const person = await player();
      const joined = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id, guests: [{ firstName: "Sam" }] });
      expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 2000 });
      const id = joined.body.registration!.id;
      const guestId = (await eventAs(person.client, game.id)).mine[0]!.guests![0]!.id;
      expect((await person.client.json("DELETE", `/api/events/${game.id}/registrations/me/guests/${guestId}`)).status).toBe(200);
      const refundRows = async () => (await ledgerOf(context, id)).filter((row) => row.kind === "refund");
      const guestRefund = (await refundRows()).find((row) => row.guestId === guestId)!;
      mode.loseAnswers(true);
      await expect(executeRefund(deps(), guestRefund.id)).rejects.toThrow();
      mode.loseAnswers(false);
      expect((await person.client.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
      const partyRefund = (await refundRows()).find((row) => row.guestId === null)!;
      expect(partyRefund.amountCents).toBe(941);
      mode.loseAnswers(true);
      await expect(executeRefund(deps(), partyRefund.id)).rejects.toThrow();
      mode.loseAnswers(false);
      expect((await refundsAtProcessor(id)).sort()).toEqual([["succeeded", 941], ["succeeded", 941]]);

      await recoverPayments(deps(REFUND_STALL_MS + 60_000));
      const [first, second] = await refundRows();
      expect([first!.status, second!.status]).toEqual(["succeeded", "succeeded"]);
      expect(first!.gatewayId).not.toBe(second!.gatewayId);
      expect(await refundsAtProcessor(id)).toHaveLength(2);
      expect(await unexplained()).toBe(0);
    });
  });

  describe("a charge whose outcome is not known", () => {
    it("a promotion whose answer was lost, released before it was settled, is found and refunded in full", async () => {
      if (fake) fake.searchLags = true;
      const game = await insertGame(context, { maxPlayers: 1 });
      const holder = await player();
      const waiter = await player();
      await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
      const waiting = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
      await holder.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
      const id = waiting.body.registration!.id;
      mode.loseAnswers(true);
      await expect(runPromotion(deps(), id)).rejects.toThrow();
      mode.loseAnswers(false);
      expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);

      await runPromotion(deps(), id);
      const [reg] = await registrationsOf(context, game.id, waiter.userId);
      expect(reg).toMatchObject({ status: "refunded", refundedCents: 1000 });
      expect(await chargeRowOf(id)).toMatchObject({ status: "succeeded" });
      await executeRefund(deps(), (await refundRowOf(id)).id);
      expect(await refundRowOf(id)).toMatchObject({ status: "succeeded", amountCents: 1000 });
      expect(await unexplained()).toBe(0);
      if (fake) fake.searchLags = false;
    });

    it("recovery reads a charge by the id the ledger holds: an authentication completed but never confirmed is confirmed", async () => {
      if (fake) fake.searchLags = true;
      const game = await insertGame(context);
      const person = await player(CARDS.authentication);
      const started = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id });
      expect(started.status).toBe(202);
      await mode.authenticate(person.client, started.body.clientSecret!, "complete");
      await recoverPayments(deps(PAYMENT_HOLD_MS + 60_000));
      expect((await registrationsOf(context, game.id, person.userId))[0]).toMatchObject({ status: "confirmed" });
      expect(await chargeRowOf(started.body.registration!.id)).toMatchObject({ status: "succeeded" });
      expect(await unexplained()).toBe(0);
      if (fake) fake.searchLags = false;
    });

    it("a join whose processor does not answer answers within its time budget, logs the registration, and keeps the spot held", async () => {
      const game = await insertGame(context);
      const person = await player();
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      if (fake) fake.failNext(100, "hang", "POST /v1/payment_intents");
      else faults.lostResponseRate = 1;
      const started = Date.now();
      const answer = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id });
      const elapsed = Date.now() - started;
      faults.lostResponseRate = 0;
      if (fake) fake.clearFaults();
      const warned = warn.mock.calls.map((call) => String(call[0]));
      warn.mockRestore();
      expect(answer.status).toBe(502);
      expect(answer.body.error?.message).toBe(english(PAYMENT_FAILED));
      // The app's budget is 6 s (2 s in these tests): far from the minutes of retries it was before.
      expect(elapsed).toBeLessThan(15_000);
      const [held] = await registrationsOf(context, game.id, person.userId);
      expect(held).toMatchObject({ status: "pending_payment" });
      expect(warned.some((line) => line.includes(held!.id))).toBe(true);

      // Recovery settles it when the hold ends, by what the processor holds: the simulated processor
      // charged (only the answer was lost); the hanging Stripe never made the charge.
      await recoverPayments(deps(PAYMENT_HOLD_MS + 60_000));
      const [settled] = await registrationsOf(context, game.id, person.userId);
      expect(settled).toMatchObject({ status: fake ? "payment_failed" : "confirmed" });
      expect(await unexplained()).toBe(0);
    });
  });

  describe("a spot released while its payment waited for the bank", () => {
    it("confirming after the game was cancelled refunds the payment in full at once and says both facts", async () => {
      const game = await insertGame(context);
      const person = await player(CARDS.authentication);
      const started = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id });
      expect(started.status).toBe(202);
      expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
      await mode.authenticate(person.client, started.body.clientSecret!, "complete");

      const confirmed = await person.client.json<{ error: { message: string } }>("POST", `/api/events/${game.id}/registrations/me/confirm`, {});
      expect(confirmed.status).toBe(409);
      expect(confirmed.body.error.message).toBe("This event was cancelled while you were paying. Your payment went through and is refunded in full.");
      const id = started.body.registration!.id;
      expect((await registrationsOf(context, game.id, person.userId))[0]).toMatchObject({ status: "refunded", refundedCents: 1000, closedReason: "event_cancelled" });
      expect(await refundRowOf(id)).toMatchObject({ status: "pending", amountCents: 1000 });
      const mail = await composeRegistrationMail(context.database.db, { ...context.config, feeRule: context.config.payments }, { kind: "late_charge_refunded", registrationId: id });
      expect(mail?.text).toContain("went through after your spot had been released (the game was cancelled)");
      await executeRefund(deps(), (await refundRowOf(id)).id);
      expect(await unexplained()).toBe(0);
    });
  });

  describe("the recovery sweep", () => {
    it("settles every other row when one row fails unexpectedly, and logs that row's id", async () => {
      const game = await insertGame(context, { maxPlayers: 3 });
      const broken = await player();
      const [stranded] = await context.database.db
        .insert(registration)
        .values({ eventId: game.id, userId: broken.userId, role: "player", status: "promoting", amountCents: 1000 })
        .returning();
      // A promotion's charge row that names no card: charging it throws, not a processor answer.
      const [bad] = await context.database.db
        .insert(payment)
        .values({ registrationId: stranded!.id, eventId: game.id, kind: "charge", amountCents: 1000, currency: "cad", idempotencyKey: `promote:${stranded!.id}`, offSession: true, createdAt: new Date(Date.now() - 60 * 60_000) })
        .returning();
      const person = await player();
      mode.loseAnswers(true);
      const lost = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id });
      mode.loseAnswers(false);
      expect(lost.status).toBe(502);

      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const report = await recoverPayments(deps(Math.max(PAYMENT_HOLD_MS, PROMOTION_STALL_MS) + 60_000));
      const errors = logged.mock.calls.map((call) => String(call[0]));
      logged.mockRestore();
      expect(report.unsettled).toBeGreaterThanOrEqual(1);
      expect(errors.some((line) => line.includes(bad!.id))).toBe(true);
      expect((await registrationsOf(context, game.id, person.userId))[0]).toMatchObject({ status: "confirmed" });
      await context.database.db.delete(payment).where(eq(payment.id, bad!.id));
      await context.database.db.update(registration).set({ status: "cancelled" }).where(eq(registration.id, stranded!.id));
    });
  });
});

describe("Stripe refusals and keys in use", () => {
  let context: TestContext;
  let mode: Awaited<ReturnType<typeof stripeMode>>;
  beforeAll(async () => {
    mode = await stripeMode();
    context = await createTestContext(mode.env);
  });
  afterAll(async () => {
    await context?.close();
    await mode?.close();
  });
  const deps = (): RegistrationDeps => ({ database: context.database, gateway: context.services.gateway, config: context.config });
  const player = (card?: string) => playerIn(context, mode, card);

  it("a double-clicked Pay is one charge: the second request waits for the first instead of saying 'Payment failed'", async () => {
    const game = await insertGame(context);
    const person = await player();
    mode.fake.chargeDelayMs = 1_500;
    const body = { role: "player", paymentMethodId: person.card.id };
    const answers = await Promise.all([join(person.client, game.id, body), join(person.client, game.id, body)]);
    mode.fake.chargeDelayMs = 0;
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.error?.code).toMatch(/^(payment_in_progress|conflict)$/);
    }
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    const [reg] = await registrationsOf(context, game.id, person.userId);
    expect(reg).toMatchObject({ status: "confirmed" });
    const intents = [...mode.fake.paymentIntents.values()].filter((intent) => intent.metadata.registrationId === reg!.id);
    expect(intents).toHaveLength(1);
  });

  it("a key still in use after the time budget is 'in progress' (409), never a failure; Complete payment then charges once", async () => {
    const game = await insertGame(context);
    const person = await player();
    // Longer than a request's budget (6 s): the first request gives up, the second finds the key in use.
    mode.fake.chargeDelayMs = 8_000;
    const body = { role: "player", paymentMethodId: person.card.id };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const first = join(person.client, game.id, body);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const second = await join(person.client, game.id, body);
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({ code: "payment_in_progress", message: "Your payment is still being processed. Try again in a moment." });
      // The first request gave up its own try at 6 s and then found its key still at work: unknown
      // either way, never a failure ('Payment failed. Please try again.' or 'in progress').
      expect([409, 502]).toContain((await first).status);
      const [held] = await registrationsOf(context, game.id, person.userId);
      expect(held).toMatchObject({ status: "pending_payment" });
      expect((await ledgerOf(context, held!.id)).map((row) => row.status)).toEqual(["pending"]);
    } finally {
      warn.mockRestore();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      mode.fake.chargeDelayMs = 0;
    }
    const resumed = await join(person.client, game.id, { role: "player" });
    expect(resumed.status).toBe(201);
    const [reg] = await registrationsOf(context, game.id, person.userId);
    expect([...mode.fake.paymentIntents.values()].filter((intent) => intent.metadata.registrationId === reg!.id)).toHaveLength(1);
  });

  it("a promotion Stripe refuses for good (the customer was deleted) fails like a decline: mailed, and the next person is tried", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const holder = await player();
    const gone = await player();
    const next = await player();
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    const waiting = await join(gone.client, game.id, { role: "player", paymentMethodId: gone.card.id, consentToAutoCharge: true });
    const after = await join(next.client, game.id, { role: "player", paymentMethodId: next.card.id, consentToAutoCharge: true });
    await holder.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const charge = (await ledgerOf(context, waiting.body.registration!.id)).find((row) => row.kind === "charge")!;
    mode.fake.deleteCustomer(charge.customerId!);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await runPromotion(deps(), waiting.body.registration!.id).finally(() => warn.mockRestore());
    expect((await registrationsOf(context, game.id, gone.userId))[0]).toMatchObject({ status: "payment_failed", closedReason: "payment_failed" });
    expect((await ledgerOf(context, waiting.body.registration!.id))[0]).toMatchObject({ status: "failed", error: CHARGE_REFUSED });
    expect((await registrationsOf(context, game.id, next.userId))[0]).toMatchObject({ id: after.body.registration!.id, status: "promoting" });
    await runPromotion(deps(), after.body.registration!.id);
    expect((await registrationsOf(context, game.id, next.userId))[0]).toMatchObject({ status: "confirmed" });
  });

  it("an on-session charge Stripe refuses for good (under its minimum) is a 402 and releases the spot", async () => {
    const game = await insertGame(context, { costCents: 30, maxPlayers: 1 });
    const person = await player();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const answer = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id }).finally(() => warn.mockRestore());
    expect(answer.status).toBe(402);
    expect(answer.body.error?.message).toBe(CHARGE_REFUSED);
    expect((await registrationsOf(context, game.id, person.userId))[0]).toMatchObject({ status: "payment_failed" });
  });

  it("a webhook about a refund settles a row left pending by a lost answer, by asking Stripe", async () => {
    const game = await insertGame(context);
    const person = await player();
    const joined = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id });
    await person.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const id = joined.body.registration!.id;
    const [refund] = (await ledgerOf(context, id)).filter((row) => row.kind === "refund");
    mode.loseAnswers(true);
    await expect(executeRefund(deps(), refund!.id)).rejects.toThrow();
    mode.loseAnswers(false);
    const made = [...mode.fake.refunds.values()].find((candidate) => candidate.metadata.registrationId === id)!;
    const gateway = context.services.gateway;
    if (!isStripeGateway(gateway)) throw new Error("expected the Stripe gateway");
    await handleStripeEvent({ ...deps(), stripe: gateway.stripe }, {
      id: "evt_refund_lost",
      type: "refund.updated",
      data: { object: { id: made.id } },
    } as never);
    expect((await ledgerOf(context, id)).find((row) => row.kind === "refund")).toMatchObject({ status: "succeeded", gatewayId: made.id });
  });

  it("a webhook about a card hold whose answer was lost holds the spot until the charge's capture_before, not a guess", async () => {
    // A hold that lapses in two days (a bank may authorise for less than Stripe's 7): only the charge says so.
    mode.fake.holdLifetimeSeconds = 2 * 24 * 3600;
    try {
      const game = await insertGame(context, { costCents: 1000, startsInHours: 30, gameOnMinPlayers: 2, gameOnDecideHours: 24, gameOnState: "open" });
      const person = await player();
      mode.loseAnswers(true);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const joined = await join(person.client, game.id, { role: "player", paymentMethodId: person.card.id, expectedPriceCents: 1000, consentToAutoCharge: true }).finally(() => {
        mode.loseAnswers(false);
        warn.mockRestore();
      });
      // The answer lost: the player is told to look again; the spot waits on the hold's outcome.
      expect(joined.status).toBe(502);
      const [pending] = await context.database.db.select().from(cardHold).where(eq(cardHold.eventId, game.id));
      expect(pending?.status).toBe("pending");
      const intent = [...mode.fake.paymentIntents.values()].find((candidate) => candidate.metadata.registrationId === pending!.registrationId)!;
      const gateway = context.services.gateway;
      if (!isStripeGateway(gateway)) throw new Error("expected the Stripe gateway");
      await handleStripeEvent({ ...deps(), stripe: gateway.stripe }, { id: "evt_hold_lost", type: "payment_intent.amount_capturable_updated", data: { object: { id: intent.id } } } as never);
      const [held] = await context.database.db.select().from(cardHold).where(eq(cardHold.eventId, game.id));
      expect(held).toMatchObject({ status: "held", gatewayId: intent.id });
      expect(held!.expiresAt!.getTime()).toBe(intent.capture_before! * 1000);
    } finally {
      mode.fake.holdLifetimeSeconds = 7 * 24 * 3600;
    }
  });
});

describe("account deletion and joins", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("a join cannot land between the release of an account's spots and its deletion: no spot is left owned by nobody", async () => {
    const games = await Promise.all(Array.from({ length: 4 }, () => insertGame(context, { costCents: 0 })));
    for (let round = 0; round < 3; round++) {
      const person = await signUpVerified(context);
      await join(person.client, games[0]!.id, { role: "player" });
      // Deletion and joins of the same account at once, on several games.
      const results = await Promise.all([
        person.client.json("POST", "/api/auth/delete-user", { password: person.password }),
        ...games.slice(1).map((game) => join(person.client, game.id, { role: "player" })),
      ]);
      expect(results[0]!.status).toBe(200);
      for (const result of results.slice(1)) expect([201, 401, 403]).toContain(result.status);
    }
    const orphans = await context.database.db
      .select({ id: registration.id, status: registration.status })
      .from(registration)
      .where(and(isNull(registration.userId), inArray(registration.status, [...ACTIVE_STATUSES])));
    expect(orphans).toEqual([]);
  });

  it("refuses a join once the account's deletion has begun", async () => {
    const game = await insertGame(context, { costCents: 0 });
    const person = await signUpVerified(context);
    await prepareAccountDeletion({ database: context.database, gateway: context.services.gateway, config: context.config }, person.userId);
    const answer = await join(person.client, game.id, { role: "player" });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toBe("This account is being deleted.");
    expect(await registrationsOf(context, game.id, person.userId)).toEqual([]);
  });

  it("the unique index of active registrations covers exactly the statuses the rules call active", async () => {
    const { rows } = await context.database.pool.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'registration_active_event_user_role_idx'`,
    );
    const statuses = [...(rows[0]?.indexdef ?? "").matchAll(/'(\w+)'/g)].map((match) => match[1]).sort();
    expect(statuses).toEqual([...ACTIVE_STATUSES].sort());
  });
});
