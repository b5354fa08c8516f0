import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONSENT_REQUIRED } from "#shared/registrations.ts";
import { insertGame, join, ledgerOf, playerWithCard, registrationDeps, registrationsOf } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import type { SessionUser } from "#server/auth/session.ts";
import { accountDeletion, event } from "#server/db/schema.ts";
import { insertUser } from "#test/seed-events.ts";
import { AppError } from "#server/http/errors.ts";
import { REGISTRATION_MAIL_QUEUE } from "./jobs.ts";
import { isGameInQueue } from "#server/events/game-queue.ts";
import { ACCOUNT_BEING_DELETED, ALREADY_REGISTERED, joinEvent } from "./join.ts";
import { hasJoinsWaiting, type JoinReservation, MAX_JOINS_PER_TURN, reserveJoin } from "./join-batch.ts";
import { chargeKey } from "#server/money/ledger.ts";
import { english } from "#test/shared-english.ts";

/**
 * The join's one reserving statement (reserve-spot.ts) under real concurrency: many joins on one game
 * at once, on the real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL). Every rule it
 * folds into one statement is checked here: the capacity, the duplicates, the other role's waitlist, the
 * consent, the account deletion, the ledger row, the mail jobs and the game's version.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
});
afterAll(async () => {
  await context.close();
});

const deps = () => registrationDeps(context);

async function people(count: number, firstName: string): Promise<SessionUser[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const row = await insertUser(context.database.db, { firstName: `${firstName}${index}` });
      return { ...row, isAdmin: false } as SessionUser;
    }),
  );
}

/** Each join's answer: its registration's status, or the refusal's message. */
async function joinAll(users: SessionUser[], eventId: string, role: "player" | "goalkeeper", extra: { consentToAutoCharge?: boolean } = {}) {
  return Promise.all(
    users.map(async (user) => {
      try {
        return (await joinEvent(deps(), { user, eventId, input: { role, ...extra } })).body.registration!;
      } catch (error) {
        if (error instanceof AppError) return { refused: error.message };
        throw error;
      }
    }),
  );
}

const versionOf = async (eventId: string) => (await context.database.db.select({ version: event.version }).from(event).where(eq(event.id, eventId)))[0]!.version;

async function mailJobsFor(registrationIds: string[]) {
  const { rows } = await context.database.pool.query<{ kind: string; registration_id: string }>(
    `select data->>'kind' as kind, data->>'registrationId' as registration_id from pgboss.job
      where name = $1 and data->>'registrationId' = any($2::text[])`,
    [REGISTRATION_MAIL_QUEUE, registrationIds],
  );
  return rows;
}

describe("39 joins at once on a free game of 4 players + 1 goalkeeper", () => {
  it("gives 4 spots in arrival order, waitlists the rest, closes the other role's waitlist of those who got in, and announces each insert once", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 4, includeGoalkeepers: true, maxGoalkeepers: 1 });
    // 8 goalkeepers first, one by one: one gets the spot, 7 wait.
    const keepers = await people(8, "Keeper");
    for (const keeper of keepers) await joinAll([keeper], game.id, "goalkeeper");
    const before = await versionOf(game.id);

    // A waiting goalkeeper who takes a player spot leaves the goalkeepers' waitlist in the same statement.
    const [alone] = await joinAll([keepers[1]!], game.id, "player");
    expect(alone).toMatchObject({ status: "confirmed" });
    expect((await registrationsOf(context, game.id, keepers[1]!.id)).find((row) => row.role === "goalkeeper")).toMatchObject({
      status: "cancelled",
      closedReason: "promoted_other_role",
    });

    // The other 7 keepers (one of them holding the goalkeeper spot) and 32 newcomers press "Join as player" at once.
    const crowd = [keepers[0]!, ...keepers.slice(2), ...(await people(32, "Player"))];
    const answers = await joinAll(crowd, game.id, "player");

    expect(answers[0]).toEqual({ refused: ALREADY_REGISTERED });
    const joined = answers.slice(1) as { id: string; status: string }[];
    expect(joined.every((answer) => "status" in answer)).toBe(true);
    expect(joined.filter((answer) => answer.status === "confirmed")).toHaveLength(3);
    expect(joined.filter((answer) => answer.status === "waitlisted")).toHaveLength(35);

    const rows = await registrationsOf(context, game.id);
    const players = rows.filter((row) => row.role === "player");
    expect(players).toHaveLength(39);
    // Positions are arrival order under the lock: the 4 spots went to the first 4 in.
    expect(players.slice(0, 4).map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed", "confirmed"]);
    expect(players.slice(4).every((row) => row.status === "waitlisted" && row.waitlistedAt !== null && !row.consentToAutoCharge)).toBe(true);

    // Of the crowd's waiting goalkeepers, those who got a player spot left the goalkeepers' waitlist; the others still wait there.
    const goalkeepers = rows.filter((row) => row.role === "goalkeeper");
    for (const keeper of keepers.slice(2)) {
      const asPlayer = players.find((row) => row.userId === keeper.id)!;
      const asKeeper = goalkeepers.find((row) => row.userId === keeper.id)!;
      if (asPlayer.status === "confirmed") expect(asKeeper).toMatchObject({ status: "cancelled", closedReason: "promoted_other_role" });
      else expect(asKeeper.status).toBe("waitlisted");
    }
    expect(goalkeepers.find((row) => row.userId === keepers[0]!.id)!.status).toBe("confirmed");

    // At least one version for the join alone and one for the crowd, at most one per registration
    // inserted (one per turn of the lock that inserted, join-batch.ts); one mail job per join.
    const after = await versionOf(game.id);
    expect(after - before).toBeGreaterThanOrEqual(2);
    expect(after - before).toBeLessThanOrEqual(39);
    const inserted = [alone as { id: string; status: string }, ...joined];
    const jobs = await mailJobsFor(inserted.map((answer) => answer.id));
    expect(jobs).toHaveLength(39);
    for (const answer of inserted) {
      expect(jobs.find((job) => job.registration_id === answer.id)?.kind).toBe(answer.status === "confirmed" ? "joined" : "waitlisted");
    }
    // Nothing is left waiting in this process's lines for the game. The second turn of the lock may
    // still be finishing with no joins left to take (it waited for the lock while the first took
    // them all), so the lines are given a moment to drain; one that never drains fails here.
    await vi.waitFor(() => {
      expect(isGameInQueue(game.id)).toBe(false);
      expect(hasJoinsWaiting(game.id)).toBe(false);
    });

    // Everyone again at once: all refused, nothing written, nothing announced.
    const again = await joinAll(crowd, game.id, "player");
    expect(again.every((answer) => "refused" in answer)).toBe(true);
    expect(again.slice(1).filter((answer) => (answer as { refused: string }).refused === ALREADY_REGISTERED)).toHaveLength(3);
    expect(await versionOf(game.id)).toBe(after);
    expect(await registrationsOf(context, game.id)).toHaveLength(rows.length);
  });
});

/** A free player join as joinEvent hands it to the lock. */
const freeJoin = (user: SessionUser): JoinReservation => ({
  userId: user.id,
  role: "player",
  priceCents: 0,
  guests: [],
  paymentMethodId: null,
  cardLabel: null,
  customerId: null,
  currency: "CAD",
  consentToAutoCharge: false,
});

describe("joins sharing turns of the lock (join-batch.ts)", () => {
  it("reserves the joins that waited together in one turn each, in arrival order, with one version and one mail insert per turn", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 3 });
    const before = await versionOf(game.id);
    const crowd = await people(MAX_JOINS_PER_TURN + 10, "Turn");
    // All in the same tick: two turns start, and the first to get the lock takes 50, the other the rest.
    const answers = await Promise.all(crowd.map((user) => reserveJoin(deps(), game.id, freeJoin(user))));

    expect(answers.map((answer) => answer.reg.status)).toEqual([...Array(3).fill("confirmed"), ...Array(crowd.length - 3).fill("waitlisted")]);
    const players = (await registrationsOf(context, game.id)).filter((row) => row.role === "player");
    expect(players.map((row) => row.userId)).toEqual(crowd.map((user) => user.id));
    // Two turns of the lock that inserted: two versions, not 60.
    expect(await versionOf(game.id)).toBe(before + 2);
    expect(await mailJobsFor(answers.map((answer) => answer.reg.id))).toHaveLength(crowd.length);
    await vi.waitFor(() => expect(hasJoinsWaiting(game.id)).toBe(false));
  });

  it("answers each join of a turn on its own: a refusal is the refused one's, and a fault in one fails none of the others", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 2 });
    const [first, second, ...crowd] = await people(12, "Fault");
    await reserveJoin(deps(), game.id, freeJoin(first!));
    const results = await Promise.allSettled([
      reserveJoin(deps(), game.id, freeJoin(second!)),
      reserveJoin(deps(), game.id, freeJoin(crowd[0]!)),
      // One turn takes them all, in this order: a duplicate, a join the database rejects, and more.
      reserveJoin(deps(), game.id, freeJoin(first!)),
      reserveJoin(deps(), game.id, { ...freeJoin(crowd[1]!), role: "striker" as "player" }),
      ...crowd.slice(2).map((user) => reserveJoin(deps(), game.id, freeJoin(user))),
    ]);
    const statuses = results.map((result) => (result.status === "fulfilled" ? result.value.reg.status : result.reason instanceof AppError ? result.reason.message : "fault"));
    expect(statuses).toEqual(["confirmed", "waitlisted", ALREADY_REGISTERED, "fault", ...Array(8).fill("waitlisted")]);
    const rows = (await registrationsOf(context, game.id)).filter((row) => row.role === "player");
    expect(rows.map((row) => row.userId)).toEqual([first!.id, second!.id, crowd[0]!.id, ...crowd.slice(2).map((user) => user.id)]);
    await vi.waitFor(() => expect(hasJoinsWaiting(game.id)).toBe(false));
  });
});

describe("24 joins at once on a paid game of 3 players", () => {
  it("holds 3 spots with one ledger charge each, waitlists only those who consented, and charges nobody else", async () => {
    const game = await insertGame(context, { costCents: 1500, maxPlayers: 3 });
    const crowd = await Promise.all(Array.from({ length: 24 }, (_, index) => playerWithCard(context, { firstName: `Paid${index}` })));
    const answers = await Promise.all(
      crowd.map((player, index) => join(player.client, game.id, { role: "player", paymentMethodId: player.card.id, consentToAutoCharge: index % 2 === 0 })),
    );

    const confirmed = answers.filter((answer) => answer.status === 201 && answer.body.registration?.status === "confirmed");
    const waitlisted = answers.filter((answer) => answer.status === 201 && answer.body.registration?.status === "waitlisted");
    const refused = answers.filter((answer) => answer.status === 422);
    expect(confirmed).toHaveLength(3);
    expect(waitlisted.length + refused.length).toBe(21);
    expect(refused.every((answer) => answer.body.error?.message === english(CONSENT_REQUIRED))).toBe(true);
    // Only those who did not consent can be refused, and only once the game was full.
    for (const [index, answer] of answers.entries()) if (answer.status === 422) expect(index % 2).toBe(1);

    const rows = await registrationsOf(context, game.id);
    expect(rows.filter((row) => row.status === "confirmed")).toHaveLength(3);
    expect(rows.filter((row) => row.status === "waitlisted").every((row) => row.consentToAutoCharge && row.amountCents === 1500)).toBe(true);
    for (const row of rows) {
      const ledger = await ledgerOf(context, row.id);
      const owner = crowd.find((player) => player.userId === row.userId)!;
      if (row.status === "confirmed") {
        expect(ledger).toHaveLength(1);
        expect(ledger[0]).toMatchObject({ kind: "charge", status: "succeeded", amountCents: 1500, idempotencyKey: chargeKey(row.id), paymentMethodId: owner.card.id });
        expect(ledger[0]!.customerId).toBeTruthy();
        expect(row.cardLabel).toContain(owner.card.last4);
      } else expect(ledger).toEqual([]);
    }
  });
});

describe("a join while the account is being deleted", () => {
  it("is refused under the lock, writing and announcing nothing", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 4 });
    const [leaving, staying] = await people(2, "Leaving");
    await context.database.db.insert(accountDeletion).values({ userId: leaving!.id });
    const before = await versionOf(game.id);
    const answers = await joinAll([leaving!, staying!], game.id, "player");
    expect(answers[0]).toEqual({ refused: ACCOUNT_BEING_DELETED });
    expect(answers[1]).toMatchObject({ status: "confirmed" });
    expect(await versionOf(game.id)).toBe(before + 1);
    const rows = await registrationsOf(context, game.id);
    expect(rows.map((row) => row.userId)).toEqual([staying!.id]);
    await context.database.db.delete(accountDeletion).where(inArray(accountDeletion.userId, [leaving!.id]));
  });
});
