import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARDS, insertGame, join, ledgerOf, playerWithCard, registrationDeps, registrationsOf } from "../../test/payments.ts";
import { createTestContext, type TestContext } from "../../test/test-app.ts";
import { event, payment } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { PRICE_NOW_FREE, priceChangedMessage, reserveJoin } from "./join-batch.ts";
import { withEventLock } from "./transaction.ts";

/**
 * A join is priced by the game's row under its lock (issue "Money told the same everywhere", item 4):
 * a join prepared before an edit of the price (its card checked, its consent given at the old price)
 * is refused when its turn of the lock comes, writing nothing and naming the new price; during a
 * burst, every join served after the edit is at the new price or refused, never at the old one.
 */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

const setPrice = (id: string, costCents: number) =>
  // As an edit does it: under the game's lock (edit-event.ts).
  withEventLock(context.database, id, (tx) => tx.db.update(event).set({ costCents }).where(eq(event.id, id)));

/** A join as join.ts hands it to the lock, prepared for `priceCents` (what the game cost when it was read). */
const prepared = (userId: string, priceCents: number, card: { id: string } | null, consentToAutoCharge = false) => ({
  userId,
  role: "player" as const,
  priceCents,
  guests: [],
  paymentMethodId: card?.id ?? null,
  cardLabel: card ? "Visa •••• 4242" : null,
  customerId: null,
  currency: "cad",
  consentToAutoCharge,
});
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe("a join priced under the game's lock", () => {
  it("refuses a join prepared for a free game that became paid: no free spot, nothing written", async () => {
    const game = await insertGame(context, { costCents: 0 });
    const pia = await playerWithCard(context, { firstName: "Pia" });
    await setPrice(game.id, 1000);
    const refused = await refusal(reserveJoin(registrationDeps(context), game.id, prepared(pia.userId, 0, null)));
    expect([refused.code, refused.message]).toEqual(["conflict", "The price of this game changed to $10.00. Please review it and try again."]);
    expect(await registrationsOf(context, game.id)).toEqual([]);
  });

  it("refuses a paid join prepared at $10.00 once the price is $5.00, and a paid waitlist place consented at the old price", async () => {
    const game = await insertGame(context, { costCents: 1000, maxPlayers: 1 });
    const ann = await playerWithCard(context, { firstName: "Ann" });
    const bea = await playerWithCard(context, { firstName: "Bea" });
    await setPrice(game.id, 500);
    expect((await refusal(reserveJoin(registrationDeps(context), game.id, prepared(ann.userId, 1000, ann.card)))).message).toBe(priceChangedMessage(500, "cad"));
    // Through the app the join reads $5.00 and is charged $5.00.
    const joined = await join(ann.client, game.id, { role: "player", paymentMethodId: ann.card.id });
    expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 500 });
    expect((await ledgerOf(context, joined.body.registration!.id)).map((row) => row.amountCents)).toEqual([500]);
    // Full now: a waitlist place consented at $5.00, and the price goes back to $10.00 before its turn.
    await setPrice(game.id, 1000);
    expect((await refusal(reserveJoin(registrationDeps(context), game.id, prepared(bea.userId, 500, bea.card, true)))).message).toBe(priceChangedMessage(1000, "cad"));
    const waiting = await join(bea.client, game.id, { role: "player", paymentMethodId: bea.card.id, consentToAutoCharge: true });
    expect(waiting.body.registration).toMatchObject({ status: "waitlisted", amountCents: 1000 });
  });

  it("names a game that became free", async () => {
    const game = await insertGame(context, { costCents: 1000 });
    const cy = await playerWithCard(context, { firstName: "Cy" });
    await setPrice(game.id, 0);
    expect((await refusal(reserveJoin(registrationDeps(context), game.id, prepared(cy.userId, 1000, cy.card)))).message).toBe(PRICE_NOW_FREE);
  });

  it("serves a burst of joins around an edit: every spot after the edit at the new price, none at the old one", async () => {
    const game = await insertGame(context, { costCents: 0, maxPlayers: 30 });
    const players = await Promise.all(Array.from({ length: 12 }, (_, index) => playerWithCard(context, { firstName: `Burst${index}`, card: CARDS.ok })));
    const joins = players.map((player) => join(player.client, game.id, { role: "player", paymentMethodId: player.card.id }));
    const edit = setPrice(game.id, 1000);
    const answers = await Promise.all(joins);
    await edit;

    for (const answer of answers) {
      if (answer.status === 201) continue;
      // A join prepared before the edit and served after it: refused with the new price, nothing kept.
      expect([answer.status, answer.body.error?.message]).toEqual([409, "The price of this game changed to $10.00. Please review it and try again."]);
    }
    // Spots are taken in the lock's order (position): free ones before the edit, paid ones after, each
    // paid one charged exactly the new price; never a free spot after a paid one.
    const held = (await registrationsOf(context, game.id)).sort((a, b) => a.position - b.position);
    const firstPaid = held.findIndex((reg) => reg.amountCents > 0);
    if (firstPaid >= 0) expect(held.slice(firstPaid).every((reg) => reg.amountCents === 1000)).toBe(true);
    const charges = await context.database.db.select().from(payment).where(eq(payment.eventId, game.id));
    expect(charges.every((row) => row.kind === "charge" && row.amountCents === 1000 && row.status === "succeeded")).toBe(true);
    expect(charges.length).toBe(held.filter((reg) => reg.amountCents > 0).length);
    expect(held.filter((reg) => reg.amountCents === 0).every((reg) => reg.status === "confirmed")).toBe(true);
    expect(held.length + answers.filter((answer) => answer.status === 409).length).toBe(12);
  });
});
