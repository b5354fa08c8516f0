import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, insertGame, join, ledgerOf, playerWithCard, registrationsOf } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { payment } from "#server/db/schema.ts";
import { reconcile } from "#server/money/reconcile.ts";

/**
 * The invariants of docs/registrations-and-payments.md ("Invariants") under real concurrency: many
 * requests at once through the HTTP app, on the real database (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL). No mocked transactions.
 */

let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context.close();
});

const players = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => playerWithCard(context, { firstName: `P${index}` })));
const cancel = (client: TestClient, eventId: string) => client.json<{ refundCents: number }>("DELETE", `/api/events/${eventId}/registrations/me`);

/** Waits until no charge or refund of the game is pending any more (promotions and refunds done). */
const quiet = (eventId: string) =>
  eventually(async () => {
    const pending = await context.database.db
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.eventId, eventId), eq(payment.status, "pending")));
    return pending.length === 0 ? true : undefined;
  }, "background payments to settle", 60_000);

describe("50 players join a paid game of 5 spots at once", () => {
  it("holds exactly 5 spots, charges exactly 5 times, and waitlists 45 in arrival order", async () => {
    const game = await insertGame(context, { maxPlayers: 5 });
    const crowd = await players(50);
    const answers = await Promise.all(
      crowd.map((p) => join(p.client, game.id, { role: "player", paymentMethodId: p.card.id, consentToAutoCharge: true })),
    );
    expect(answers.map((a) => a.status).every((status) => status === 201)).toBe(true);
    expect(answers.filter((a) => a.body.registration?.status === "confirmed")).toHaveLength(5);

    const regs = await registrationsOf(context, game.id);
    const confirmed = regs.filter((r) => r.status === "confirmed");
    const waitlisted = regs.filter((r) => r.status === "waitlisted");
    expect(confirmed).toHaveLength(5);
    expect(waitlisted).toHaveLength(45);
    // Arrival order is the order the lock let them in: every spot went to someone who came before every waiter.
    expect(Math.max(...confirmed.map((r) => r.position))).toBeLessThan(Math.min(...waitlisted.map((r) => r.position)));
    const charges = (await Promise.all(regs.map((r) => ledgerOf(context, r.id)))).flat();
    expect(charges.map((c) => [c.kind, c.status])).toEqual(Array.from({ length: 5 }, () => ["charge", "succeeded"]));
    const simCharges = await context.database.pool.query("select count(*)::int as n from sim_charge where event_id = $1", [game.id]);
    expect(simCharges.rows[0].n).toBe(5);
  });
});

describe("10 confirmed players cancel at once", () => {
  it("promotes the first 10 waiting, in order, charging each once; the rest keep their order", async () => {
    const game = await insertGame(context, { maxPlayers: 10 });
    const crowd = await players(25);
    for (const p of crowd) await join(p.client, game.id, { role: "player", paymentMethodId: p.card.id, consentToAutoCharge: true });
    const holders = crowd.slice(0, 10);
    const answers = await Promise.all(holders.map((p) => cancel(p.client, game.id)));
    expect(answers.map((a) => a.body.refundCents)).toEqual(Array.from({ length: 10 }, () => 941));
    await quiet(game.id);

    const regs = await registrationsOf(context, game.id);
    const byUser = new Map(regs.map((r) => [r.userId, r]));
    expect(holders.map((p) => byUser.get(p.userId)!.status)).toEqual(Array.from({ length: 10 }, () => "refunded"));
    expect(crowd.slice(10, 20).map((p) => byUser.get(p.userId)!.status)).toEqual(Array.from({ length: 10 }, () => "confirmed"));
    expect(crowd.slice(20).map((p) => byUser.get(p.userId)!.status)).toEqual(Array.from({ length: 5 }, () => "waitlisted"));
    const report = await reconcile(context.database.db, context.services.gateway, context.config.payments);
    expect(report.problems).toEqual([]);
  });
});

describe("a player cancels while the admin cancels the game", () => {
  it("refunds the player once: price − fee if they left first, the full price if the game was cancelled first", async () => {
    for (let round = 0; round < 3; round++) {
      const game = await insertGame(context, { maxPlayers: 3 });
      const [leaving, staying] = await players(2);
      const left = await join(leaving!.client, game.id, { role: "player", paymentMethodId: leaving!.card.id });
      const stayed = await join(staying!.client, game.id, { role: "player", paymentMethodId: staying!.card.id });
      const [userAnswer, adminAnswer] = await Promise.all([
        cancel(leaving!.client, game.id),
        admin.json("POST", `/api/events/${game.id}/cancel`, {}),
      ]);
      expect(adminAnswer.status).toBe(200);
      await quiet(game.id);
      const refunds = (await ledgerOf(context, left.body.registration!.id)).filter((r) => r.kind === "refund");
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amountCents).toBe(userAnswer.status === 200 ? 941 : 1000);
      if (userAnswer.status !== 200) expect(userAnswer.status).toBe(422);
      const stayedRefunds = (await ledgerOf(context, stayed.body.registration!.id)).filter((r) => r.kind === "refund");
      expect(stayedRefunds.map((r) => [r.status, r.amountCents])).toEqual([["succeeded", 1000]]);
    }
    const report = await reconcile(context.database.db, context.services.gateway, context.config.payments);
    expect(report.unexplainedCents).toBe(0);
  });
});

describe("the same user joining twice at once", () => {
  it("gets one spot and one charge (a repeat while the payment runs resumes it; after, it is refused)", async () => {
    const game = await insertGame(context, { maxPlayers: 5 });
    const [player] = await players(1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => join(player!.client, game.id, { role: "player", paymentMethodId: player!.card.id })),
    );
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const regs = await registrationsOf(context, game.id);
    expect(regs).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.registration?.id))).toEqual(new Set([regs[0]!.id]));
    expect(await ledgerOf(context, regs[0]!.id)).toHaveLength(1);
  });
});
