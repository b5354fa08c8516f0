import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleOverview, GameRoster } from "#shared/console.ts";
import { addDays, resolvePeriod } from "#shared/console-period.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { CARDS, insertGame, join, ledgerOf, playerWithCard } from "#test/payments.ts";
import { parseCsv } from "#test/csv.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { payment, simPaymentMethod } from "#server/db/schema.ts";
import type { RegistrationDeps } from "#server/registrations/deps.ts";
import { executeRefund } from "#server/money/execute-refund.ts";
import { runPromotion } from "#server/registrations/run-promotion.ts";
import { getOverview } from "./get-overview.ts";

/**
 * The console's figures against a scenario worked out by hand: paid joins, a decline, a waitlist
 * promotion, a player cancel, an admin cancel with a refund the processor refused and a retry that
 * went through. Every cent is asserted; the CSVs parse back to the same rows. Jobs run by hand.
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
const refundOf = async (registrationId: string) => (await ledgerOf(context, registrationId)).find((row) => row.kind === "refund")!;

describe("the organiser's console", () => {
  let gameA: { id: string };
  let gameB: { id: string };

  beforeAll(async () => {
    // Game A: $10.00, 2 players. Two pay, one is declined, one waits and is promoted when the first leaves.
    gameA = await insertGame(context, { title: "Tuesday 7-a-side", maxPlayers: 2 });
    const leaver = await playerWithCard(context, { firstName: "Léa" });
    const declined = await playerWithCard(context, { firstName: "Dee", card: CARDS.declined });
    const stayer = await playerWithCard(context, { firstName: "=cmd|calc" });
    const waiter = await playerWithCard(context, { firstName: "Wes" });
    const left = await join(leaver.client, gameA.id, { role: "player", paymentMethodId: leaver.card.id });
    expect((await join(declined.client, gameA.id, { role: "player", paymentMethodId: declined.card.id })).status).toBe(402);
    expect((await join(stayer.client, gameA.id, { role: "player", paymentMethodId: stayer.card.id })).status).toBe(201);
    const waiting = await join(waiter.client, gameA.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    expect(waiting.body.registration?.status).toBe("waitlisted");
    expect((await leaver.client.json("DELETE", `/api/events/${gameA.id}/registrations/me`)).status).toBe(200);
    await executeRefund(deps(), (await refundOf(left.body.registration!.id)).id);
    await runPromotion(deps(), waiting.body.registration!.id);

    // Game B: $12.00. Two pay; the admin cancels; one refund is refused by the processor, then retried.
    gameB = await insertGame(context, { title: "Sunday league", costCents: 1200, maxPlayers: 5, startsInHours: 96 });
    const fine = await playerWithCard(context, { firstName: "Ana" });
    const stubborn = await playerWithCard(context, { firstName: "Rui", card: CARDS.refundFails });
    const paidFine = await join(fine.client, gameB.id, { role: "player", paymentMethodId: fine.card.id });
    const paidStubborn = await join(stubborn.client, gameB.id, { role: "player", paymentMethodId: stubborn.card.id });
    expect((await admin.json("POST", `/api/events/${gameB.id}/cancel`, {})).status).toBe(200);
    await executeRefund(deps(), (await refundOf(paidFine.body.registration!.id)).id);
    const refused = await refundOf(paidStubborn.body.registration!.id);
    await executeRefund(deps(), refused.id);
    expect(await refundOf(paidStubborn.body.registration!.id)).toMatchObject({ status: "failed" });
    // The bank sorts it out; the admin retries, and the retry goes through.
    await context.database.db.update(simPaymentMethod).set({ behaviour: "ok" }).where(eq(simPaymentMethod.id, stubborn.card.id));
    expect((await admin.json("POST", `/api/events/${gameB.id}/refunds/${refused.id}/retry`, {})).status).toBe(202);
    await executeRefund(deps(), refused.id);
    expect(await refundOf(paidStubborn.body.registration!.id)).toMatchObject({ status: "succeeded", amountCents: 1200 });
  });

  it("adds up the period to the cent from the ledger", async () => {
    // Today and the next ten days in the organiser's zone: the ledger rows of today, the games ahead.
    const today = dateInZone(new Date(), "America/Toronto");
    const response = await admin.json<ConsoleOverview>("GET", `/api/admin/overview?tz=America/Toronto&from=${today}&to=${addDays(today, 10)}`);
    expect(response.status).toBe(200);
    const overview = response.body;
    // Charges: 3 × $10.00 (two joins and the promotion) + 2 × $12.00. Fees: 2.9% + 30¢ each: 59¢ and 65¢.
    expect(overview.money).toEqual({
      grossCents: 5400,
      charges: 5,
      feesCents: 3 * 59 + 2 * 65,
      refunds: { playerCancelsCents: 941, adminCancelsCents: 2400, otherCents: 0, pendingCents: 0, failedCents: 0 },
      netCents: 5400 - 307 - 941 - 2400,
    });
    expect(overview.games).toEqual({ held: 0, cancelled: 1, upcoming: 1 });
    expect(overview.waitlist).toEqual({ joins: 1, promotions: 1, automaticCharges: 1, failedAutomaticCharges: 0 });
    expect(overview.daily).toHaveLength(11);
    expect(overview.daily.reduce((sum, day) => sum + day.collectedCents, 0)).toBe(5400);
    expect(overview.daily.reduce((sum, day) => sum + day.refundedCents, 0)).toBe(3341);
    expect(overview.perGame.map((game) => [game.title, game.playersHeld, game.maxPlayers, game.status])).toEqual([
      ["Tuesday 7-a-side", 2, 2, "active"],
      ["Sunday league", 0, 5, "cancelled"],
    ]);
  });

  it("counts played games' fill and players once they have kicked off", async () => {
    const later = new Date(Date.now() + 10 * 24 * 3_600_000);
    const result = resolvePeriod({ tz: "UTC", from: new Date().toISOString().slice(0, 10) }, later);
    if (!result.ok) throw new Error(result.message);
    const overview = await getOverview(context.database, { period: result.period, now: later, currency: "cad", feeRule: context.config.payments });
    expect(overview.games).toMatchObject({ held: 1, cancelled: 1, upcoming: 0 });
    expect(overview.fill.players).toEqual({ held: 2, capacity: 2 });
    expect(overview.distinctPlayers).toBe(2);
  });

  it("lists a game's roster, waitlists and totals, and exports them as CSV that parses back", async () => {
    const response = await admin.json<GameRoster>("GET", `/api/admin/events/${gameA.id}/roster`);
    expect(response.status).toBe(200);
    const { roster, totals } = response.body;
    expect(roster.map((entry) => [entry.name.split(" ")[0], entry.status, entry.paidCents, entry.feeCents, entry.refundCents, entry.promoted, entry.card])).toEqual([
      ["Léa", "refunded", 1000, 59, 941, false, "Visa •••• 4242"],
      ["Dee", "payment_failed", 0, 0, 0, false, "Visa •••• 0341"],
      ["=cmd|calc", "confirmed", 1000, 59, 0, false, "Visa •••• 4242"],
      ["Wes", "confirmed", 1000, 59, 0, true, "Visa •••• 4242"],
    ]);
    expect(totals).toEqual({ paidCents: 3000, feeCents: 177, refundCents: 941, netCents: 3000 - 177 - 941 });

    const csv = await admin.request("GET", `/api/admin/events/${gameA.id}/roster.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(await csv.text());
    expect(rows[0]![0]).toBe("List");
    const [name, paid, refund] = ["Name", "Paid", "Refund"].map((head) => rows[0]!.indexOf(head));
    expect(rows.slice(1).map((row) => [row[name!]!.split(" ")[0], row[paid!], row[refund!]])).toEqual([
      ["Léa", "10.00", "9.41"],
      ["Dee", "0.00", "0.00"],
      ["'=cmd|calc", "10.00", "0.00"],
      ["Wes", "10.00", "0.00"],
    ]);
  });

  it("exports the period's payments, one row per ledger row, summing to the overview", async () => {
    const response = await admin.request("GET", "/api/admin/payments.csv?tz=America/Toronto");
    expect(response.status).toBe(200);
    const rows = parseCsv(await response.text()).slice(1);
    const ledgerRows = await context.database.db.select().from(payment);
    expect(rows).toHaveLength(ledgerRows.length);
    const cents = (type: string) => rows.filter((row) => row[5] === type && row[6] === "succeeded").reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    expect(cents("charge")).toBe(5400);
    expect(cents("refund")).toBe(3341);
  });

  it("shows what needs attention: a failed automatic charge ahead, with what to do", async () => {
    const response = await admin.json<{ items: { kind: string; action: string }[] }>("GET", "/api/admin/attention");
    expect(response.status).toBe(200);
    expect(response.body.items.every((item) => item.action.length > 0)).toBe(true);
  });

  it("is for admins only, and refuses bad periods with a clear 400", async () => {
    expect((await new TestClient(context).request("GET", "/api/admin/overview")).status).toBe(401);
    const player = await signUpVerified(context);
    for (const path of ["/api/admin/overview", `/api/admin/events/${gameA.id}/roster`, "/api/admin/payments.csv", "/api/admin/attention"]) {
      expect((await player.client.request("GET", path)).status, path).toBe(403);
    }
    const bad = async (query: string) => (await admin.json<{ error: { message: string } }>("GET", `/api/admin/overview?${query}`)).body.error?.message;
    expect(await bad("from=2026-05-10&to=2026-05-01")).toBe("The end date must not be before the start date.");
    expect(await bad("from=2020-01-01&to=2026-01-01")).toBe("Choose a period of at most two years.");
    expect(await bad("from=2026-13-01")).toBe("Enter the start date as YYYY-MM-DD.");
    expect(await bad("tz=Mars/Olympus")).toBe("Unknown time zone.");
    expect((await admin.request("GET", "/api/admin/events/not-a-game/roster")).status).toBe(404);
  });
});
