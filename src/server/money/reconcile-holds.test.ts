import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdFixtures } from "#test/holds.ts";
import { stripeMode } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { cardHold } from "#server/db/schema.ts";
import { captureHold } from "./capture-hold.ts";
import type { MoneyDeps } from "./deps.ts";
import { captureKey } from "./hold-ledger.ts";
import { createSimulatedGateway, type SimulatedFaults } from "./processors/simulated.ts";
import { reconcile } from "./reconcile.ts";
import { releaseHold } from "./release-hold.ts";

/**
 * `reconcile` with card holds, on both processors: held, captured, released and expired holds leave
 * 0 unexplained cents (a hold is not money; a capture is a charge like any); a hold captured at the
 * processor that the ledger still calls held, a hold the processor no longer has, and a card held
 * that the ledger let go are each found, with their cents.
 */
describe.each(["simulated", "stripe"] as const)("reconcile with holds, %s processor", (modeName) => {
  let context: TestContext;
  let closeMode: () => Promise<void> = async () => {};
  const faults: SimulatedFaults = {};
  let fixtures: ReturnType<typeof holdFixtures>;

  beforeAll(async () => {
    const stripe = modeName === "stripe" ? await stripeMode() : undefined;
    if (stripe) closeMode = stripe.close;
    context = await createTestContext(stripe?.env ?? {}, stripe ? {} : { gateway: (db) => createSimulatedGateway(db, faults) });
    fixtures = holdFixtures(context, { fake: stripe?.fake, faults });
  });
  afterAll(async () => {
    await context?.close();
    await closeMode();
  });

  const deps = (): MoneyDeps => ({ database: context.database, gateway: context.services.gateway });
  const run = () => reconcile(context.database.db, context.services.gateway, context.config.payments);
  const setStatus = (holdId: string, values: Partial<typeof cardHold.$inferInsert>) => context.database.db.update(cardHold).set(values).where(eq(cardHold.id, holdId));

  it("is at 0 unexplained cents with held, captured, released and expired holds, and finds each discrepancy", async () => {
    const held = await fixtures.heldHold({ amountCents: 1500 });
    const captured = await captureHold(deps(), (await fixtures.toCapturing(await fixtures.heldHold({ amountCents: 1200 }), 1000)).id);
    const released = await releaseHold(deps(), (await fixtures.toReleasing(await fixtures.heldHold(), "called_off")).id);
    const expiring = await fixtures.heldHold({ amountCents: 800 });
    await fixtures.expireAtProcessor(expiring);
    const expired = await captureHold(deps(), (await fixtures.toCapturing(expiring)).id);
    expect([held.status, captured.status, released.status, expired.status]).toEqual(["held", "captured", "released", "failed"]);

    const healthy = await run();
    expect(healthy).toMatchObject({ unexplainedCents: 0, problems: [], charges: 1, chargedCents: 1000, openHolds: 1, heldCents: 1500 });

    // The ledger says held, the processor took the money: its charge is in no ledger row.
    await context.services.gateway.captureHold({ holdId: held.gatewayId!, amountCents: 1500, idempotencyKey: captureKey(held.registrationId) });
    const capturedUnknown = await run();
    expect(capturedUnknown.unexplainedCents).toBe(1500 + 1500);
    expect(capturedUnknown.problems.map((p) => p.what).join("\n")).toMatch(/is not a succeeded charge in the ledger[\s\S]*is held but the processor holds nothing/);

    // A card held at the processor that the ledger let go.
    const letGo = await fixtures.heldHold({ amountCents: 600 });
    await setStatus(letGo.id, { status: "released", releaseReason: "player_cancel" });
    expect((await run()).problems).toContainEqual({ cents: 600, what: expect.stringContaining("is open at the processor but released in the ledger") });
    await setStatus(letGo.id, { status: "held", releaseReason: null });

    // A captured hold whose charge row says another amount.
    await setStatus(captured.id, { captureCents: 900 });
    expect((await run()).problems).toContainEqual({ cents: 100, what: expect.stringContaining(`captured hold ${captured.id}: charge 1000, capture 900`) });
  });
});
