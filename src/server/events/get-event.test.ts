import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import { createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";

type ErrorBody = { error: { code: string; message: string } };

let context: TestContext;
let member: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  member = (await signUpVerified(context)).client;
});
afterAll(async () => {
  await context.close();
});

describe("GET /api/events/:id", () => {
  it("derives the lists from registration rows, in arrival order, with names and never other users' emails", async () => {
    const db = context.database.db;
    const game = await insertEvent(db, {
      includeGoalkeepers: true,
      organizerName: "Olive Organiser",
      organizerEmail: "olive@example.com",
    });
    const [ann, ben, cat, dan, eve, fay, gus, hal] = await Promise.all(
      ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"].map((firstName) => insertUser(db, { firstName, lastName: "Smith" })),
    );
    // Inserted in this order, so position gives the arrival order.
    await insertRegistration(db, { eventId: game.id, userId: ben!.id, status: "confirmed" });
    await insertRegistration(db, { eventId: game.id, userId: ann!.id, status: "confirmed" });
    await insertRegistration(db, { eventId: game.id, userId: cat!.id, status: "pending_payment" });
    await insertRegistration(db, { eventId: game.id, userId: eve!.id, status: "waitlisted" });
    await insertRegistration(db, { eventId: game.id, userId: dan!.id, status: "waitlisted" });
    await insertRegistration(db, { eventId: game.id, userId: fay!.id, status: "refunded" });
    await insertRegistration(db, { eventId: game.id, userId: gus!.id, status: "cancelled" });
    await insertRegistration(db, { eventId: game.id, userId: hal!.id, role: "goalkeeper", status: "confirmed" });
    await insertRegistration(db, { eventId: game.id, userId: dan!.id, role: "goalkeeper", status: "waitlisted" });

    const response = await member.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`);
    expect(response.status).toBe(200);
    const detail = response.body.event;
    const names = (list: { name: string }[]) => list.map((participant) => participant.name);
    // A spot being paid for is held: its holder is listed, marked pending.
    expect(names(detail.players)).toEqual(["Ben Smith", "Ann Smith", "Cat Smith"]);
    expect(detail.players[0]).toEqual({ userId: ben!.id, name: "Ben Smith" });
    expect(detail.players[2]).toEqual({ userId: cat!.id, name: "Cat Smith", pending: true });
    expect(names(detail.playerWaitList)).toEqual(["Eve Smith", "Dan Smith"]);
    expect(names(detail.goalkeepers)).toEqual(["Hal Smith"]);
    expect(names(detail.goalkeeperWaitList)).toEqual(["Dan Smith"]);
    expect(detail.refundedUsers).toEqual([fay!.id]);
    expect(detail).toMatchObject({ playersCount: 3, goalkeepersCount: 1 });
    expect(detail.organizer).toEqual({ name: "Olive Organiser", email: "olive@example.com" });
    const text = JSON.stringify(response.body);
    for (const other of [ann, ben, cat, dan, eve, fay, gus, hal]) expect(text).not.toContain(other!.email);
  });

  it("answers organizer null when the event has none", async () => {
    const game = await insertEvent(context.database.db, { organizerName: null, organizerEmail: null });
    const response = await member.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`);
    expect(response.body.event.organizer).toBeNull();
  });

  it("shares the lists between viewers, but each viewer gets only their own registrations", async () => {
    const db = context.database.db;
    const game = await insertEvent(db, { costCents: 0 });
    const { client: other, userId: otherId } = await signUpVerified(context);
    await insertRegistration(db, { eventId: game.id, userId: otherId, status: "confirmed" });

    const seenByMember = (await member.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    const seenByOther = (await other.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(seenByMember.players.map((p) => p.userId)).toEqual([otherId]);
    expect(seenByMember.mine).toEqual([]);
    expect(seenByOther.mine).toMatchObject([{ role: "player", status: "confirmed" }]);
    expect(seenByMember).not.toHaveProperty("refundIssues");

    // A join through the app shows at once, to the one who joined and to everyone else.
    const joined = await member.json("POST", `/api/events/${game.id}/registrations`, { role: "player" });
    expect(joined.status).toBe(201);
    const afterJoin = (await member.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(afterJoin.players).toHaveLength(2);
    expect(afterJoin.mine).toMatchObject([{ role: "player", status: "confirmed" }]);
    const otherAfterJoin = (await other.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(otherAfterJoin.players).toHaveLength(2);
    expect(otherAfterJoin.mine).toHaveLength(1);

    // And a cancel.
    expect((await member.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const afterCancel = (await member.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(afterCancel.players.map((p) => p.userId)).toEqual([otherId]);
    expect(afterCancel.mine).toEqual([]);
  });

  it("requires sign-in", async () => {
    const game = await insertEvent(context.database.db);
    const response = await new TestClient(context).json<ErrorBody>("GET", `/api/events/${game.id}`);
    expect(response.status).toBe(401);
  });

  it.each([
    ["an unknown id", "0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11"],
    ["an id that is not a uuid", "not-a-uuid"],
    ["an injection attempt", "1'%20or%20'1'='1"],
  ])("answers 404 'Event not found.' for %s", async (_label, id) => {
    const response = await member.json<ErrorBody>("GET", `/api/events/${id}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: "not_found", message: "Event not found." } });
  });
});
