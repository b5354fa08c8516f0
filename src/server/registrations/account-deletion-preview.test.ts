import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountDeletionPreview } from "#shared/registrations.ts";
import { insertGame, join, playerWithCard } from "#test/payments.ts";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { payment, registration } from "#server/db/schema.ts";
import { insertRegistration } from "#test/seed-events.ts";

/**
 * GET /api/me/account-deletion: before confirming a deletion, each game held and what it refunds,
 * by the rule the deletion then applies (docs/registrations-and-payments.md, "Account deletion").
 */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
});
afterAll(async () => {
  await context.close();
});

const previewOf = (client: TestClient) => client.json<AccountDeletionPreview>("GET", "/api/me/account-deletion");

describe("what deleting an account would refund", () => {
  it("lists each game held with its refund: price − fee 24 hours ahead, nothing inside them, nothing charged on a waitlist", async () => {
    const db = context.database.db;
    const leaving = await playerWithCard(context, { firstName: "Lea" });
    const holder = await playerWithCard(context, { firstName: "Hol" });
    const ahead = await insertGame(context, { title: "Ahead", startsInHours: 72, costCents: 1000 });
    const soon = await insertGame(context, { title: "Soon", startsInHours: 5, costCents: 1000 });
    const free = await insertGame(context, { title: "Free", startsInHours: 96, costCents: 0, includeGoalkeepers: true });
    const full = await insertGame(context, { title: "Full", startsInHours: 120, maxPlayers: 1 });
    const over = await insertGame(context, { title: "Over", startsInHours: -5, durationMinutes: 60 });
    const card = { paymentMethodId: leaving.card.id };

    const paidAhead = await join(leaving.client, ahead.id, { role: "player", ...card });
    const paidSoon = await join(leaving.client, soon.id, { role: "player", ...card });
    await join(leaving.client, free.id, { role: "goalkeeper" });
    await join(holder.client, full.id, { role: "player", paymentMethodId: holder.card.id });
    expect((await join(leaving.client, full.id, { role: "player", ...card, consentToAutoCharge: true })).body.registration?.status).toBe("waitlisted");
    await insertRegistration(db, { eventId: over.id, userId: leaving.userId, status: "confirmed" });

    const preview = await previewOf(leaving.client);
    expect(preview.status).toBe(200);
    expect(preview.body.games.map((game) => [game.title, game.role, game.outcome, game.paidCents, game.refundCents])).toEqual([
      ["Soon", "player", "inside_window", 1000, 0],
      ["Ahead", "player", "refund", 1000, 941],
      ["Free", "goalkeeper", "free", 0, 0],
      ["Full", "player", "waitlist", 0, 0],
    ]);
    expect(preview.body.refundCents).toBe(941);
    expect(preview.body.games[1]).toMatchObject({ eventId: ahead.id, startsAt: ahead.startsAt.toISOString(), timeZone: ahead.timeZone });
    // Someone else's games are not in it.
    expect((await previewOf(holder.client)).body.games.map((game) => game.title)).toEqual(["Full"]);

    // The deletion then does what the preview said.
    expect((await leaving.client.json("POST", "/api/auth/delete-user", { password: leaving.password })).status).toBe(200);
    const ids = [paidAhead.body.registration!.id, paidSoon.body.registration!.id];
    const refunds = await db
      .select({ registrationId: payment.registrationId, amountCents: payment.amountCents })
      .from(payment)
      .where(and(inArray(payment.registrationId, ids), eq(payment.kind, "refund")));
    expect(refunds).toEqual([{ registrationId: paidAhead.body.registration!.id, amountCents: 941 }]);
    const [soonReg] = await db.select().from(registration).where(eq(registration.id, paidSoon.body.registration!.id));
    expect(soonReg).toMatchObject({ status: "cancelled", refundedCents: 0, closedReason: "account_deleted" });
  });

  it("is empty for someone who holds nothing, and needs a signed-in user", async () => {
    const { client } = await signUpVerified(context);
    expect((await previewOf(client)).body).toEqual({ games: [], refundCents: 0 });
    expect((await previewOf(new TestClient(context))).status).toBe(401);
  });
});
