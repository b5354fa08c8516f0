import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertGame, join, ledgerOf, playerWithCard } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { payment, simCharge } from "#server/db/schema.ts";
import { executeRefund } from "./execute-refund.ts";
import { reconcile } from "./reconcile.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const run = () => reconcile(context.database.db, context.services.gateway, context.config.payments);
const deps = () => ({ database: context.database, gateway: context.services.gateway, config: context.config });

describe("reconcile", () => {
  it("is at 0 unexplained cents for held spots and refunds by the rule, and finds every kind of discrepancy", async () => {
    const game = await insertGame(context);
    const stays = await playerWithCard(context);
    const leaves = await playerWithCard(context);
    await join(stays.client, game.id, { role: "player", paymentMethodId: stays.card.id });
    const left = await join(leaves.client, game.id, { role: "player", paymentMethodId: leaves.card.id });
    await leaves.client.json("DELETE", `/api/events/${game.id}/registrations/me`);
    const [refund] = (await ledgerOf(context, left.body.registration!.id)).filter((r) => r.kind === "refund");
    // Before the refund job runs, it is owed, not unexplained.
    expect(await run()).toMatchObject({ charges: 2, chargedCents: 2000, pendingRefundCents: 941, unexplainedCents: 0 });
    await executeRefund(deps(), refund!.id);
    expect(await run()).toMatchObject({ refunds: 1, refundedCents: 941, pendingRefundCents: 0, unexplainedCents: 0 });

    // A charge the processor took that the ledger does not know.
    await context.database.db.insert(simCharge).values({
      id: "pi_sim_stray",
      idempotencyKey: "stray",
      customerId: "cus",
      paymentMethodId: "pm",
      amountCents: 777,
      currency: "cad",
      offSession: false,
      status: "succeeded",
      clientSecret: "s",
    });
    expect((await run()).unexplainedCents).toBe(777);
    await context.database.db.delete(simCharge).where(eq(simCharge.id, "pi_sim_stray"));

    // A refund row for a different amount than the rule gives.
    await context.database.db.update(payment).set({ amountCents: 900 }).where(eq(payment.id, refund!.id));
    const wrong = await run();
    expect(wrong.unexplainedCents).toBeGreaterThan(0);
    expect(wrong.problems.map((p) => p.what).join("\n")).toContain("amounts differ");
    await context.database.db.update(payment).set({ amountCents: 941 }).where(eq(payment.id, refund!.id));
    expect((await run()).unexplainedCents).toBe(0);
  });
});
