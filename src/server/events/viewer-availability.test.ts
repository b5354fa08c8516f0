import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail, UpcomingEventsResponse } from "#shared/events.ts";
import type { MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import type { SeriesDetailResponse } from "#shared/series.ts";
import { addDays } from "#shared/series-schedule.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { event as eventTable, newEventMailSent, openingReminder, registration, user } from "#server/db/schema.ts";
import { insertRegistration } from "#test/seed-events.ts";
import { startNewEventMailWorkers } from "#server/events/new-event-mail-jobs.ts";
import { bossJobQueue } from "#server/jobs/queue.ts";
import { announceSeriesOpenings } from "#server/series/announce-openings.ts";
import { thursdayFrom } from "#test/seed-series.ts";

/**
 * What each viewer is told (docs/product-rules.md, "What each viewer is told"; decision 036), through
 * the HTTP app on a real database: the shared list's waitlist count and nobody's own part in it,
 * `regularOf` in the viewer's own request, each viewer's standing with the regulars on the game's
 * page, "Tell me when it opens" (rules, idempotent, undone) and its mail at the opening, once, over SMTP.
 */

const ZONE = "America/Toronto";
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  await startNewEventMailWorkers(context.boss!, context.services);
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});

const db = () => context.database.db;

/** A free weekly game of 4 players with regulars first (3 of the last 4, 70 %), its first game's row. */
async function regularsSeries(title: string) {
  const created = await admin.json<SeriesDetailResponse>("POST", "/api/admin/series", {
    title,
    date: thursdayFrom(8, ZONE),
    time: "19:00",
    timeZone: ZONE,
    durationHours: 1,
    durationMinutes: 30,
    location: { name: "Christie Pits", latitude: 43.6645, longitude: -79.4206 },
    cost: "0",
    maxPlayers: 4,
    includeGoalkeepers: false,
    repeat: { ends: "after_games", gameCount: 1, opensDaysBefore: 6, regulars: { windowHours: "24", minGames: 3, ofLast: 4, maxPercent: 70 } },
  });
  expect(created.status).toBe(201);
  const [game] = await db().select().from(eventTable).where(eq(eventTable.seriesId, created.body.series.id)).orderBy(asc(eventTable.startsAt));
  return game!;
}

let pastGames = 0;
async function pastGame(template: typeof eventTable.$inferSelect, weeksAgo: number) {
  const startsAt = new Date(Date.now() - weeksAgo * WEEK);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = template;
  const [row] = await db()
    .insert(eventTable)
    .values({
      ...fields,
      occurrenceDate: addDays(template.occurrenceDate!, -1000 - ++pastGames),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      registrationOpensAt: new Date(startsAt.getTime() - 6 * 24 * HOUR),
      regularsOpenAt: new Date(startsAt.getTime() - 7 * 24 * HOUR),
    })
    .returning();
  return row!;
}

async function played(userId: string, games: { id: string }[], noShow = false) {
  for (const game of games) {
    const row = await insertRegistration(db(), { eventId: game.id, userId, status: "confirmed" });
    if (noShow) await db().update(registration).set({ noShowAt: new Date() }).where(eq(registration.id, row.id));
  }
}

/** Moves the game's window; written behind the app's back, so its cached page is dropped (as an edit would). */
async function setWindow(eventId: string, regularsOpenAt: Date, registrationOpensAt: Date) {
  await db().update(eventTable).set({ regularsOpenAt, registrationOpensAt }).where(eq(eventTable.id, eventId));
  context.services.listCache.invalidate();
}

const page = async (client: TestClient, id: string) => (await client.json<{ event: EventDetail }>("GET", `/api/events/${id}`)).body.event;

/** A regular (3 of 3), a newcomer, one with two no-shows in a row, one with 1 game of the last 4. */
async function cast(title: string) {
  const game = await regularsSeries(title);
  const past = [await pastGame(game, 1), await pastGame(game, 2), await pastGame(game, 3)];
  const regular = await signUpVerified(context, { firstName: "Reg", lastName: title });
  await played(regular.userId, past);
  const newcomer = await signUpVerified(context, { firstName: "Newt", lastName: title });
  const noShows = await signUpVerified(context, { firstName: "Noah", lastName: title });
  await played(noShows.userId, [past[2]!]);
  await played(noShows.userId, [past[0]!, past[1]!], true);
  const few = await signUpVerified(context, { firstName: "Fay", lastName: title });
  await played(few.userId, [past[2]!]);
  return { game, regular, newcomer, noShows, few };
}

describe("each viewer's standing with the regulars", () => {
  it("is said to each on the game's page, before and in the window, and the spots kept; the cards learn it from the viewer's own request", async () => {
    const { game, regular, newcomer, noShows, few } = await cast("Standing");
    await setWindow(game.id, new Date(Date.now() + HOUR), new Date(Date.now() + 25 * HOUR));
    expect((await page(regular.client, game.id)).regularsWindow).toMatchObject({ viewerIsRegular: true, viewerStanding: { status: "regular" }, maxPlayers: 2 });
    expect((await page(newcomer.client, game.id)).regularsWindow?.viewerStanding).toEqual({ status: "newcomer" });
    expect((await page(noShows.client, game.id)).regularsWindow?.viewerStanding).toEqual({ status: "noShows" });
    expect((await page(few.client, game.id)).regularsWindow?.viewerStanding).toEqual({ status: "fewGames", played: 1, minGames: 3, ofLast: 4 });

    // In the window: the same, and the regular's card knows it from their own request only.
    await setWindow(game.id, new Date(Date.now() - HOUR), new Date(Date.now() + 23 * HOUR));
    expect((await page(noShows.client, game.id)).regularsWindow?.viewerStanding).toEqual({ status: "noShows" });
    const mineOf = async (client: TestClient) => (await client.json<MyActiveRegistrationsResponse>("GET", "/api/me/registrations")).body;
    expect((await mineOf(regular.client)).regularOf).toContain(game.id);
    expect((await mineOf(newcomer.client)).regularOf ?? []).not.toContain(game.id);
    expect((await mineOf(noShows.client)).regularOf ?? []).not.toContain(game.id);

    // Once open to everyone, nobody's standing is sent.
    await setWindow(game.id, new Date(Date.now() - 25 * HOUR), new Date(Date.now() - HOUR));
    expect((await page(regular.client, game.id)).regularsWindow).toBeUndefined();
    expect((await mineOf(regular.client)).regularOf ?? []).not.toContain(game.id);
  });

  it("the shared home list says how many wait and holds no one's own part", async () => {
    const { game, regular, newcomer } = await cast("Shared");
    await setWindow(game.id, new Date(Date.now() - 25 * HOUR), new Date(Date.now() - HOUR));
    await db().update(eventTable).set({ maxPlayers: 1 }).where(eq(eventTable.id, game.id));
    await insertRegistration(db(), { eventId: game.id, userId: regular.userId, status: "confirmed" });
    await insertRegistration(db(), { eventId: game.id, userId: newcomer.userId, status: "waitlisted" });
    context.services.listCache.invalidate();
    const response = await newcomer.client.get("/api/events?scope=upcoming");
    const text = await response.text();
    const listed = (JSON.parse(text) as UpcomingEventsResponse).events.find((candidate) => candidate.id === game.id);
    expect(listed).toMatchObject({ playersCount: 1, maxPlayers: 1, playersWaiting: 1 });
    expect(text).not.toContain(regular.userId);
    expect(text).not.toContain(newcomer.userId);
  });
});

describe("Tell me when it opens", () => {
  type ErrorBody = { error: { message: string } };
  const ask = (client: TestClient, id: string) => client.json<{ openingReminder: boolean } & ErrorBody>("PUT", `/api/events/${id}/opening-reminder`);
  const undo = (client: TestClient, id: string) => client.json<{ openingReminder: boolean } & ErrorBody>("DELETE", `/api/events/${id}/opening-reminder`);
  const rows = async (eventId: string) => db().select().from(openingReminder).where(eq(openingReminder.eventId, eventId));

  it("is asked once however often, undone, refused to a regular in the window, on an open game and to a visitor signed out", async () => {
    const { game, regular, newcomer, ...others } = await cast("Asking");
    await setWindow(game.id, new Date(Date.now() - HOUR), new Date(Date.now() + 23 * HOUR));
    expect((await ask(newcomer.client, game.id)).status).toBe(200);
    expect((await ask(newcomer.client, game.id)).body).toEqual({ openingReminder: true });
    expect(await rows(game.id)).toHaveLength(1);
    expect((await page(newcomer.client, game.id)).openingReminder).toBe(true);
    expect((await page(regular.client, game.id)).openingReminder).toBe(false);

    const refused = await ask(regular.client, game.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe("You are one of this game's regulars: you can join it now.");
    // Once the regulars' two player spots are held, the regular waits for the opening like anyone, and may ask.
    const { few, noShows } = others;
    await played(few.userId, [game]);
    await played(noShows.userId, [game]);
    expect((await ask(regular.client, game.id)).status).toBe(200);
    await db().delete(registration).where(eq(registration.eventId, game.id));
    expect((await undo(regular.client, game.id)).status).toBe(200);
    expect((await ask(new TestClient(context), game.id)).status).toBe(401);
    expect((await ask(newcomer.client, "not-a-game")).status).toBe(404);

    expect((await undo(newcomer.client, game.id)).body).toEqual({ openingReminder: false });
    expect((await undo(newcomer.client, game.id)).status).toBe(200);
    expect(await rows(game.id)).toHaveLength(0);

    await setWindow(game.id, new Date(Date.now() - 25 * HOUR), new Date(Date.now() - HOUR));
    const open = await ask(newcomer.client, game.id);
    expect(open.status).toBe(422);
    expect(open.body.error.message).toBe("This game is already open: you can join it now.");
    expect(await rows(game.id)).toHaveLength(0);
  });

  it("mails whoever asked at the opening, once, even with new-game mails off; not someone who took it back", async () => {
    const { game, newcomer, few } = await cast("Opening Mail");
    const quiet = await signUpVerified(context, { firstName: "Quinn", lastName: "Quiet" });
    await db().update(user).set({ notifyNewEvents: false }).where(eq(user.id, quiet.userId));
    await db().update(user).set({ notifyNewEvents: false }).where(eq(user.id, few.userId));
    await setWindow(game.id, new Date(Date.now() - HOUR), new Date(Date.now() + 23 * HOUR));
    expect((await ask(quiet.client, game.id)).status).toBe(200);
    expect((await ask(newcomer.client, game.id)).status).toBe(200);
    expect((await ask(few.client, game.id)).status).toBe(200);
    expect((await undo(few.client, game.id)).status).toBe(200);

    await setWindow(game.id, new Date(Date.now() - 24 * HOUR), new Date(Date.now() - 1000));
    const sweep = () => announceSeriesOpenings({ database: context.database, jobs: bossJobQueue(context.boss!) });
    // Two sweeps at once (two instances): the game is claimed once.
    await Promise.all([sweep(), sweep()]);
    expect((await db().select().from(eventTable).where(eq(eventTable.id, game.id)))[0]!.openingAnnouncedAt).not.toBeNull();
    const toQuiet = await context.mail.waitFor(quiet.email, "New game: Opening Mail");
    expect(toQuiet.text).toContain(`/event/${game.id}`);
    await context.mail.waitFor(newcomer.email, "New game: Opening Mail");
    const ledger = await db().select().from(newEventMailSent).where(eq(newEventMailSent.eventId, game.id));
    expect(ledger.filter((row) => row.userId === quiet.userId || row.userId === newcomer.userId)).toHaveLength(2);
    expect(ledger.some((row) => row.userId === few.userId)).toBe(false);
    const mailsTo = (email: string) => context.mail.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && mail.subject.includes("Opening Mail"));
    expect(mailsTo(quiet.email)).toHaveLength(1);
    expect(mailsTo(newcomer.email)).toHaveLength(1);
    expect(mailsTo(few.email)).toHaveLength(0);
  });
});

describe("a game under way or over", () => {
  it("takes no join: the server refuses it after the start", async () => {
    const { game, newcomer } = await cast("Started");
    const startsAt = new Date(Date.now() - 10 * 60_000);
    await db()
      .update(eventTable)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), regularsOpenAt: new Date(startsAt.getTime() - 7 * 24 * HOUR), registrationOpensAt: new Date(startsAt.getTime() - 6 * 24 * HOUR) })
      .where(eq(eventTable.id, game.id));
    const joined = await newcomer.client.json<{ error: { message: string } }>("POST", `/api/events/${game.id}/registrations`, { role: "player" });
    expect(joined.status).toBe(422);
    expect(joined.body.error.message).toBe("This event has already started.");
    expect(await db().select().from(registration).where(eq(registration.eventId, game.id))).toHaveLength(0);
  });
});

describe("the organiser and the regulars' guests", () => {
  it("the series' page names its regulars now; a regular's guests take regulars' spots only within the share, never past it", async () => {
    const { game, regular, noShows, few } = await cast("Guests");
    const detail = await admin.json<SeriesDetailResponse>("GET", `/api/admin/series/${game.seriesId}`);
    expect(detail.body.regulars).toEqual([{ name: "Reg Guests" }]);

    // 4 player spots at 70 %: 2 are the regulars'. A party of 3 would pass the share: refused, nothing held.
    await db().update(eventTable).set({ maxGuestsPerPlayer: 2 }).where(eq(eventTable.id, game.id));
    await setWindow(game.id, new Date(Date.now() - HOUR), new Date(Date.now() + 23 * HOUR));
    const join = (client: TestClient, guests: string[]) =>
      client.json<{ error: { message: string } }>("POST", `/api/events/${game.id}/registrations`, { role: "player", guests: guests.map((firstName) => ({ firstName })) });
    const tooMany = await join(regular.client, ["Sam", "Kim"]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.message).toBe("The spots for regulars are taken. The others open to everyone when registration opens.");
    expect(await db().select().from(registration).where(eq(registration.eventId, game.id))).toHaveLength(0);
    expect((await join(regular.client, ["Sam"])).status).toBe(201);
    // The share is held (the regular and their guest); the others, not regulars, wait for the opening, which keeps two spots.
    expect((await join(noShows.client, [])).status).toBe(422);
    expect((await join(few.client, [])).status).toBe(422);
    const held = await db().select().from(registration).where(eq(registration.eventId, game.id));
    expect(held.map((row) => ({ status: row.status, guestCount: row.guestCount }))).toEqual([{ status: "confirmed", guestCount: 1 }]);
  });
});
