import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckInAnswer, CheckInList } from "#shared/check-in.ts";
import { CHECK_IN_MESSAGES } from "#shared/check-in.ts";
import type { YourEventsResponse } from "#shared/events.ts";
import { insertGame, join, playerWithCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { event as eventTable, payment, registration } from "#server/db/schema.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";
import { english } from "#test/shared-english.ts";

/**
 * Check-in at the pitch (docs/product-rules.md, "Check-in"): who may, when, what a repeat does,
 * no-shows and their undo, and that none of it touches money or a registration's status. Games are
 * placed around the real clock (kick-off in 30 minutes, ended 7 hours ago...), so the server's own
 * clock decides, as in production.
 */
let context: TestContext;
let admin: TestClient;
let player: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  player = (await signUpVerified(context)).client;
});
afterAll(async () => {
  await context?.close();
});

const HOUR = 3_600_000;
const db = () => context.database.db;
const base = (eventId: string) => `/api/admin/events/${eventId}/check-in`;
type Status = Parameters<typeof insertRegistration>[1]["status"];

/** A game starting `startsInHours` from now (negative: already started), lasting 90 minutes, with these people. */
async function gameWith(startsInHours: number, people: { first: string; status?: Status; role?: "player" | "goalkeeper" }[], options: { status?: "active" | "cancelled" } = {}) {
  const game = await insertEvent(db(), { startsInHours, durationMinutes: 90, includeGoalkeepers: true, maxGoalkeepers: 2, status: options.status ?? "active" });
  const ids: Record<string, string> = {};
  for (const person of people) {
    const user = await insertUser(db(), { firstName: person.first, lastName: "Test" });
    ids[person.first] = (await insertRegistration(db(), { eventId: game.id, userId: user.id, status: person.status ?? "confirmed", role: person.role ?? "player" })).id;
  }
  return { id: game.id, ids };
}

const put = (eventId: string, registrationId: string, checkedIn: boolean, client = admin) =>
  client.json<CheckInAnswer & { error?: { code: string; message: string } }>("PUT", `${base(eventId)}/${registrationId}`, { checkedIn });
const list = (eventId: string) => admin.json<CheckInList>("GET", base(eventId));
const rowOf = async (registrationId: string) => (await db().select().from(registration).where(eq(registration.id, registrationId)))[0]!;

describe("who may use check-in", () => {
  it("is admins only: 401 signed out, 403 for a player, on every route", async () => {
    const game = await gameWith(0.5, [{ first: "Ann" }]);
    const anonymous = new TestClient(context);
    const routes: [string, string, Record<string, unknown>?][] = [
      ["GET", base(game.id)],
      ["PUT", `${base(game.id)}/${game.ids.Ann}`, { checkedIn: true }],
      ["POST", `${base(game.id)}/no-shows`, {}],
      ["DELETE", `${base(game.id)}/no-shows`],
    ];
    for (const [method, path, body] of routes) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await player.json(method, path, body)).status, `${method} ${path} as a player`).toBe(403);
    }
    expect((await rowOf(game.ids.Ann!)).checkedInAt).toBeNull();
  });

  it("answers bad ids and bodies with a 400, an unknown game or registration with a 404", async () => {
    const game = await gameWith(0.5, [{ first: "Ann" }]);
    const other = await gameWith(0.5, [{ first: "Bea" }]);
    expect((await admin.json("GET", "/api/admin/events/not-a-uuid/check-in")).status).toBe(400);
    expect((await admin.json("PUT", "/api/admin/events/not-a-uuid/check-in/also-not", { checkedIn: true })).status).toBe(400);
    expect((await admin.json("PUT", `${base(game.id)}/12345`, { checkedIn: true })).status).toBe(400);
    expect((await admin.json("POST", "/api/admin/events/1'; drop table event;--/check-in/no-shows", {})).status).toBe(400);
    for (const body of [{}, { checkedIn: "yes" }, { checkedIn: 1 }, { checkedIn: true, status: "refunded" }, []]) {
      const response = await admin.json<{ error: { code: string } }>("PUT", `${base(game.id)}/${game.ids.Ann}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe("validation");
    }
    const notJson = await admin.request("PUT", `${base(game.id)}/${game.ids.Ann}`, undefined, { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.json("GET", base(unknown))).status).toBe(404);
    expect((await put(unknown, game.ids.Ann!, true)).status).toBe(404);
    // A registration of another game is not on this game's list.
    const elsewhere = await put(game.id, other.ids.Bea!, true);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error?.message).toBe(english(CHECK_IN_MESSAGES.registrationNotFound));
    expect((await rowOf(other.ids.Bea!)).checkedInAt).toBeNull();
  });
});

describe("the check-in list", () => {
  it("lists the confirmed players and goalkeepers with the count checked in of expected", async () => {
    const game = await gameWith(0.5, [
      { first: "Zoe" },
      { first: "Ann" },
      { first: "Kim", role: "goalkeeper" },
      { first: "Wait", status: "waitlisted" },
      { first: "Gone", status: "cancelled" },
      { first: "Back", status: "refunded" },
      { first: "Paying", status: "pending_payment" },
    ]);
    const response = await list(game.id);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.people.map((person) => [person.name, person.role, person.checkedIn, person.noShow])).toEqual([
      ["Ann Test", "player", false, false],
      ["Kim Test", "goalkeeper", false, false],
      ["Zoe Test", "player", false, false],
    ]);
    expect(body.counts).toEqual({ checkedIn: 0, expected: 3 });
    expect(body.window.state).toBe("open");
    expect(body.noShows).toMatchObject({ canMark: false, canUndo: true, marked: 0 });
    expect(body.event).toMatchObject({ id: game.id, status: "active" });
  });

  it("is empty when nobody is confirmed", async () => {
    const game = await gameWith(0.5, [{ first: "Wait", status: "waitlisted" }]);
    const body = (await list(game.id)).body;
    expect(body.people).toEqual([]);
    expect(body.counts).toEqual({ checkedIn: 0, expected: 0 });
  });
});

describe("checking in", () => {
  it("saves a tap, and a repeat is a no-op that keeps the first time", async () => {
    const game = await gameWith(0.5, [{ first: "Ann" }, { first: "Ben" }]);
    const first = await put(game.id, game.ids.Ann!, true);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ changed: true, person: { name: "Ann Test", checkedIn: true }, counts: { checkedIn: 1, expected: 2 } });
    const at = (await rowOf(game.ids.Ann!)).checkedInAt;
    expect(at).toBeInstanceOf(Date);

    const again = await put(game.id, game.ids.Ann!, true);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, counts: { checkedIn: 1, expected: 2 } });
    expect((await rowOf(game.ids.Ann!)).checkedInAt).toEqual(at);

    const undone = await put(game.id, game.ids.Ann!, false);
    expect(undone.body).toMatchObject({ changed: true, person: { checkedIn: false }, counts: { checkedIn: 0, expected: 2 } });
    expect((await put(game.id, game.ids.Ann!, false)).body.changed).toBe(false);
    expect((await rowOf(game.ids.Ann!)).checkedInAt).toBeNull();
  });

  it("is never doubled when the same tap arrives many times at once (a retried request)", async () => {
    const game = await gameWith(0.5, [{ first: "Ann" }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => put(game.id, game.ids.Ann!, true)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect((await list(game.id)).body.counts).toEqual({ checkedIn: 1, expected: 1 });
  });

  it("refuses a registration that is not confirmed with a 409 that says why", async () => {
    const game = await gameWith(0.5, [{ first: "Wait", status: "waitlisted" }, { first: "Back", status: "refunded" }, { first: "Paying", status: "pending_payment" }]);
    for (const name of ["Wait", "Back", "Paying"]) {
      const response = await put(game.id, game.ids[name]!, true);
      expect(response.status, name).toBe(409);
      expect(response.body.error).toEqual({ code: "conflict", message: english(CHECK_IN_MESSAGES.notConfirmed) });
      expect((await rowOf(game.ids[name]!)).checkedInAt).toBeNull();
    }
  });

  it("is open from 60 minutes before kick-off until 6 hours after the end, and refused outside with a 422", async () => {
    const early = await gameWith(1.1, [{ first: "Ann" }]);
    const tooEarly = await put(early.id, early.ids.Ann!, true);
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.error).toEqual({ code: "rule", message: english(CHECK_IN_MESSAGES.notYet) });
    expect((await list(early.id)).body.window.state).toBe("not_yet");

    const justOpen = await gameWith(0.9, [{ first: "Ann" }]);
    expect((await put(justOpen.id, justOpen.ids.Ann!, true)).status).toBe(200);

    // Ended 5 h 50 min ago: still open. Ended 6 h 10 min ago: closed.
    const lateButOpen = await gameWith(-1.5 - 5.83, [{ first: "Ann" }]);
    expect((await put(lateButOpen.id, lateButOpen.ids.Ann!, true)).status).toBe(200);
    const over = await gameWith(-1.5 - 6.17, [{ first: "Ann" }]);
    const closed = await put(over.id, over.ids.Ann!, true);
    expect(closed.status).toBe(422);
    expect(closed.body.error).toEqual({ code: "rule", message: english(CHECK_IN_MESSAGES.closed) });
    expect((await list(over.id)).body.window.state).toBe("closed");
    expect((await rowOf(over.ids.Ann!)).checkedInAt).toBeNull();

    const cancelled = await gameWith(0.5, [{ first: "Ann" }], { status: "cancelled" });
    const refused = await put(cancelled.id, cancelled.ids.Ann!, true);
    expect(refused.status).toBe(422);
    expect(refused.body.error?.message).toBe(english(CHECK_IN_MESSAGES.cancelled));
  });
});

describe("no-shows", () => {
  it("marks every confirmed player not checked in, from kick-off; a late arrival's check-in clears it; undo clears them all", async () => {
    const game = await gameWith(-0.5, [{ first: "Ann" }, { first: "Ben" }, { first: "Kim", role: "goalkeeper" }, { first: "Wait", status: "waitlisted" }]);
    await put(game.id, game.ids.Ann!, true);

    const marked = await admin.json<CheckInList>("POST", `${base(game.id)}/no-shows`, {});
    expect(marked.status).toBe(200);
    expect(marked.body.people.map((person) => [person.name, person.checkedIn, person.noShow])).toEqual([
      ["Ann Test", true, false],
      ["Ben Test", false, true],
      ["Kim Test", false, true],
    ]);
    expect(marked.body.noShows).toMatchObject({ canMark: true, canUndo: true, marked: 2 });
    expect((await rowOf(game.ids.Wait!)).noShowAt).toBeNull();
    const benMarkedAt = (await rowOf(game.ids.Ben!)).noShowAt;

    // Again: nobody new to mark, and the first marks keep their time.
    const again = await admin.json<CheckInList>("POST", `${base(game.id)}/no-shows`, {});
    expect(again.body.noShows.marked).toBe(2);
    expect((await rowOf(game.ids.Ben!)).noShowAt).toEqual(benMarkedAt);

    // Kim turns up late: checked in, no longer a no-show.
    const late = await put(game.id, game.ids.Kim!, true);
    expect(late.body.person).toMatchObject({ checkedIn: true, noShow: false });
    expect((await list(game.id)).body.noShows.marked).toBe(1);

    const undone = await admin.json<CheckInList>("DELETE", `${base(game.id)}/no-shows`);
    expect(undone.status).toBe(200);
    expect(undone.body.people.every((person) => !person.noShow)).toBe(true);
    expect(undone.body.noShows.marked).toBe(0);
    expect(undone.body.counts).toEqual({ checkedIn: 2, expected: 3 });
  });

  it("cannot be marked before kick-off", async () => {
    const game = await gameWith(0.5, [{ first: "Ann" }]);
    const response = await admin.json<{ error: { code: string; message: string } }>("POST", `${base(game.id)}/no-shows`, {});
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual({ code: "rule", message: english(CHECK_IN_MESSAGES.noShowsTooEarly) });
    expect((await rowOf(game.ids.Ann!)).noShowAt).toBeNull();
  });

  it("can be marked and undone after check-in closed, until 24 hours after the end, not later", async () => {
    // Ended 10 hours ago: check-in is closed, no-shows are not.
    const game = await gameWith(-11.5, [{ first: "Ann" }]);
    expect((await put(game.id, game.ids.Ann!, true)).status).toBe(422);
    expect((await admin.json("POST", `${base(game.id)}/no-shows`, {})).status).toBe(200);
    expect((await rowOf(game.ids.Ann!)).noShowAt).toBeInstanceOf(Date);

    // Ended 25 hours ago: too late to mark, and too late to undo.
    const old = await gameWith(-26.5, [{ first: "Ann" }]);
    await db().update(registration).set({ noShowAt: new Date(Date.now() - 20 * HOUR) }).where(eq(registration.id, old.ids.Ann!));
    for (const method of ["POST", "DELETE"]) {
      const response = await admin.json<{ error: { code: string; message: string } }>(method, `${base(old.id)}/no-shows`, method === "POST" ? {} : undefined);
      expect(response.status, method).toBe(422);
      expect(response.body.error).toEqual({ code: "rule", message: english(CHECK_IN_MESSAGES.noShowsTooLate) });
    }
    expect((await rowOf(old.ids.Ann!)).noShowAt).toBeInstanceOf(Date);
  });
});

describe("money and statuses", () => {
  it("never touch a payment row or a registration's status", async () => {
    // Paid joins through the API, then the game is moved to kick off in 30 minutes... and to have started.
    const game = await insertGame(context, { costCents: 1500, maxPlayers: 3 });
    const payers = [await playerWithCard(context, { firstName: "Pia" }), await playerWithCard(context, { firstName: "Raf" }), await playerWithCard(context, { firstName: "Sol" })];
    const regs = [];
    for (const payer of payers) {
      const joined = await join(payer.client, game.id, { role: "player", paymentMethodId: payer.card.id });
      expect(joined.status).toBe(201);
      regs.push(joined.body.registration!.id);
    }
    const waiter = await playerWithCard(context, { firstName: "Wes" });
    const waiting = await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });
    expect(waiting.body.registration?.status).toBe("waitlisted");

    const snapshot = async () => ({
      payments: await db().select().from(payment).where(eq(payment.eventId, game.id)).orderBy(payment.id),
      statuses: (await db().select({ id: registration.id, status: registration.status, position: registration.position }).from(registration).where(eq(registration.eventId, game.id))).sort((a, b) => a.id.localeCompare(b.id)),
    });
    const before = await snapshot();
    expect(before.payments.filter((row) => row.kind === "charge" && row.status === "succeeded")).toHaveLength(3);

    const moveTo = (startsAt: Date) => db().update(eventTable).set({ startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) }).where(eq(eventTable.id, game.id));
    await moveTo(new Date(Date.now() + 0.5 * HOUR));
    expect((await put(game.id, regs[0]!, true)).status).toBe(200);
    expect((await put(game.id, regs[1]!, true)).status).toBe(200);
    expect((await put(game.id, regs[1]!, false)).status).toBe(200);
    expect((await put(game.id, waiting.body.registration!.id, true)).status).toBe(409);
    await moveTo(new Date(Date.now() - 0.5 * HOUR));
    expect((await admin.json("POST", `${base(game.id)}/no-shows`, {})).status).toBe(200);
    expect((await admin.json("DELETE", `${base(game.id)}/no-shows`)).status).toBe(200);
    expect((await admin.json("POST", `${base(game.id)}/no-shows`, {})).status).toBe(200);

    expect(await snapshot()).toEqual(before);
  });
});

describe("Your Events", () => {
  it("shows players their own attendance for past games, when known", async () => {
    const me = await signUpVerified(context, { firstName: "Mia" });
    const came = await insertEvent(db(), { title: "Came", startsInHours: -30 });
    const missed = await insertEvent(db(), { title: "Missed", startsInHours: -50 });
    const unknown = await insertEvent(db(), { title: "Not recorded", startsInHours: -70 });
    const ahead = await insertEvent(db(), { title: "Ahead", startsInHours: 0.5 });
    const mine = (eventId: string) => insertRegistration(db(), { eventId, userId: me.userId, status: "confirmed" });
    await db().update(registration).set({ checkedInAt: new Date() }).where(eq(registration.id, (await mine(came.id)).id));
    await db().update(registration).set({ noShowAt: new Date() }).where(eq(registration.id, (await mine(missed.id)).id));
    await mine(unknown.id);
    await db().update(registration).set({ checkedInAt: new Date() }).where(eq(registration.id, (await mine(ahead.id)).id));

    const response = await me.client.json<YourEventsResponse>("GET", "/api/me/events");
    expect(response.status).toBe(200);
    expect(response.body.completed.played.map((event) => [event.title, event.attendance ?? null])).toEqual([
      ["Came", "checked_in"],
      ["Missed", "no_show"],
      ["Not recorded", null],
    ]);
    // A game still ahead or in progress says nothing yet.
    expect(response.body.current.playing.map((event) => event.title)).toEqual(["Ahead"]);
    expect(response.body.current.playing[0]).not.toHaveProperty("attendance");
  });
});
