import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_FAILED } from "#shared/registrations.ts";
import { CARDS, insertGame, join, ledgerOf, playerWithCard, registrationsOf } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { payment, registration, simCharge, simRefund } from "#server/db/schema.ts";
import { createSimulatedGateway, type SimulatedFaults } from "#server/money/processors/simulated.ts";
import type { RegistrationDeps } from "./deps.ts";
import { executeRefund } from "#server/money/execute-refund.ts";
import { chargeKey } from "#server/money/ledger.ts";
import { recoverPayments } from "./recover.ts";
import { PAYMENT_HOLD_MS } from "#server/money/stale-payments.ts";
import { runPromotion } from "./run-promotion.ts";
import { english } from "#test/shared-english.ts";

/**
 * Lost answers and crashes, with the background jobs called by hand so each step is seen: the
 * processor's faults are switched on and off through `faults`, which it reads at every call.
 */
let context: TestContext;
const faults: SimulatedFaults = { lostResponseRate: 0 };
beforeAll(async () => {
  context = await createTestContext({}, { gateway: (db) => createSimulatedGateway(db, faults) });
});
afterAll(async () => {
  await context.close();
});

const deps = (shiftMs = 0): RegistrationDeps => ({
  database: context.database,
  gateway: context.services.gateway,
  config: context.config,
  now: () => new Date(Date.now() + shiftMs),
});
const charges = (registrationId: string) => context.database.db.select().from(simCharge).where(eq(simCharge.registrationId, registrationId));

describe("a charge whose answer is lost", () => {
  it("keeps the spot held and answers 'Payment failed. Please try again.'; trying again charges once", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const player = await playerWithCard(context);
    faults.lostResponseRate = 1;
    const lost = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    faults.lostResponseRate = 0;
    expect(lost.status).toBe(502);
    expect(lost.body.error?.message).toBe(english(PAYMENT_FAILED));
    const [held] = await registrationsOf(context, game.id);
    expect(held).toMatchObject({ status: "pending_payment" });
    // The processor did charge (the answer was what got lost).
    expect((await charges(held!.id)).map((c) => c.status)).toEqual(["succeeded"]);

    // 'Complete payment' on the page sends the role only: the held payment is resumed with its own card.
    const retried = await join(player.client, game.id, { role: "player" });
    expect(retried.status).toBe(201);
    expect(retried.body.registration).toMatchObject({ id: held!.id, status: "confirmed" });
    expect(await charges(held!.id)).toHaveLength(1);
    expect((await ledgerOf(context, held!.id)).map((r) => [r.kind, r.status, r.idempotencyKey])).toEqual([["charge", "succeeded", chargeKey(held!.id)]]);
  });
});

describe("recovery after a crash", () => {
  it("confirms a spot whose charge went through before the crash (between charge and confirm)", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const player = await playerWithCard(context);
    faults.lostResponseRate = 1;
    await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    faults.lostResponseRate = 0;
    const [held] = await registrationsOf(context, game.id);
    // Nothing happens before the hold expires.
    expect(await recoverPayments(deps())).toMatchObject({ charges: 0 });
    expect(await recoverPayments(deps(PAYMENT_HOLD_MS + 60_000))).toMatchObject({ charges: 1 });
    const [after] = await registrationsOf(context, game.id);
    expect(after).toMatchObject({ id: held!.id, status: "confirmed" });
    expect((await ledgerOf(context, held!.id)).map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("releases a spot whose charge was never made (a crash before the call), and promotes the next", async () => {
    const game = await insertGame(context, { maxPlayers: 1, costCents: 0 });
    const [stranded] = await context.database.db
      .insert(registration)
      .values({ eventId: game.id, userId: (await playerWithCard(context)).userId, role: "player", status: "pending_payment", amountCents: 1000 })
      .returning();
    await context.database.db.insert(payment).values({
      registrationId: stranded!.id,
      eventId: game.id,
      kind: "charge",
      amountCents: 1000,
      currency: "cad",
      idempotencyKey: chargeKey(stranded!.id),
      customerId: "cus_never",
      paymentMethodId: "pm_never",
    });
    const waiter = await playerWithCard(context);
    expect((await join(waiter.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");

    await recoverPayments(deps(PAYMENT_HOLD_MS + 60_000));
    const regs = await registrationsOf(context, game.id);
    expect(regs.map((r) => [r.status, r.closedReason])).toEqual([
      ["payment_failed", "payment_expired"],
      ["confirmed", null],
    ]);
    expect((await ledgerOf(context, stranded!.id)).map((r) => r.status)).toEqual(["failed"]);
  });

  it("cancels an authentication nobody completed, so it can never be charged later", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const player = await playerWithCard(context, { card: CARDS.authentication });
    const started = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    expect(started.status).toBe(202);
    await recoverPayments(deps(PAYMENT_HOLD_MS + 60_000));
    const [reg] = await registrationsOf(context, game.id);
    expect(reg).toMatchObject({ status: "payment_failed" });
    const late = await player.client.json<{ status: string }>("POST", "/api/payments/simulated/authenticate", {
      clientSecret: started.body.clientSecret!,
      outcome: "complete",
    });
    expect(late.body.status).toBe("failed");
    expect((await player.client.json("POST", `/api/events/${game.id}/registrations/me/confirm`, {})).status).toBe(404);
    expect((await charges(reg!.id)).map((c) => c.status)).toEqual(["canceled"]);
  });
});

describe("background jobs whose answers are lost", () => {
  it("a refund whose answer was lost is not sent again: the retry asks the processor, which holds it (faults.test.ts has the rest)", async () => {
    const game = await insertGame(context);
    const player = await playerWithCard(context);
    const joined = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id });
    await player.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const [refund] = (await ledgerOf(context, joined.body.registration!.id)).filter((r) => r.kind === "refund");
    faults.lostResponseRate = 1;
    await expect(executeRefund(deps(), refund!.id)).rejects.toThrow("did not answer");
    faults.lostResponseRate = 0;
    await executeRefund(deps(), refund!.id);
    const rows = await context.database.db.select().from(simRefund).where(eq(simRefund.idempotencyKey, refund!.idempotencyKey));
    expect(rows.map((r) => [r.status, r.amountCents])).toEqual([["succeeded", 941]]);
    expect((await ledgerOf(context, joined.body.registration!.id)).find((r) => r.kind === "refund")).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("a promotion retried with its key charges once", async () => {
    const game = await insertGame(context, { maxPlayers: 1 });
    const holder = await playerWithCard(context);
    const waiter = await playerWithCard(context);
    await join(holder.client, game.id, { role: "player", paymentMethodId: holder.card.id });
    const waiting = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    await holder.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const id = waiting.body.registration!.id;
    expect((await registrationsOf(context, game.id, waiter.userId))[0]).toMatchObject({ status: "promoting" });
    faults.lostResponseRate = 1;
    await expect(runPromotion(deps(), id)).rejects.toThrow("did not answer");
    faults.lostResponseRate = 0;
    await runPromotion(deps(), id);
    await runPromotion(deps(), id);
    expect((await registrationsOf(context, game.id, waiter.userId))[0]).toMatchObject({ status: "confirmed" });
    expect(await charges(id)).toHaveLength(1);
    const [charge] = await context.database.db
      .select()
      .from(payment)
      .where(and(eq(payment.registrationId, id), eq(payment.kind, "charge")));
    expect(charge).toMatchObject({ status: "succeeded", offSession: true });
  });
});
