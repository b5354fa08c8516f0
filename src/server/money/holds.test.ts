import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdFixtures } from "#test/holds.ts";
import { CARDS, stripeMode } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { withEventLock } from "#server/events/game-lock.ts";
import { applyCaptureOutcome, captureHold } from "./capture-hold.ts";
import type { MoneyDeps } from "./deps.ts";
import { captureKey, holdFailureCode, holdInputOf, insertHold, recordHoldOutcome } from "./hold-ledger.ts";
import { GatewayUnavailableError } from "./processors/gateway.ts";
import { createSimulatedGateway, type SimulatedFaults } from "./processors/simulated.ts";
import { releaseHold } from "./release-hold.ts";
import { HOLD_STEP_STALL_MS, learnExpiredHold, recoverHoldSteps, staleHolds } from "./stale-holds.ts";
import { EXPIRED, PAYMENT_HOLD_MS, PROMOTION_STALL_MS, staleCharges } from "./stale-payments.ts";

/**
 * The money module's card holds (docs/money.md, "Holds in the money module") on both processors:
 * a hold written once per registration and its placing news applied once; a capture that takes the
 * money once with one charge row however many workers run it at the same moment; a lost answer
 * settled by asking again under the same key (by the job, or by the recovery sweep once the job is
 * lost); an expired hold that fails its capture; releases with and without a processor id; a hold
 * left pending learnt from the processor. Real transactions on the file's own database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */
describe.each(["simulated", "stripe"] as const)("holds in the money module, %s processor", (modeName) => {
  let context: TestContext;
  let fake: Awaited<ReturnType<typeof stripeMode>>["fake"] | undefined;
  let closeMode: () => Promise<void> = async () => {};
  const faults: SimulatedFaults = {};
  let fixtures: ReturnType<typeof holdFixtures>;

  beforeAll(async () => {
    const stripe = modeName === "stripe" ? await stripeMode() : undefined;
    fake = stripe?.fake;
    if (stripe) closeMode = stripe.close;
    context = await createTestContext(stripe?.env ?? {}, stripe ? {} : { gateway: (db) => createSimulatedGateway(db, faults) });
    fixtures = holdFixtures(context, { fake, faults });
  });
  afterAll(async () => {
    await context?.close();
    await closeMode();
  });

  const deps = (): MoneyDeps => ({ database: context.database, gateway: context.services.gateway });
  const minutesOn = (ms: number) => Date.now() + ms + 60_000;

  it("writes one hold per registration and applies its placing news once", async () => {
    const hold = await fixtures.pendingHold({ amountCents: 1500 });
    expect(hold).toMatchObject({ status: "pending", idempotencyKey: `hold:${hold.registrationId}`, amountCents: 1500, gatewayId: null, attempts: 0 });
    // Written again (a retried join): the row already there, unchanged.
    const again = await withEventLock(context.database, hold.eventId, (tx) =>
      insertHold(tx, { id: hold.registrationId, eventId: hold.eventId, userId: hold.userId }, { amountCents: 999, currency: "cad", customerId: "cus_x", paymentMethodId: "pm_x", offSession: true, status: "scheduled" }),
    );
    expect(again).toEqual(hold);

    const held = await fixtures.place(hold);
    expect(held).toMatchObject({ status: "held", gatewayId: expect.any(String) });
    expect(held.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    // Late news of a failure changes nothing: the row has left placing.
    const late = await withEventLock(context.database, hold.eventId, (tx) => recordHoldOutcome(tx, hold.id, { status: "failed", holdId: held.gatewayId, amountCents: 1500, code: "card_declined", message: "Your card was declined." }));
    expect(late).toEqual(held);
  });

  it("records a refused hold with its code, and a hold waiting for the bank's check with its id", async () => {
    const declined = await fixtures.place(await fixtures.pendingHold({ card: CARDS.insufficientFunds }));
    expect(declined).toMatchObject({ status: "failed" });
    expect(holdFailureCode(declined)).toBe("insufficient_funds");
    const waiting = await fixtures.place(await fixtures.pendingHold({ card: CARDS.authentication }));
    expect(waiting).toMatchObject({ status: "requires_action", gatewayId: expect.any(String) });
  });

  it("captures once with one charge row when several workers capture the same hold at the same moment", async () => {
    const hold = await fixtures.toCapturing(await fixtures.heldHold({ amountCents: 1200 }), 900);
    const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => captureHold(deps(), hold.id)));
    // A worker that met another's request under the same key in flight (Stripe's 409) learns it later.
    for (const attempt of attempts) if (attempt.status === "rejected") expect(attempt.reason).toBeInstanceOf(GatewayUnavailableError);
    expect(attempts.some((attempt) => attempt.status === "fulfilled")).toBe(true);
    // Whatever the race left, one more try settles it (what the job's retry does).
    const after = await captureHold(deps(), hold.id);
    const charges = (await fixtures.ledgerOf(hold.registrationId)).filter((row) => row.kind === "charge");
    expect(charges).toEqual([
      expect.objectContaining({ idempotencyKey: captureKey(hold.registrationId), status: "succeeded", amountCents: 900, gatewayId: hold.gatewayId, customerId: hold.customerId, paymentMethodId: hold.paymentMethodId }),
    ]);
    expect(after).toMatchObject({ status: "captured", chargePaymentId: charges[0]!.id, error: null });
    expect(await fixtures.atProcessor(hold.gatewayId!)).toEqual({ status: "succeeded", capturedCents: 900, captures: 1 });
    // Done: asked again, nothing is sent.
    const calls = fake?.calls.length;
    expect(await captureHold(deps(), hold.id)).toEqual(after);
    expect(fake?.calls.length).toBe(calls);
  });

  it("writes the capture's charge row before calling the processor: one unreachable leaves the money owed in the ledger, pending, and the next try takes it once", async () => {
    const hold = await fixtures.toCapturing(await fixtures.heldHold(), 700);
    const unreachable = { ...context.services.gateway, captureHold: () => Promise.reject(new GatewayUnavailableError("The payment processor could not be reached.")) };
    await expect(captureHold({ database: context.database, gateway: unreachable }, hold.id)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await fixtures.ledgerOf(hold.registrationId)).toEqual([
      expect.objectContaining({ kind: "charge", status: "pending", amountCents: 700, idempotencyKey: captureKey(hold.registrationId), gatewayId: hold.gatewayId, offSession: false }),
    ]);
    expect(await fixtures.rowOf(hold.id)).toMatchObject({ status: "capturing", chargePaymentId: null, attempts: 1 });
    expect(await fixtures.atProcessor(hold.gatewayId!)).toMatchObject({ capturedCents: 0, captures: 0 });
    expect(await captureHold(deps(), hold.id)).toMatchObject({ status: "captured", attempts: 2 });
    expect((await fixtures.ledgerOf(hold.registrationId)).map((row) => [row.status, row.amountCents])).toEqual([["succeeded", 700]]);
  });

  it("settles a capture whose answer was lost by capturing again under the same key: by its job, or by the sweep once the job is lost", async () => {
    for (const settleBy of ["job", "sweep"] as const) {
      const hold = await fixtures.toCapturing(await fixtures.heldHold());
      fixtures.loseAnswers(true);
      await expect(captureHold(deps(), hold.id)).rejects.toBeInstanceOf(GatewayUnavailableError);
      fixtures.loseAnswers(false);
      // The money was taken; the ledger holds its charge row, pending, and the hold shows the try.
      expect(await fixtures.rowOf(hold.id)).toMatchObject({ status: "capturing", attempts: 1 });
      expect((await fixtures.ledgerOf(hold.registrationId)).map((row) => [row.kind, row.status])).toEqual([["charge", "pending"]]);
      expect(await fixtures.atProcessor(hold.gatewayId!)).toMatchObject({ status: "succeeded", captures: 1 });
      // A pending capture is never a join's stale charge.
      expect((await staleCharges(deps(), minutesOn(PAYMENT_HOLD_MS))).some((row) => row.registrationId === hold.registrationId)).toBe(false);

      if (settleBy === "job") {
        expect(await captureHold(deps(), hold.id)).toMatchObject({ status: "captured" });
      } else {
        // Not before the job's time has passed.
        expect((await recoverHoldSteps(deps(), Date.now())).settled.some((row) => row.id === hold.id)).toBe(false);
        const swept = await recoverHoldSteps(deps(), minutesOn(HOLD_STEP_STALL_MS));
        expect(swept.settled).toContainEqual(expect.objectContaining({ id: hold.id, status: "captured" }));
      }
      expect((await fixtures.ledgerOf(hold.registrationId)).map((row) => [row.kind, row.status, row.amountCents])).toEqual([["charge", "succeeded", 1000]]);
      expect(await fixtures.atProcessor(hold.gatewayId!)).toEqual({ status: "succeeded", capturedCents: 1000, captures: 1 });
    }
  });

  it("fails the capture of a hold that expired (hold_expired): its charge row fails, nothing is taken", async () => {
    const held = await fixtures.heldHold();
    await fixtures.expireAtProcessor(held);
    const failed = await captureHold(deps(), (await fixtures.toCapturing(held)).id);
    expect(failed).toMatchObject({ status: "failed", chargePaymentId: null });
    expect(holdFailureCode(failed)).toBe("hold_expired");
    expect((await fixtures.ledgerOf(held.registrationId)).map((row) => [row.kind, row.status])).toEqual([["charge", "failed"]]);
    expect(await fixtures.atProcessor(held.gatewayId!)).toMatchObject({ status: "canceled", capturedCents: 0 });
  });

  it("applies the webhook's news of a capture once, and not to a hold that is not capturing", async () => {
    const hold = await fixtures.toCapturing(await fixtures.heldHold());
    const captured = await context.services.gateway.captureHold({ holdId: hold.gatewayId!, amountCents: 1000, idempotencyKey: captureKey(hold.registrationId) });
    const applied = await applyCaptureOutcome(deps(), hold.id, captured);
    expect(applied).toMatchObject({ status: "captured" });
    if (captured.status !== "captured") throw new Error(captured.status);
    expect(await applyCaptureOutcome(deps(), hold.id, { ...captured, capturedCents: 1 })).toEqual(applied);
    expect((await fixtures.ledgerOf(hold.registrationId)).map((row) => [row.status, row.amountCents])).toEqual([["succeeded", 1000]]);
    const held = await fixtures.heldHold();
    expect(await applyCaptureOutcome(deps(), held.id, captured)).toEqual(held);
  });

  it("releases a hold once, however many release it at once; releasing it again asks nothing", async () => {
    const hold = await fixtures.toReleasing(await fixtures.heldHold(), "not_enough_players");
    const attempts = await Promise.allSettled(Array.from({ length: 4 }, () => releaseHold(deps(), hold.id)));
    for (const attempt of attempts) if (attempt.status === "rejected") expect(attempt.reason).toBeInstanceOf(GatewayUnavailableError);
    const after = await releaseHold(deps(), hold.id);
    expect(after).toMatchObject({ status: "released", releaseReason: "not_enough_players", gatewayId: hold.gatewayId });
    expect(await fixtures.atProcessor(hold.gatewayId!)).toMatchObject({ status: "canceled", capturedCents: 0 });
    expect(await fixtures.ledgerOf(hold.registrationId)).toEqual([]);
    const calls = fake?.calls.length;
    expect(await releaseHold(deps(), hold.id)).toEqual(after);
    expect(fake?.calls.length).toBe(calls);
  });

  it("releases a hold whose release answer was lost, by its job or by the sweep", async () => {
    const hold = await fixtures.toReleasing(await fixtures.heldHold());
    fixtures.loseAnswers(true);
    await expect(releaseHold(deps(), hold.id)).rejects.toBeInstanceOf(GatewayUnavailableError);
    fixtures.loseAnswers(false);
    expect(await fixtures.rowOf(hold.id)).toMatchObject({ status: "releasing", attempts: 1 });
    const swept = await recoverHoldSteps(deps(), minutesOn(HOLD_STEP_STALL_MS));
    expect(swept.settled).toContainEqual(expect.objectContaining({ id: hold.id, status: "released" }));
  });

  it("a hold never placed is released without a call; one whose placing answer was lost is found at the processor and let go", async () => {
    // Scheduled for later: nothing was ever sent.
    const scheduled = await fixtures.pendingHold({ status: "scheduled", placeAfter: new Date(Date.now() + 3 * 24 * 3_600_000), offSession: true });
    const calls = fake?.calls.length;
    expect(await releaseHold(deps(), (await fixtures.toReleasing(scheduled)).id)).toMatchObject({ status: "released", gatewayId: null, attempts: 0 });
    expect(fake?.calls.length).toBe(calls);

    // Placed, the answer lost: the row has no processor id, but the card is held.
    const lost = await fixtures.pendingHold();
    fixtures.loseAnswers(true);
    await expect(context.services.gateway.placeHold(holdInputOf(lost))).rejects.toBeInstanceOf(GatewayUnavailableError);
    fixtures.loseAnswers(false);
    const released = await releaseHold(deps(), (await fixtures.toReleasing(lost, "called_off")).id);
    expect(released).toMatchObject({ status: "released", gatewayId: expect.any(String) });
    expect(await fixtures.atProcessor(released.gatewayId!)).toMatchObject({ status: "canceled" });

    // Pending, nothing at the processor: released after asking.
    const never = await fixtures.pendingHold();
    expect(await releaseHold(deps(), (await fixtures.toReleasing(never)).id)).toMatchObject({ status: "released", gatewayId: null });
  });

  it("a placing answer that arrives after the hold was let go makes the hold released at the processor too", async () => {
    const hold = await fixtures.pendingHold();
    // Let go while its placing call was on its way (nothing found at the processor yet).
    expect(await releaseHold(deps(), (await fixtures.toReleasing(hold)).id)).toMatchObject({ status: "released", gatewayId: null });
    const outcome = await context.services.gateway.placeHold(holdInputOf(hold));
    const again = await withEventLock(context.database, hold.eventId, (tx) => recordHoldOutcome(tx, hold.id, outcome));
    expect(again).toMatchObject({ status: "releasing", gatewayId: outcome.holdId, releaseReason: "player_cancel" });
    expect(await releaseHold(deps(), hold.id)).toMatchObject({ status: "released", gatewayId: outcome.holdId });
    expect(await fixtures.atProcessor(outcome.holdId!)).toMatchObject({ status: "canceled" });
  });

  it("hands holds left pending past their limit to the rules with what the processor says: placed, never placed, or a bank's check nobody finished (let go first)", async () => {
    const landed = await fixtures.pendingHold();
    fixtures.loseAnswers(true);
    await expect(context.services.gateway.placeHold(holdInputOf(landed))).rejects.toBeInstanceOf(GatewayUnavailableError);
    fixtures.loseAnswers(false);
    const never = await fixtures.pendingHold({ offSession: true });
    const checking = await fixtures.pendingHold({ card: CARDS.authentication });
    const check = await context.services.gateway.placeHold(holdInputOf(checking));
    expect(check.status).toBe("requires_action");

    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    expect(ids(await staleHolds(deps(), Date.now()))).not.toContain(landed.id);
    // An off-session hold waits less than one the player is placing in their dialog.
    expect(ids(await staleHolds(deps(), minutesOn(PROMOTION_STALL_MS)))).toContain(never.id);
    expect(ids(await staleHolds(deps(), minutesOn(PROMOTION_STALL_MS)))).not.toContain(landed.id);
    const stale = await staleHolds(deps(), minutesOn(PAYMENT_HOLD_MS));
    expect(ids(stale)).toEqual(expect.arrayContaining([landed.id, never.id, checking.id]));

    expect(await learnExpiredHold(deps(), landed)).toMatchObject({ status: "held" });
    expect(await learnExpiredHold(deps(), never)).toMatchObject({ status: "failed", holdId: null, code: EXPIRED });
    expect(await learnExpiredHold(deps(), checking)).toMatchObject({ status: "failed", holdId: check.holdId, code: EXPIRED });
    // The bank's check can no longer authorise it.
    expect(await context.services.gateway.getHold(check.holdId!)).toMatchObject({ status: "released" });
  });
});
