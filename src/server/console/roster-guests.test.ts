import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleOverview, GameRoster } from "#shared/console.ts";
import { addDays } from "#shared/console-period.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { parseCsv } from "#test/csv.ts";
import { eventAs, insertGame, join, ledgerOf, playerWithCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { executeRefund } from "#server/money/execute-refund.ts";

/**
 * The console where +1 guests meet refunds (issue "Money told the same everywhere", items 1–3): a
 * party with two refund rows never answers 500; the roster and its CSV have one line per person,
 * guests named with their player, and count them as the game's page does; a removed guest's refund
 * is a player cancel in the overview, then and after the party's registration closes. Every cent is
 * worked out by hand: $10.00 a head, fee 2.9% + 30¢ (59¢ on $10.00, $1.17 on $30.00, 88¢ on $20.00).
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
});

const deps = (): RegistrationDeps => ({ database: context.database, gateway: context.services.gateway, config: context.config });
const removeGuest = (client: TestClient, eventId: string, guestId: string) => client.json<{ refundCents: number }>("DELETE", `/api/events/${eventId}/registrations/me/guests/${guestId}`);
const settleRefunds = async (registrationId: string) => {
  for (const row of await ledgerOf(context, registrationId)) if (row.kind === "refund" && row.status === "pending") await executeRefund(deps(), row.id);
};
const roster = async (eventId: string) => {
  const response = await admin.json<GameRoster>("GET", `/api/admin/events/${eventId}/roster`);
  expect(response.status).toBe(200);
  return response.body;
};
const overviewOfToday = async () => {
  const today = dateInZone(new Date(), "America/Toronto");
  const response = await admin.json<ConsoleOverview>("GET", `/api/admin/overview?tz=America/Toronto&from=${today}&to=${addDays(today, 10)}`);
  expect(response.status).toBe(200);
  return response.body;
};

describe("the roster and the overview with guests", () => {
  let game: { id: string };
  let pia: Awaited<ReturnType<typeof playerWithCard>>;
  let piaRegistration: string;
  let guestIds: string[];

  beforeAll(async () => {
    // Ten spots, two guests a player. Pia brings Sam and Alex ($30.00); Kim brings Lou ($20.00) and stays.
    game = await insertGame(context, { title: "Guests' night", maxPlayers: 5, maxGuestsPerPlayer: 2 });
    pia = await playerWithCard(context, { firstName: "Pia" });
    const kim = await playerWithCard(context, { firstName: "Kim" });
    const joined = await join(pia.client, game.id, { role: "player", paymentMethodId: pia.card.id, guests: [{ firstName: "Sam" }, { firstName: "Alex" }] });
    expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 3000 });
    piaRegistration = joined.body.registration!.id;
    expect((await join(kim.client, game.id, { role: "player", paymentMethodId: kim.card.id, guests: [{ firstName: "Lou" }] })).body.registration?.status).toBe("confirmed");
    // The game is full (5 of 5): Rae's party of three waits at place 1.
    const rae = await playerWithCard(context, { firstName: "Rae" });
    const waiting = await join(rae.client, game.id, { role: "player", paymentMethodId: rae.card.id, consentToAutoCharge: true, guests: [{ firstName: "Bo" }, { firstName: "Cy" }] });
    expect(waiting.body.registration?.status).toBe("waitlisted");
    guestIds = (await eventAs(pia.client, game.id)).mine[0]!.guests!.map((guest) => guest.id);
  });

  it("lists one line per person, guests with their player, and counts them as capacity does", async () => {
    const { roster: lines, held, waitlists, totals } = await roster(game.id);
    expect(lines.map((line) => [line.name, line.guest?.of ?? null, line.partySize, line.paidCents, line.feeCents])).toEqual([
      ["Pia Player", null, 3, 1000, 117],
      ["Sam", "Pia Player", 3, 1000, 0],
      ["Alex", "Pia Player", 3, 1000, 0],
      ["Kim Player", null, 2, 1000, 88],
      ["Lou", "Kim Player", 2, 1000, 0],
    ]);
    expect(held).toEqual({ players: 5, goalkeepers: 0 });
    // A waiting party of three: three lines at one place.
    expect(waitlists.player.map((line) => [line.name, line.place, line.partySize])).toEqual([
      ["Rae Player", 1, 3],
      ["Bo", 1, 3],
      ["Cy", 1, 3],
    ]);
    expect(totals).toEqual({ paidCents: 5000, feeCents: 205, refundCents: 0, netCents: 4795 });
  });

  it("answers a party with two guests removed and then its cancel, its CSV too, and files each refund as the player's own", async () => {
    // Sam and Alex leave ($9.41 each back), then Pia cancels: her $10.00 less the fee, $9.41.
    expect((await removeGuest(pia.client, game.id, guestIds[0]!)).body.refundCents).toBe(941);
    expect((await removeGuest(pia.client, game.id, guestIds[1]!)).body.refundCents).toBe(941);
    let overview = await overviewOfToday();
    expect(overview.money.refunds).toMatchObject({ pendingCents: 1882, otherCents: 0 });
    await settleRefunds(piaRegistration);
    overview = await overviewOfToday();
    expect(overview.money.refunds).toMatchObject({ playerCancelsCents: 1882, adminCancelsCents: 0, otherCents: 0, pendingCents: 0 });

    expect((await pia.client.json<{ refundCents: number }>("DELETE", `/api/events/${game.id}/registrations/me`)).body.refundCents).toBe(941);
    await settleRefunds(piaRegistration);

    const after = await roster(game.id);
    const piaLines = after.roster.filter((line) => line.registrationId === piaRegistration);
    expect(piaLines.map((line) => [line.name, line.guest?.removed ?? null, line.status, line.paidCents, line.feeCents, line.refundCents, line.refundStatus])).toEqual([
      ["Pia Player", null, "refunded", 1000, 117, 941, "succeeded"],
      ["Sam", true, "refunded", 1000, 0, 941, "succeeded"],
      ["Alex", true, "refunded", 1000, 0, 941, "succeeded"],
    ]);
    // The party's lines add up to its ledger: $30.00 in, $1.17 fee, $28.23 back.
    expect(after.totals).toEqual({ paidCents: 5000, feeCents: 205, refundCents: 2823, netCents: 1972 });
    // Rae's party of three now fits the three spots freed, and is counted whole.
    expect(after.held.players).toBe(5);

    const csv = await admin.request("GET", `/api/admin/events/${game.id}/roster.csv`);
    expect(csv.status).toBe(200);
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(expect.arrayContaining(["Name", "Party size", "Paid", "Refund"]));
    const name = rows[0]!.indexOf("Name");
    const refund = rows[0]!.indexOf("Refund");
    expect(rows.filter((row) => row[0] === "Roster").map((row) => [row[name], row[refund]])).toEqual(
      expect.arrayContaining([
        ["Pia Player", "9.41"],
        ["Sam (guest of Pia Player)", "9.41"],
        ["Alex (guest of Pia Player)", "9.41"],
        ["Lou (guest of Kim Player)", "0.00"],
      ]),
    );

    // The guests' refunds stay player cancels when the game is later cancelled by the admin.
    expect((await admin.json("POST", `/api/events/${game.id}/cancel`, {})).status).toBe(200);
    overview = await overviewOfToday();
    expect(overview.money.refunds).toMatchObject({ playerCancelsCents: 2823, otherCents: 0 });
  });
});
