import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARDS, eventAs, eventually, insertGame, join, ledgerOf, type PaymentMode, playerIn, registrationDeps, registrationsOf, simulatedMode, stripeMode } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { cardHold, event as eventTable } from "#server/db/schema.ts";
import { reconcile } from "#server/money/reconcile.ts";
import { readCalendar } from "#test/ical.ts";
import { createSimulatedGateway, type SimulatedFaults } from "#server/money/processors/simulated.ts";
import { decideGame } from "./decide-game.ts";
import { finishInterruptedDecisions, GAME_ON_QUEUE, runGameOnSweep } from "./game-on-sweep.ts";

const HOUR = 3_600_000;

/**
 * Game on (docs/game-on.md), once per payment mode, through the HTTP app with the background jobs
 * running: joins hold the card, giving up a spot before the decision lets the hold go, the decision
 * captures every hold once or calls the game off, and the ledger and the processor agree.
 */
describe.each(["simulated", "stripe"] as const)("game on, on the %s gateway", (modeName) => {
  let context: TestContext;
  let mode: PaymentMode;
  let admin: TestClient;
  /** The app with its background jobs and a processor of its own (the reconciliation reads all of it). */
  const start = async (options: { moneyRetryDelaySeconds?: number } = {}) => {
    const faults: SimulatedFaults = {};
    const started = modeName === "simulated" ? simulatedMode(faults) : await stripeMode();
    const app = await createTestContext(started.env, {
      background: true,
      ...options,
      ...(modeName === "simulated" ? { gateway: (db) => createSimulatedGateway(db, faults) } : {}),
    });
    return { mode: started, context: app };
  };
  beforeAll(async () => {
    ({ mode, context } = await start());
    admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  });
  afterAll(async () => {
    await context?.close();
    await mode?.close();
  });

  /** A paid game-on game (kick-off in `startsInHours`, decided 24 h before unless told). */
  const gameOnGame = (options: { minPlayers: number; maxPlayers?: number; startsInHours?: number; decideHours?: number; costCents?: number }) =>
    insertGame(context, {
      costCents: options.costCents ?? 1000,
      maxPlayers: options.maxPlayers ?? 10,
      startsInHours: options.startsInHours ?? 30,
      gameOnMinPlayers: options.minPlayers,
      gameOnDecideHours: options.decideHours ?? 24,
      gameOnState: "open",
    });
  const holdsOf = (eventId: string) => context.database.db.select().from(cardHold).where(eq(cardHold.eventId, eventId));
  const joinHeld = async (eventId: string, card: string = CARDS.ok) => {
    const player = await playerIn(context, mode, card);
    const response = await join(player.client, eventId, { role: "player", paymentMethodId: player.card.id, expectedPriceCents: 1000, consentToAutoCharge: true });
    return { player, response };
  };
  /** The decision, as the job runs it once the clock has passed it (`now` after the decision). */
  const decideAt = (eventId: string, now: Date) => decideGame({ ...registrationDeps(context), now: () => now }, eventId);
  const settledHolds = (eventId: string, statuses: string[]) =>
    eventually(async () => {
      const holds = await holdsOf(eventId);
      return holds.every((hold) => statuses.includes(hold.status)) ? holds : undefined;
    }, `holds to reach ${statuses.join(" or ")}`);
  const reconciled = async () => {
    const report = await reconcile(context.database.db, context.services.gateway, context.config.payments);
    expect(report.problems).toEqual([]);
    expect(report.unexplainedCents).toBe(0);
  };

  it("decides each game from a job pg-boss schedules every minute", async () => {
    // The end-to-end test sends that job itself rather than wait up to a minute (e2e/game-on.e2e.ts).
    expect(await context.boss!.getSchedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: GAME_ON_QUEUE, cron: "* * * * *" })]));
  });

  it("holds the price on the card when joining, charges nothing, and shows the hold and the minimum", async () => {
    const game = await gameOnGame({ minPlayers: 3 });
    const { player, response } = await joinHeld(game.id);
    expect(response.status).toBe(201);
    expect(response.body.registration).toMatchObject({ status: "confirmed", amountCents: 1000 });
    const [hold] = await holdsOf(game.id);
    expect(hold).toMatchObject({ status: "held", amountCents: 1000, idempotencyKey: `hold:${response.body.registration!.id}` });
    expect(await ledgerOf(context, response.body.registration!.id)).toEqual([]);
    const page = await eventAs(player.client, game.id);
    expect(page.gameOn).toMatchObject({ minPlayers: 3, decideHours: 24, state: "open", decidesAt: new Date(game.startsAt.getTime() - 24 * HOUR).toISOString() });
    expect(page.mine[0]).toMatchObject({ status: "confirmed", paidCents: 0, hold: { status: "held", amountCents: 1000 } });
    await reconciled();
  });

  it("refuses a paid game-on join without the consent to capture, and a declined card gets no spot", async () => {
    const game = await gameOnGame({ minPlayers: 2 });
    const player = await playerIn(context, mode);
    const refused = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id, expectedPriceCents: 1000 });
    expect(refused.status).toBe(422);
    const { response } = await joinHeld(game.id, CARDS.declined);
    expect(response.status).toBe(402);
    expect(await registrationsOf(context, game.id)).toEqual([expect.objectContaining({ status: "payment_failed" })]);
    expect((await holdsOf(game.id))[0]).toMatchObject({ status: "failed" });
  });

  it("lets a spot go before the decision, inside the 24 hours, with everything back: the hold released, no fee", async () => {
    const game = await gameOnGame({ minPlayers: 3, startsInHours: 20, decideHours: 4 });
    const { player, response } = await joinHeld(game.id);
    const cancelled = await player.client.json<{ refundCents: number }>("DELETE", `/api/events/${game.id}/registrations/me`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundCents).toBe(0);
    const [hold] = await settledHolds(game.id, ["released"]);
    expect(hold).toMatchObject({ releaseReason: "player_cancel" });
    expect(await ledgerOf(context, response.body.registration!.id)).toEqual([]);
    await context.mail.waitFor(player.email, /Spot given up/);
    await reconciled();
  });

  it("captures every hold once when enough players came, and says Game on", async () => {
    const game = await gameOnGame({ minPlayers: 2 });
    const joined = [await joinHeld(game.id), await joinHeld(game.id)];
    const after = new Date(game.startsAt.getTime() - 23 * HOUR);
    // Two runs at once (two workers, a retry racing the job): one decision, one capture each.
    const decisions = await Promise.all([decideAt(game.id, after), decideAt(game.id, after)]);
    expect(decisions).toContain("on");
    const holds = await settledHolds(game.id, ["captured"]);
    expect(holds).toHaveLength(2);
    for (const { response } of joined) {
      const rows = await ledgerOf(context, response.body.registration!.id);
      expect(rows).toEqual([expect.objectContaining({ kind: "charge", status: "succeeded", amountCents: 1000, idempotencyKey: `capture:${response.body.registration!.id}` })]);
    }
    const [row] = await context.database.db.select().from(eventTable).where(eq(eventTable.id, game.id));
    expect(row).toMatchObject({ gameOnState: "on", status: "active" });
    await context.mail.waitFor(joined[0]!.player.email, /Game on/);
    // Decided again later: nothing changes.
    expect(await decideAt(game.id, after)).toBe("on");
    await reconciled();
  });

  it("calls the game off when too few came: every hold let go, nothing charged, 'Called off: 1 of 3'", async () => {
    const game = await gameOnGame({ minPlayers: 3 });
    const { player, response } = await joinHeld(game.id);
    // Last changed an hour ago (the feed's SEQUENCE counts seconds since the last change).
    await context.database.db.update(eventTable).set({ updatedAt: new Date(Date.now() - HOUR) }).where(eq(eventTable.id, game.id));
    const feed = async () => readCalendar(await (await player.client.request("GET", `/api/events/${game.id}/calendar.ics`)).text()).events[0]!;
    const before = await feed();
    expect(await decideAt(game.id, new Date(game.startsAt.getTime() - 23 * HOUR))).toBe("called_off");
    // Calendars show it called off: CANCELLED, the same UID, a higher SEQUENCE.
    const after = await feed();
    expect(after).toMatchObject({ status: "CANCELLED", uid: before.uid });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    await settledHolds(game.id, ["released"]);
    expect(await ledgerOf(context, response.body.registration!.id)).toEqual([]);
    const page = await eventAs(player.client, game.id);
    expect(page).toMatchObject({ status: "cancelled", gameOn: { state: "called_off" } });
    const mail = await context.mail.waitFor(player.email, /Cancelled/);
    expect(mail.text).toContain("Called off: 1 of 3 players.");
    expect(mail.text).toContain("nothing was charged");
    await reconciled();
  });

  it("calls a game off at once with a reason: holds let go before the decision, the reason on the page and in the mail", async () => {
    const game = await gameOnGame({ minPlayers: 2 });
    const { player } = await joinHeld(game.id);
    await joinHeld(game.id);
    // The dialog's preview: two cards held are let go, nothing refunded since nothing was charged.
    const preview = await admin.json("GET", `/api/events/${game.id}/cancel-preview`);
    expect(preview.body).toEqual({ refundCount: 0, refundTotalCents: 0, notifyCount: 2, heldCount: 2 });
    const response = await admin.json("POST", `/api/events/${game.id}/cancel`, { message: "Pitch flooded" });
    expect(response.status).toBe(200);
    await settledHolds(game.id, ["released"]);
    expect(await eventAs(player.client, game.id)).toMatchObject({ status: "cancelled", cancelReason: "Pitch flooded", gameOn: { state: "called_off" } });
    const mail = await context.mail.waitFor(player.email, /Cancelled/);
    expect(mail.text).toContain("Pitch flooded");
  });

  it("holds the promoted waitlister's card off-session when a spot frees up before the decision", async () => {
    const game = await gameOnGame({ minPlayers: 1, maxPlayers: 1, startsInHours: 48 });
    const first = await joinHeld(game.id);
    const second = await joinHeld(game.id);
    expect(second.response.body.registration).toMatchObject({ status: "waitlisted" });
    expect((await first.player.client.request("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const promoted = await eventually(async () => {
      const [reg] = await registrationsOf(context, game.id, second.player.userId);
      return reg?.status === "confirmed" ? reg : undefined;
    }, "the waitlister to be promoted onto a hold");
    const [hold] = await context.database.db.select().from(cardHold).where(eq(cardHold.registrationId, promoted.id));
    expect(hold).toMatchObject({ status: "held", offSession: true });
    expect(await ledgerOf(context, promoted.id)).toEqual([]);
  });

  it("keeps the card and consent of a game decided more than a hold's life away, and holds it when the time comes", async () => {
    const game = await gameOnGame({ minPlayers: 1, startsInHours: 10 * 24 });
    const { response } = await joinHeld(game.id);
    expect(response.status).toBe(201);
    const [scheduled] = await holdsOf(game.id);
    expect(scheduled).toMatchObject({ status: "scheduled", gatewayId: null });
    const placeAfter = scheduled!.placeAfter!;
    expect(placeAfter.getTime()).toBe(game.startsAt.getTime() - 24 * HOUR - 6 * 24 * HOUR);
    await runGameOnSweep({ ...registrationDeps(context), now: () => new Date(placeAfter.getTime() + 60_000) });
    expect((await holdsOf(game.id))[0]).toMatchObject({ status: "held", offSession: true });
  });

  it("holds and captures exactly once per spot when 12 people join a 5-spot game at once", async () => {
    const game = await gameOnGame({ minPlayers: 4, maxPlayers: 5 });
    const people = await Promise.all(Array.from({ length: 12 }, () => playerIn(context, mode)));
    const answers = await Promise.all(
      people.map((person) => join(person.client, game.id, { role: "player", paymentMethodId: person.card.id, expectedPriceCents: 1000, consentToAutoCharge: true })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual(Array(12).fill(201));
    const regs = await registrationsOf(context, game.id);
    expect(regs.filter((reg) => reg.status === "confirmed")).toHaveLength(5);
    expect(regs.filter((reg) => reg.status === "waitlisted")).toHaveLength(7);
    expect(await holdsOf(game.id)).toHaveLength(5);
    expect(await decideAt(game.id, new Date(game.startsAt.getTime() - 23 * HOUR))).toBe("on");
    const captured = await settledHolds(game.id, ["captured"]);
    expect(captured).toHaveLength(5);
    const charges = (await Promise.all(regs.map((reg) => ledgerOf(context, reg.id)))).flat();
    expect(charges.filter((row) => row.kind === "charge" && row.status === "succeeded")).toHaveLength(5);
    await reconciled();
  });

  it("finishes at a worker's start a decision a crash left deciding, without waiting for the minute job", async () => {
    const game = await gameOnGame({ minPlayers: 2 });
    await joinHeld(game.id);
    await joinHeld(game.id);
    mode.loseAnswers(true);
    try {
      expect(await decideAt(game.id, new Date(game.startsAt.getTime() - 23 * HOUR))).toBe("deciding");
    } finally {
      mode.loseAnswers(false);
    }
    // What startRegistrationWorkers runs when the process comes back (the clock is the real one: a
    // game left deciding is finished whatever the time).
    await finishInterruptedDecisions(registrationDeps(context));
    const [row] = await context.database.db.select({ state: eventTable.gameOnState }).from(eventTable).where(eq(eventTable.id, game.id));
    expect(row?.state).toBe("on");
    expect((await holdsOf(game.id)).map((hold) => hold.status)).toEqual(["captured", "captured"]);
    await reconciled();
  });

  /**
   * The capture jobs' retries, on an app of its own whose money queues retry after a second (10 s in
   * the app): the test waits for the retries, and the test above must see the decision finished at a
   * worker's start, not by a retry that came first.
   */
  describe("with the money queues retrying after a second", () => {
    let withAppRetries: { mode: PaymentMode; context: TestContext };
    beforeAll(async () => {
      withAppRetries = { mode, context };
      ({ mode, context } = await start({ moneyRetryDelaySeconds: 1 }));
    });
    afterAll(async () => {
      await context?.close();
      await mode?.close();
      ({ mode, context } = withAppRetries);
    });

    it("settles captures whose answers were lost by asking the processor, never twice", async () => {
      const game = await gameOnGame({ minPlayers: 2 });
      await joinHeld(game.id);
      await joinHeld(game.id);
      const after = new Date(game.startsAt.getTime() - 23 * HOUR);
      mode.loseAnswers(true);
      try {
        expect(await decideAt(game.id, after)).toBe("deciding");
      } finally {
        mode.loseAnswers(false);
      }
      // The capture jobs ask again with the same keys, and the one that learns the last outcome finishes
      // the decision: no further run of it is needed.
      await eventually(
        async () => ((await context.database.db.select().from(eventTable).where(and(eq(eventTable.id, game.id), eq(eventTable.gameOnState, "on")))).length > 0 ? true : undefined),
        "the capture jobs to finish the decision",
        45_000,
      );
      const holds = await settledHolds(game.id, ["captured"]);
      expect(holds).toHaveLength(2);
      const [row] = await context.database.db.select().from(eventTable).where(and(eq(eventTable.id, game.id), eq(eventTable.gameOnState, "on")));
      expect(row).toBeDefined();
      await reconciled();
    });
  });
});

/**
 * A capture the bank refuses (the simulated processor's capture fault; Stripe's test server has no
 * such card): the decision stands, that spot is released with nothing charged and its player told.
 */
describe("game on: a capture the bank refuses", () => {
  let context: TestContext;
  const faults: SimulatedFaults = {};
  const mode = simulatedMode(faults);
  beforeAll(async () => {
    context = await createTestContext(mode.env, { background: true, gateway: (db) => createSimulatedGateway(db, faults) });
  });
  afterAll(async () => {
    await context?.close();
  });

  it("releases that spot, charges nothing and tells its player", async () => {
    const game = await insertGame(context, { costCents: 1000, startsInHours: 30, gameOnMinPlayers: 1, gameOnDecideHours: 24, gameOnState: "open" });
    const player = await playerIn(context, mode);
    const response = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id, expectedPriceCents: 1000, consentToAutoCharge: true });
    faults.captureDeclineRate = 1;
    try {
      expect(await decideGame({ ...registrationDeps(context), now: () => new Date(game.startsAt.getTime() - 23 * HOUR) }, game.id)).toBe("on");
    } finally {
      faults.captureDeclineRate = 0;
    }
    expect((await context.database.db.select().from(cardHold).where(eq(cardHold.eventId, game.id)))[0]).toMatchObject({ status: "failed" });
    expect((await registrationsOf(context, game.id))[0]).toMatchObject({ status: "payment_failed" });
    expect((await ledgerOf(context, response.body.registration!.id)).filter((row) => row.status === "succeeded")).toEqual([]);
    await context.mail.waitFor(player.email, /Your spot was released/);
    const report = await reconcile(context.database.db, context.services.gateway, context.config.payments);
    expect(report.unexplainedCents).toBe(0);
  });
});
