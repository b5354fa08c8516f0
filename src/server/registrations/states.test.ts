import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertGame } from "#test/payments.ts";
import { createTestContext, type TestContext } from "#test/test-app.ts";
import { registration } from "#server/db/schema.ts";
import { insertRegistration, insertUser } from "#test/seed-events.ts";
import { moveRegistration } from "./queries.ts";
import { withEventLock } from "#server/events/game-lock.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe("moving a registration", () => {
  it("follows the allowed moves, and a move the rules do not allow throws and changes nothing", async () => {
    const game = await insertGame(context);
    const reg = await insertRegistration(context.database.db, { eventId: game.id, userId: (await insertUser(context.database.db)).id, status: "confirmed" });
    await withEventLock(context.database, game.id, (tx) => moveRegistration(tx, reg.id, "refunded", { closedReason: "user_left", refundedCents: 941 }));
    await expect(
      withEventLock(context.database, game.id, (tx) => moveRegistration(tx, reg.id, "refunded", { refundedCents: 1000 })),
    ).rejects.toThrow("cannot move to refunded");
    await expect(withEventLock(context.database, game.id, (tx) => moveRegistration(tx, reg.id, "confirmed"))).rejects.toThrow("cannot move to confirmed");
    const [row] = await context.database.db.select().from(registration).where(eq(registration.id, reg.id));
    expect(row).toMatchObject({ status: "refunded", refundedCents: 941 });
  });
});
