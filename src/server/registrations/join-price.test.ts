import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createEventSchemaFor } from "#shared/events.ts";
import { editFormOf, eventAs, insertGame as insertAnyGame, join, ledgerOf, playerWithCard, registrationDeps, registrationsOf } from "#test/payments.ts";
import { createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { payment } from "#server/db/schema.ts";
import { editEvent } from "./edit-event.ts";
import { IN_LOCK_PER_GAME, inGameQueue } from "#server/events/game-queue.ts";
import { hasJoinsWaiting, joinsWaiting, priceChangedMessage } from "./join-batch.ts";

/**
 * A join is priced under the game's lock (issue 30, item 4; docs/registrations-and-payments.md, "What
 * a join runs" and "Join"): the price comes from the game's row the join's turn locked, and a join
 * prepared for another price (read before the lock, or shown to the person: `expectedPriceCents`) is
 * refused, writing nothing and naming the new price; a game that became free is taken free. Real
 * concurrency only, through the app, on the real database (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL): the game's lock held by another transaction while the joins wait for it, or an
 * edit waiting in the game's line ahead of a burst of joins.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Each test signs up its players (a mail round trip each) on a machine the databases share: room for a slow run.
const CHANGED_TO_10 = "The price of this game changed to $10.00. Please review it and try again.";

type Game = Awaited<ReturnType<typeof insertAnyGame>>;
type Answer = Awaited<ReturnType<typeof join>>;

/** A game starting on a whole minute, as the edit form can say it (edit-event.test.ts). */
function insertGame(options: Parameters<typeof insertAnyGame>[1] = {}) {
  const startsAt = new Date(Math.floor((Date.now() + 72 * 3_600_000) / 60_000) * 60_000);
  return insertAnyGame(context, { startsAt, ...options });
}

/** The edit form for `game` as the PATCH route reads it, unchanged unless told. */
const editOf = (game: Game, overrides: Record<string, unknown>) => createEventSchemaFor(context.config.payments.currency).parse(editFormOf(game, overrides));

/**
 * Another transaction takes the game's lock (SELECT … FOR UPDATE on its row, on a connection of its
 * own) and later commits a new price in it. On PostgreSQL the joins fired meanwhile read the game
 * before the lock (a plain read does not wait for a row lock) and then wait for it: `joinsWait` waits
 * until they all do. On PGlite a transaction held open makes every other connection wait for it,
 * their reads before the lock included: the joins then read the game after the commit.
 */
async function lockTheGame(gameId: string) {
  const holder = await context.database.pool.connect();
  await holder.query("begin");
  await holder.query("select id from event where id = $1 for update", [gameId]);
  return {
    async joinsWait(count: number) {
      if (!onPostgres) return;
      await vi.waitFor(
        async () => {
          expect(joinsWaiting(gameId)).toBe(count);
          const { rows } = await context.database.pool.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for update%'",
          );
          expect(rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 25 },
      );
    },
    async commitPrice(costCents: number) {
      try {
        await holder.query("update event set cost_cents = $2, version = version + 1 where id = $1", [gameId, costCents]);
        await holder.query("commit");
      } finally {
        holder.release();
      }
    },
  };
}

/**
 * The game's places at its lock in this process taken (events/game-queue.ts), as by two of its transactions
 * ahead: what arrives for the game meanwhile waits in its line, in arrival order, after its reads
 * before the lock. (A transaction held open could not stand for them on PGlite, where it would stop
 * the joins' reads too.) Each release hands its place to the next in the line.
 */
function takeTheGameLine(gameId: string): (() => Promise<void>)[] {
  return Array.from({ length: IN_LOCK_PER_GAME }, () => {
    let release!: () => void;
    const held = inGameQueue(gameId, () => new Promise<void>((resolve) => (release = resolve)));
    return async () => {
      release();
      await held;
    };
  });
}

/**
 * An admin's edit to `overrides` waits first in the game's line, a burst of `joins` arrives behind it
 * (each read the game before the edit) and lines up for the lock; the edit commits, then the joins'
 * turns lock the edited row.
 */
async function burstBehindAnEdit(game: Game, overrides: Record<string, unknown>, joins: (() => Promise<Answer>)[]): Promise<Answer[]> {
  const [first, second] = takeTheGameLine(game.id);
  const edited = editEvent(registrationDeps(context), { eventId: game.id, input: editOf(game, overrides) });
  const answers = Promise.all(joins.map((start) => start()));
  await vi.waitFor(() => expect(joinsWaiting(game.id)).toBe(joins.length), { timeout: 30_000, interval: 25 });
  await first!();
  expect((await edited).changes.length).toBeGreaterThan(0);
  await second!();
  const answered = await answers;
  await vi.waitFor(() => expect(hasJoinsWaiting(game.id)).toBe(false));
  return answered;
}

const chargesAtProcessor = async (eventId: string) =>
  (await context.database.pool.query<{ amount_cents: number }>("select amount_cents from sim_charge where event_id = $1", [eventId])).rows.map((row) => row.amount_cents);
const ledgerOfGame = (eventId: string) => context.database.db.select().from(payment).where(eq(payment.eventId, eventId));
const refusalOf = (answer: Answer) => [answer.status, answer.body.error?.code, answer.body.error?.message];

describe("a price committed while a join waits for the game's lock", { timeout: 90_000 }, () => {
  it("free → $10.00: the free join is refused with the new price, no free spot; the page shows $10.00 and a join with a card goes through at it", async () => {
    const game = await insertGame({ costCents: 0 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    const lock = await lockTheGame(game.id);
    const joining = join(pia.client, game.id, { role: "player", expectedPriceCents: 0 });
    await lock.joinsWait(1);
    await lock.commitPrice(1000);

    expect(refusalOf(await joining)).toEqual([409, "conflict", CHANGED_TO_10]);
    expect(await registrationsOf(context, game.id)).toEqual([]);
    expect((await eventAs(pia.client, game.id)).costCents).toBe(1000);
    const again = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, expectedPriceCents: 1000 });
    expect(again.body.registration).toMatchObject({ status: "confirmed", amountCents: 1000 });
    expect(await chargesAtProcessor(game.id)).toEqual([1000]);
  });

  it("$10.00 → $5.00: nothing is charged at $10.00; shown $5.00, the join is charged $5.00", async () => {
    const game = await insertGame({ costCents: 1000 });
    const ann = await playerWithCard(context, { firstName: "Ann" });
    const lock = await lockTheGame(game.id);
    const joining = join(ann.client, game.id, { role: "player", paymentMethodId: ann.card.id, expectedPriceCents: 1000 });
    await lock.joinsWait(1);
    await lock.commitPrice(500);

    expect(refusalOf(await joining)).toEqual([409, "conflict", "The price of this game changed to $5.00. Please review it and try again."]);
    expect(await registrationsOf(context, game.id)).toEqual([]);
    expect(await ledgerOfGame(game.id)).toEqual([]);
    expect(await chargesAtProcessor(game.id)).toEqual([]);

    const again = await join(ann.client, game.id, { role: "player", paymentMethodId: ann.card.id, expectedPriceCents: 500 });
    expect(again.body.registration).toMatchObject({ status: "confirmed", amountCents: 500 });
    expect((await ledgerOf(context, again.body.registration!.id)).map((row) => [row.kind, row.status, row.amountCents])).toEqual([["charge", "succeeded", 500]]);
    expect(await chargesAtProcessor(game.id)).toEqual([500]);
  });

  it("a paid waitlist place consents to the price under the lock: consented at $10.00, refused at $15.00; consented again, it waits for $15.00", async () => {
    const game = await insertGame({ costCents: 1000, maxPlayers: 1 });
    const [hal, bea] = await Promise.all([playerWithCard(context, { firstName: "Hal" }), playerWithCard(context, { firstName: "Bea" })]);
    expect((await join(hal.client, game.id, { role: "player", paymentMethodId: hal.card.id, expectedPriceCents: 1000 })).body.registration?.status).toBe("confirmed");
    const lock = await lockTheGame(game.id);
    const joining = join(bea.client, game.id, { role: "player", paymentMethodId: bea.card.id, consentToAutoCharge: true, expectedPriceCents: 1000 });
    await lock.joinsWait(1);
    await lock.commitPrice(1500);

    expect(refusalOf(await joining)).toEqual([409, "conflict", priceChangedMessage(1500, "cad")]);
    expect(await registrationsOf(context, game.id, bea.userId)).toEqual([]);
    const again = await join(bea.client, game.id, { role: "player", paymentMethodId: bea.card.id, consentToAutoCharge: true, expectedPriceCents: 1500 });
    expect(again.body.registration).toMatchObject({ status: "waitlisted", amountCents: 1500 });
    expect((await registrationsOf(context, game.id, bea.userId))[0]).toMatchObject({ status: "waitlisted", amountCents: 1500, consentToAutoCharge: true });
    expect(await chargesAtProcessor(game.id)).toEqual([1000]);
  });

  it("$10.00 → free: the paid joins waiting take the spot and the waitlist place free, with no charge and no consent", async () => {
    const game = await insertGame({ costCents: 1000, maxPlayers: 2 });
    const [hal, ann, bea] = await Promise.all(["Hal", "Ann", "Bea"].map((firstName) => playerWithCard(context, { firstName })));
    expect((await join(hal!.client, game.id, { role: "player", paymentMethodId: hal!.card.id, expectedPriceCents: 1000 })).body.registration?.status).toBe("confirmed");
    const lock = await lockTheGame(game.id);
    const joining = [ann!, bea!].map((person) =>
      join(person.client, game.id, { role: "player", paymentMethodId: person.card.id, consentToAutoCharge: true, expectedPriceCents: 1000 }),
    );
    await lock.joinsWait(2);
    await lock.commitPrice(0);

    const answers = await Promise.all(joining);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.body.registration?.status).sort()).toEqual(["confirmed", "waitlisted"]);
    const theirs = (await registrationsOf(context, game.id)).filter((row) => row.userId !== hal!.userId);
    expect(theirs.map(({ amountCents, consentToAutoCharge, paymentMethodId }) => ({ amountCents, consentToAutoCharge, paymentMethodId }))).toEqual([
      { amountCents: 0, consentToAutoCharge: false, paymentMethodId: null },
      { amountCents: 0, consentToAutoCharge: false, paymentMethodId: null },
    ]);
    // Only Hal's spot, paid before the edit, was ever charged.
    expect((await ledgerOfGame(game.id)).map((row) => row.amountCents)).toEqual([1000]);
    expect(await chargesAtProcessor(game.id)).toEqual([1000]);
  });
});

describe("a burst of joins queued behind an edit of the price", { timeout: 90_000 }, () => {
  it("free → $10.00: every join prepared for the free game is refused with the new price (whether or not it said what it was shown), and none holds a free spot", async () => {
    const game = await insertGame({ costCents: 0, maxPlayers: 5 });
    const crowd = await Promise.all(Array.from({ length: 12 }, (_, index) => signUpVerified(context, { firstName: `Free${index}` })));
    const answers = await burstBehindAnEdit(
      game,
      { cost: "10.00" },
      // Half say the price they were shown, as the web app does; half say nothing, as an older client.
      crowd.map((person, index) => () => join(person.client, game.id, { role: "player", ...(index % 2 === 0 ? { expectedPriceCents: 0 } : {}) })),
    );
    expect(answers.map(refusalOf)).toEqual(Array.from({ length: 12 }, () => [409, "conflict", CHANGED_TO_10]));
    expect(await registrationsOf(context, game.id)).toEqual([]);
    expect(await ledgerOfGame(game.id)).toEqual([]);
  });

  it("$10.00 → $12.00: singles and parties prepared at $10.00 are all refused, nothing charged; a party shown $12.00 pays 3 × $12.00", async () => {
    const game = await insertGame({ costCents: 1000, maxPlayers: 20, maxGuestsPerPlayer: 2 });
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, index) => playerWithCard(context, { firstName: `Party${index}` })));
    const guests = [{ firstName: "Sam" }, { firstName: "Alex", lastName: "Stone" }];
    const answers = await burstBehindAnEdit(
      game,
      { cost: "12.00" },
      crowd.map((person, index) => () =>
        join(person.client, game.id, {
          role: "player",
          paymentMethodId: person.card.id,
          ...(index % 2 === 0 ? { guests } : {}),
          ...(index % 4 < 2 ? { expectedPriceCents: 1000 } : {}),
        }),
      ),
    );
    const changedTo12 = "The price of this game changed to $12.00. Please review it and try again.";
    expect(answers.map(refusalOf)).toEqual(Array.from({ length: 8 }, () => [409, "conflict", changedTo12]));
    expect(await registrationsOf(context, game.id)).toEqual([]);
    expect(await chargesAtProcessor(game.id)).toEqual([]);

    // A page still showing $10.00 is refused before the lock; one showing $12.00 pays the party's price.
    const party = crowd[0]!;
    expect(refusalOf(await join(party.client, game.id, { role: "player", paymentMethodId: party.card.id, guests, expectedPriceCents: 1000 }))).toEqual([409, "conflict", changedTo12]);
    const paid = await join(party.client, game.id, { role: "player", paymentMethodId: party.card.id, guests, expectedPriceCents: 1200 });
    expect(paid.body.registration).toMatchObject({ status: "confirmed", amountCents: 3600 });
    expect(await chargesAtProcessor(game.id)).toEqual([3600]);
  });

  it("$10.00 → free: the paid joins behind the edit take their spots and waitlist places free, and nobody is charged", async () => {
    const game = await insertGame({ costCents: 1000, maxPlayers: 3 });
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, index) => playerWithCard(context, { firstName: `Now${index}` })));
    const answers = await burstBehindAnEdit(
      game,
      { cost: "0.00" },
      crowd.map((person, index) => () =>
        join(person.client, game.id, { role: "player", paymentMethodId: person.card.id, consentToAutoCharge: true, ...(index % 2 === 0 ? { expectedPriceCents: 1000 } : {}) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 201));
    const rows = await registrationsOf(context, game.id);
    expect(rows.map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed", "waitlisted", "waitlisted", "waitlisted", "waitlisted", "waitlisted"]);
    expect(rows.every((row) => row.amountCents === 0 && !row.consentToAutoCharge && row.paymentMethodId === null)).toBe(true);
    expect(await ledgerOfGame(game.id)).toEqual([]);
    expect(await chargesAtProcessor(game.id)).toEqual([]);
  });
});

describe("the price shown, checked before the lock", () => {
  let player: Awaited<ReturnType<typeof playerWithCard>>;
  beforeAll(async () => {
    player = await playerWithCard(context, { firstName: "Shown" });
  });
  const joinShown = (client: TestClient, eventId: string, expectedPriceCents: unknown) =>
    join(client, eventId, { role: "player", paymentMethodId: player.card.id, expectedPriceCents });

  it("refuses a page that showed another price, in the reader's language, and takes a game that became free free", async () => {
    const game = await insertGame({ costCents: 1200 });
    expect(refusalOf(await joinShown(player.client, game.id, 1000))).toEqual([409, "conflict", "The price of this game changed to $12.00. Please review it and try again."]);
    player.client.cookies.set("kickoff_lang", "fr");
    try {
      const french = await joinShown(player.client, game.id, 1000);
      // The amount written the French way (errors.registration.priceChanged, its price formatted in the request's language).
      expect(french.body.error?.message).toBe("Le prix de cette partie est passé à 12,00 $. Vérifiez-le et réessayez.");
    } finally {
      player.client.cookies.delete("kickoff_lang");
    }
    expect(await registrationsOf(context, game.id)).toEqual([]);

    const free = await insertGame({ costCents: 0 });
    const taken = await joinShown(player.client, free.id, 1000);
    expect(taken.body.registration).toMatchObject({ status: "confirmed", amountCents: 0 });
    expect(await ledgerOfGame(free.id)).toEqual([]);
  });

  it("refuses a shown price that is not a whole number of cents (400), and never charges what the client says", async () => {
    const game = await insertGame({ costCents: 1000 });
    for (const shown of [-1, 10.5, "1000"]) expect((await joinShown(player.client, game.id, shown)).status).toBe(400);
    const paid = await join(player.client, game.id, { role: "player", paymentMethodId: player.card.id, expectedPriceCents: 1000, amountCents: 1 });
    expect(paid.body.registration).toMatchObject({ status: "confirmed", amountCents: 1000 });
    expect(await chargesAtProcessor(game.id)).toEqual([1000]);
  });
});
