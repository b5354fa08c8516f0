import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type CancelEventPreview, DATE_IN_PAST, type EditEventResponse, type EventDetail } from "#shared/events.ts";
import { dateInZone, wallClockAt } from "#shared/zoned-time.ts";
import { editFormOf, eventAs, eventually, insertGame as insertAnyGame, join, playerWithCard } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { event as eventTable, registration } from "#server/db/schema.ts";
import { EDIT_CANCELLED, EDIT_FINISHED } from "./edit-event.ts";
import { english } from "#test/shared-english.ts";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Game = Awaited<ReturnType<typeof insertAnyGame>>;

const HOUR = 3_600_000;

/** A game starting on a whole minute, as the form can say it (a start with seconds would read as changed). */
function insertGame(context: TestContext, options: Parameters<typeof insertAnyGame>[1] & { startsInHours?: number } = {}) {
  const { startsInHours = 72, ...rest } = options;
  const startsAt = new Date(Math.floor((Date.now() + startsInHours * HOUR) / 60_000) * 60_000);
  return insertAnyGame(context, { startsAt, ...rest });
}
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const edit = (client: TestClient, game: Game, overrides: Record<string, unknown> = {}) =>
  client.json<EditEventResponse & ErrorBody>("PATCH", `/api/events/${game.id}`, editFormOf(game, overrides));

describe("PATCH /api/events/:id: who may edit", () => {
  it("refuses signed-out visitors with 401 and players with 403, and changes nothing", async () => {
    const game = await insertGame(context, { title: "Guarded cup" });
    expect((await edit(new TestClient(context), game, { title: "Hijacked" })).status).toBe(401);
    const { client } = await signUpVerified(context);
    const refused = await edit(client, game, { title: "Hijacked" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await eventAs(client, game.id)).title).toBe("Guarded cup");
  });

  it("answers 404 for an unknown game and 400 with the create form's messages for a bad body", async () => {
    const game = await insertGame(context);
    const unknown = await admin.json<ErrorBody>("PATCH", "/api/events/00000000-0000-4000-8000-000000000000", editFormOf(game));
    expect(unknown.status).toBe(404);
    const bad = await edit(admin, game, { title: "", notes: "x".repeat(1001) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ title: "All fields are required", notes: "Notes must be at most 1000 characters" });
  });
});

describe("PATCH /api/events/:id: an admin edits a game", () => {
  it("changes time, venue, field and notes; the page shows them at once (cache invalidated); everyone registered is mailed old → new", async () => {
    const game = await insertGame(context, { title: "Edit cup", costCents: 0, maxPlayers: 1, timeZone: "America/New_York" });
    const holder = await signUpVerified(context, { firstName: "Holder" });
    const waiter = await signUpVerified(context, { firstName: "Waiter" });
    expect((await join(holder.client, game.id, { role: "player" })).body.registration?.status).toBe("confirmed");
    expect((await join(waiter.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");
    // The page is read (and cached) before the edit.
    expect((await eventAs(holder.client, game.id)).locationName).toBe("Riverside Park");
    const before = context.mail.mails.length;
    const invalidate = vi.spyOn(context.services.listCache, "invalidate");

    const later = new Date(game.startsAt.getTime() + 24 * HOUR);
    const response = await edit(admin, game, {
      date: dateInZone(later, game.timeZone),
      time: "19:30",
      location: { name: "Old Mill Field, Mill Lane", latitude: null, longitude: null },
      field: "Pitch 2",
      notes: "Bring a dark and a light shirt.\nParking behind the mill.",
    });
    expect(response.status).toBe(200);
    expect(response.body.notified).toBe(2);
    expect(response.body.changes.map((change) => change.label)).toEqual(["When", "Venue", "Map pin", "Field", "Notes"]);
    expect(response.body.changes[1]).toEqual({ label: "Venue", before: "Riverside Park", after: "Old Mill Field, Mill Lane" });
    // The home lists and the event page's cached part are dropped once the edit has committed.
    expect(invalidate).toHaveBeenCalled();

    const shown = await eventAs(holder.client, game.id);
    expect(shown).toMatchObject({ locationName: "Old Mill Field, Mill Lane", latitude: null, longitude: null, field: "Pitch 2" });
    expect(shown.notes).toBe("Bring a dark and a light shirt.\nParking behind the mill.");
    expect(wallClockAt(Date.parse(shown.startsAt), game.timeZone)).toMatchObject({ hour: 19, minute: 30 });
    // The spot and the waitlist place stay as they were.
    expect(shown.players.map((p) => p.name)).toEqual(["Holder Player"]);
    expect(shown.playerWaitList.map((p) => p.name)).toEqual(["Waiter Player"]);

    for (const person of [holder, waiter]) {
      const mail = await context.mail.waitFor(person.email, "Changed: Edit cup", { after: before, timeoutMs: 15_000 });
      expect(mail.text).toContain("Venue: Riverside Park → Old Mill Field, Mill Lane");
      expect(mail.text).toContain("Field: none → Pitch 2");
      expect(mail.text).toMatch(/When: .+ → .+7:30 PM – 9:00 PM/);
    }
  });

  it("changes nothing and mails nobody when nothing differs", async () => {
    const game = await insertGame(context, { title: "Same cup", costCents: 0 });
    const player = await signUpVerified(context);
    // The join's announcement reaches this instance's caches a moment after the join answers
    // (docs/live-updates.md): wait until it is heard, so that only the edit is watched below.
    let joinHeard = false;
    const stop = context.services.live.channel.subscribe((message) => {
      if (message.type === "event" && message.eventId === game.id) joinHeard = true;
    });
    await join(player.client, game.id, { role: "player" });
    await eventually(async () => (joinHeard ? true : undefined), "the join to be heard", 5_000);
    stop();
    const invalidate = vi.spyOn(context.services.listCache, "invalidate");
    const versionOf = async () => (await context.database.db.select({ version: eventTable.version }).from(eventTable).where(eq(eventTable.id, game.id)))[0]!.version;
    const before = await versionOf();
    const response = await edit(admin, game);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ changes: [], notified: 0 });
    expect(invalidate).not.toHaveBeenCalled();
    // Nothing announced either: an announcement bumps the game's version.
    expect(await versionOf()).toBe(before);
  });

  it("keeps every held spot when capacity drops below them, closes the role until it is back under, and fills new spots from the waitlist when it grows", async () => {
    const game = await insertGame(context, { title: "Capacity cup", costCents: 0, maxPlayers: 2 });
    const people = await Promise.all([1, 2, 3].map((n) => signUpVerified(context, { firstName: `P${n}` })));
    for (const person of people.slice(0, 2)) await join(person.client, game.id, { role: "player" });

    const shrunk = await edit(admin, game, { maxPlayers: 1 });
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.event.maxPlayers).toBe(1);
    expect(shrunk.body.event.players.map((p) => p.name)).toEqual(["P1 Player", "P2 Player"]);
    // Closed: the next person waits, even though a spot of the old capacity was free before.
    expect((await join(people[2]!.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");

    const [current] = await context.database.db.select().from(eventTable).where(eq(eventTable.id, game.id));
    const grown = await edit(admin, current!, { maxPlayers: 3 });
    expect(grown.status).toBe(200);
    expect(grown.body.event.players.map((p) => p.name)).toEqual(["P1 Player", "P2 Player", "P3 Player"]);
    expect(grown.body.event.playerWaitList).toEqual([]);
  });

  it("refuses to drop goalkeeper spots that goalkeepers hold", async () => {
    const game = await insertGame(context, { costCents: 0, includeGoalkeepers: true, maxGoalkeepers: 2 });
    const keeper = await signUpVerified(context);
    await join(keeper.client, game.id, { role: "goalkeeper" });
    const response = await edit(admin, game, { includeGoalkeepers: false });
    expect(response.status).toBe(409);
    expect(response.body.error.fields).toHaveProperty("includeGoalkeepers");
  });

  it("changes the price for new registrations only: a spot already paid keeps its amount and its refund", async () => {
    const game = await insertGame(context, { title: "Price cup", costCents: 1000 });
    const early = await playerWithCard(context);
    expect((await join(early.client, game.id, { role: "player", paymentMethodId: early.card.id })).body.registration).toMatchObject({ status: "confirmed", amountCents: 1000 });

    const before = context.mail.mails.length;
    const repriced = await edit(admin, game, { cost: "12.00" });
    expect(repriced.status).toBe(200);
    expect(repriced.body.changes).toEqual([{ label: "Player price", before: "$10.00", after: "$12.00" }]);
    // The player already in is told the new price is not theirs.
    const changed = await context.mail.waitFor(early.email, "Changed: Price cup", { after: before });
    expect(changed.text).toContain("The new price is for new registrations: what you paid, or agreed to pay from the waitlist, stays the same.");
    const late = await playerWithCard(context);
    expect((await join(late.client, game.id, { role: "player", paymentMethodId: late.card.id })).body.registration).toMatchObject({ status: "confirmed", amountCents: 1200 });
    const rows = await context.database.db.select().from(registration).where(eq(registration.eventId, game.id));
    expect(rows.map((row) => row.amountCents).sort()).toEqual([1000, 1200]);
  });

  it("refuses a cancelled or finished game (422) and a new start in the past (400)", async () => {
    const cancelled = await insertGame(context, { status: "cancelled" });
    const refusedCancelled = await edit(admin, cancelled, { title: "Back on" });
    expect(refusedCancelled.status).toBe(422);
    expect(refusedCancelled.body.error.message).toBe(EDIT_CANCELLED);
    const finished = await insertGame(context, { startsInHours: -5, durationMinutes: 60 });
    const refusedFinished = await edit(admin, finished, { title: "Replay" });
    expect(refusedFinished.status).toBe(422);
    expect(refusedFinished.body.error.message).toBe(EDIT_FINISHED);
    const ahead = await insertGame(context);
    const past = await edit(admin, ahead, { date: dateInZone(new Date(Date.now() - 48 * HOUR), ahead.timeZone) });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(english(DATE_IN_PAST));
  });

  it("lets a game that has started keep its start while its notes change", async () => {
    const started = await insertGame(context, { startsInHours: -0.5, durationMinutes: 90, costCents: 0 });
    const response = await edit(admin, started, { notes: "Second half on pitch 4." });
    expect(response.status).toBe(200);
    expect(response.body.event.notes).toBe("Second half on pitch 4.");
  });

  it("holds capacity under concurrent joins: an edit below the spots held keeps the spots taken before it, and no join after it takes a spot while over", async () => {
    // The rule (docs/product-rules.md, "Editing and cancelling a game"): an edit lowering a capacity
    // below the spots held keeps them all; a join after it takes a spot only while the role is under
    // its new capacity. So, whatever order the edit and the three joins reach the game's lock in, the
    // spots held end at max(2, the spots held when the edit committed). Those are the people the
    // edit mailed: it counts everyone holding a spot or waiting, under the same lock.
    const game = await insertGame(context, { costCents: 0, maxPlayers: 3 });
    const people = await Promise.all([1, 2, 3].map(() => signUpVerified(context)));
    const [edited, ...joins] = await Promise.all([edit(admin, game, { maxPlayers: 2 }), ...people.map((person) => join(person.client, game.id, { role: "player" }))]);
    expect(edited.status).toBe(200);
    expect(joins.map((joined) => joined.status)).toEqual([201, 201, 201]);
    const heldWhenEdited = edited.body.notified;
    const rows = await context.database.db.select().from(registration).where(eq(registration.eventId, game.id));
    const held = rows.filter((row) => row.status === "confirmed").length;
    expect(held).toBe(Math.max(2, heldWhenEdited));
    expect(rows.filter((row) => row.status === "waitlisted")).toHaveLength(3 - held);
    const detail: EventDetail = await eventAs(admin, game.id);
    expect(detail.maxPlayers).toBe(2);
    expect(detail.players).toHaveLength(held);
  });

  it("holds capacity when the joins all land before an edit to fewer spots: all kept, the next join waits", async () => {
    // The interleaving the test above may or may not meet, made certain.
    const game = await insertGame(context, { costCents: 0, maxPlayers: 3 });
    const people = await Promise.all([1, 2, 3, 4].map(() => signUpVerified(context)));
    for (const person of people.slice(0, 3)) expect((await join(person.client, game.id, { role: "player" })).body.registration?.status).toBe("confirmed");
    const edited = await edit(admin, game, { maxPlayers: 2 });
    expect([edited.status, edited.body.notified, edited.body.event.players.length]).toEqual([200, 3, 3]);
    expect((await join(people[3]!.client, game.id, { role: "player" })).body.registration?.status).toBe("waitlisted");
  });
});

describe("PATCH /api/events/:id: guests", () => {
  it("turning guests off keeps the parties already in, refuses new guests, and tells the players", async () => {
    const game = await insertGame(context, { title: "Guest limit cup", maxGuestsPerPlayer: 2, costCents: 0 });
    const pia = await signUpVerified(context, { firstName: "Pia" });
    expect((await pia.client.json("POST", `/api/events/${game.id}/registrations`, { role: "player", guests: [{ firstName: "Sam" }] })).status).toBe(201);
    const before = context.mail.mails.length;
    const edited = await edit(admin, game, { maxGuestsPerPlayer: 0 });
    expect(edited.status).toBe(200);
    expect(edited.body.changes).toEqual([{ label: "Guests per player", before: "2", after: "none" }]);
    const page = await pia.client.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`);
    expect(page.body.event.playersCount).toBe(2);
    expect(page.body.event.maxGuestsPerPlayer).toBe(0);
    const other = await signUpVerified(context, { firstName: "Other" });
    const refused = await other.client.json<ErrorBody>("POST", `/api/events/${game.id}/registrations`, { role: "player", guests: [{ firstName: "Kim" }] });
    expect([refused.status, refused.body.error.message]).toEqual([422, "This game does not take guests."]);
    const mail = await context.mail.waitFor(pia.email, "Changed: Guest limit cup", { after: before });
    expect(mail.text).toContain("Guests per player: 2 → none");
    expect(mail.text).not.toContain("The new price");
  });
});

describe("PATCH /api/events/:id: a waiting party larger than a lower capacity", () => {
  const WAITING_PARTY = "A party of 3 is waiting for a player spot: keep at least 3 player spots.";
  const WAITING_PARTY_FR = "Un groupe de 3 attend une place de joueur : gardez au moins 3 places de joueur.";

  /** A full game (3 spots: a party of 2 in, one spot free) with a party of 3 waiting behind it. */
  async function gameWithWaitingParty() {
    const game = await insertGame(context, { title: "Party cup", maxPlayers: 3, maxGuestsPerPlayer: 2, costCents: 0 });
    const ines = await signUpVerified(context, { firstName: "Ines" });
    expect((await join(ines.client, game.id, { role: "player", guests: [{ firstName: "Bo" }] })).body.registration?.status).toBe("confirmed");
    const pia = await signUpVerified(context, { firstName: "Pia" });
    const party = await join(pia.client, game.id, { role: "player", guests: [{ firstName: "Sam" }, { firstName: "Alex" }] });
    expect(party.body.registration?.status).toBe("waitlisted");
    return { game };
  }

  it("refuses an edit to fewer spots than the party (422, the smallest capacity that keeps it, under the field, in French too) and changes nothing", async () => {
    const { game } = await gameWithWaitingParty();
    const refused = await edit(admin, game, { maxPlayers: 2, title: "Smaller cup" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: "rule", message: WAITING_PARTY, fields: { maxPlayers: WAITING_PARTY } });
    const french = await admin.request("PATCH", `/api/events/${game.id}`, editFormOf(game, { maxPlayers: 1 }), { "accept-language": "fr-CA" });
    expect(french.status).toBe(422);
    expect(((await french.json()) as ErrorBody).error).toMatchObject({ message: WAITING_PARTY_FR, fields: { maxPlayers: WAITING_PARTY_FR } });
    const [row] = await context.database.db.select().from(eventTable).where(eq(eventTable.id, game.id));
    expect([row!.maxPlayers, row!.title]).toEqual([3, "Party cup"]);
    const page = await eventAs(admin, game.id);
    expect(page.playerWaitList.map((p) => p.name)).toEqual(["Pia Player"]);

    // Keeping enough spots for the party is an edit like any other; more spots promote it.
    expect((await edit(admin, game, { title: "Party cup, pitch 2" })).status).toBe(200);
    const [renamed] = await context.database.db.select().from(eventTable).where(eq(eventTable.id, game.id));
    const grown = await edit(admin, renamed!, { maxPlayers: 5 });
    expect(grown.status).toBe(200);
    expect(grown.body.event.playerWaitList).toEqual([]);
    expect(grown.body.event.playersCount).toBe(5);
  });

  it("decides under the game's lock: an edit to fewer spots and a party's join at once never leave a party waiting for more spots than the game has", async () => {
    const game = await insertGame(context, { title: "Race cup", maxPlayers: 3, maxGuestsPerPlayer: 2, costCents: 0 });
    const ines = await signUpVerified(context, { firstName: "Ines" });
    expect((await join(ines.client, game.id, { role: "player", guests: [{ firstName: "Bo" }] })).body.registration?.status).toBe("confirmed");
    const pia = await signUpVerified(context, { firstName: "Pia" });
    const [edited, joined] = await Promise.all([
      edit(admin, game, { maxPlayers: 2 }),
      join(pia.client, game.id, { role: "player", guests: [{ firstName: "Sam" }, { firstName: "Alex" }] }),
    ]);
    if (edited.status === 200) {
      // The edit first: the party no longer fits the game and is refused at once.
      expect([joined.status, joined.body.error?.message]).toEqual([422, "Your party is larger than this game."]);
    } else {
      // The party first: it waits, and the edit is refused.
      expect([edited.status, edited.body.error.message]).toEqual([422, WAITING_PARTY]);
      expect(joined.body.registration?.status).toBe("waitlisted");
    }
    const [row] = await context.database.db.select().from(eventTable).where(eq(eventTable.id, game.id));
    const waiting = await context.database.db.select().from(registration).where(eq(registration.eventId, game.id));
    for (const party of waiting.filter((r) => r.status === "waitlisted")) expect(1 + party.guestCount).toBeLessThanOrEqual(row!.maxPlayers);
  });
});

describe("admin cancel: preview and message", () => {
  it("previews how many are refunded and the total, and puts the organiser's message into every mail", async () => {
    const game = await insertGame(context, { title: "Rain cup", costCents: 1000, maxPlayers: 2 });
    const payers = await Promise.all([1, 2].map((n) => playerWithCard(context, { firstName: `Payer${n}` })));
    for (const payer of payers) await join(payer.client, game.id, { role: "player", paymentMethodId: payer.card.id });
    const waiter = await playerWithCard(context, { firstName: "Waiter" });
    await join(waiter.client, game.id, { role: "player", paymentMethodId: waiter.card.id, consentToAutoCharge: true });

    expect((await payers[0]!.client.json("GET", `/api/events/${game.id}/cancel-preview`)).status).toBe(403);
    const preview = await admin.json<CancelEventPreview>("GET", `/api/events/${game.id}/cancel-preview`);
    expect(preview.body).toEqual({ refundCount: 2, refundTotalCents: 2000, notifyCount: 3, heldCount: 0 });

    const tooLong = await admin.json<ErrorBody>("POST", `/api/events/${game.id}/cancel`, { message: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    const before = context.mail.mails.length;
    const cancelled = await admin.json<{ event: EventDetail }>("POST", `/api/events/${game.id}/cancel`, { message: "The pitch is flooded. Sorry!" });
    expect(cancelled.status).toBe(200);
    for (const person of [...payers, waiter]) {
      const mail = await context.mail.waitFor(person.email, "Cancelled: Rain cup", { after: before, timeoutMs: 15_000 });
      expect(mail.text).toContain("Message from the organiser: The pitch is flooded. Sorry!");
    }
    // Admins see who was refunded what.
    const refunds = await eventually(async () => {
      const shown = (await eventAs(admin, game.id)).refunds ?? [];
      return shown.length === 2 && shown.every((refund) => refund.status === "succeeded") ? shown : undefined;
    }, "both refunds to succeed");
    expect(refunds.map((refund) => [refund.name, refund.amountCents]).sort()).toEqual([
      ["Payer1 Player", 1000],
      ["Payer2 Player", 1000],
    ]);
    // Players never see the list.
    expect((await eventAs(payers[0]!.client, game.id)).refunds).toBeUndefined();
  });
});
