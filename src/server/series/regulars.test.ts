import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGULARS_ONLY, REGULARS_SPOTS_TAKEN } from "#shared/registration-opening.ts";
import { ALL_FIELDS_REQUIRED, type EventDetail } from "#shared/events.ts";
import { type EditSeriesRegularsResponse, REGULARS_MIN_GAMES_RANGE, REGULARS_WINDOW_RANGE, type SeriesDetailResponse } from "#shared/series.ts";
import { addDays } from "#shared/series-schedule.ts";
import { eventually, registrationDeps } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import type { SessionUser } from "#server/auth/session.ts";
import { event as eventTable, newEventMailSent, registration } from "#server/db/schema.ts";
import { getEventDetail } from "#server/events/get-event.ts";
import { insertRegistration, insertUser } from "#test/seed-events.ts";
import { AppError } from "#server/http/errors.ts";
import { startNewEventMailWorkers } from "#server/events/new-event-mail-jobs.ts";
import { bossJobQueue } from "#server/jobs/queue.ts";
import { joinEvent } from "#server/registrations/join.ts";
import { REGISTRATION_NOT_OPEN } from "#server/registrations/join-batch.ts";
import { announceSeriesOpenings } from "./announce-openings.ts";
import { SERIES_ENDED_REGULARS } from "./edit-regulars.ts";
import { regularsOf } from "#server/events/regulars.ts";
import { thursdayFrom } from "#test/seed-series.ts";
import { english } from "#test/shared-english.ts";

/**
 * Regulars first (docs/series.md) on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * who the regulars are, the window's edges, the share of spots under concurrent joins, the page, and
 * the mails at the window's start and at the opening.
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

const deps = () => registrationDeps(context);

/** Create New Event with Repeat weekly, as the form sends it: a free game of 4 players, Thursdays at 19:00. */
function seriesForm(title: string, more: Record<string, unknown>) {
  return {
    title,
    date: thursdayFrom(8, ZONE),
    time: "19:00",
    timeZone: ZONE,
    durationHours: 1,
    durationMinutes: 30,
    location: { name: "Christie Pits", latitude: 43.6645, longitude: -79.4206 },
    field: "",
    notes: "",
    cost: "0",
    maxPlayers: 4,
    includeGoalkeepers: false,
    goalkeeperCost: "",
    maxGoalkeepers: 2,
    ...more,
  };
}

/** A free weekly game of 4 players (and 2 goalkeepers) with regulars first: 3 of the last 4, 70 %. */
async function regularsSeries(title: string) {
  const created = await admin.json<SeriesDetailResponse>("POST", "/api/admin/series", seriesForm(title, {
    includeGoalkeepers: true,
    goalkeeperCost: "0",
    repeat: { ends: "after_games", gameCount: 2, opensDaysBefore: 6, regulars: { windowHours: "24", minGames: 3, ofLast: 4, maxPercent: 70 } },
  }));
  expect(created.status).toBe(201);
  expect(created.body.series.regulars).toEqual({ windowMinutes: 24 * 60, minGames: 3, ofLast: 4, maxPercent: 70 });
  const [game] = await context.database.db.select().from(eventTable).where(eq(eventTable.seriesId, created.body.series.id)).orderBy(asc(eventTable.startsAt));
  // The window is generated with the game: 24 hours before its opening.
  expect(game!.registrationOpensAt!.getTime() - game!.regularsOpenAt!.getTime()).toBe(24 * HOUR);
  return game!;
}

let pastGames = 0;

/** Games of the series already played, `weeksAgo` weeks back (1 = last week), as the generation would have made them. */
async function pastGame(template: typeof eventTable.$inferSelect, weeksAgo: number, status: "active" | "cancelled" = "active") {
  const startsAt = new Date(Date.now() - weeksAgo * WEEK);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = template;
  const [row] = await context.database.db
    .insert(eventTable)
    .values({
      ...fields,
      status,
      // Any day of its own before the series' first (the generation's key needs one per game).
      occurrenceDate: addDays(template.occurrenceDate!, -1000 - ++pastGames),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      registrationOpensAt: new Date(startsAt.getTime() - 6 * 24 * HOUR),
      regularsOpenAt: new Date(startsAt.getTime() - 7 * 24 * HOUR),
    })
    .returning();
  return row!;
}

async function person(firstName: string): Promise<SessionUser> {
  const row = await insertUser(context.database.db, { firstName, lastName: "Weekly" });
  return { ...row, isAdmin: false } as SessionUser;
}

/** `who` held a spot in each game (a no-show when marked so), or gave it up before kick-off. */
async function played(who: SessionUser, games: { id: string }[], how: { noShow?: boolean; gaveUp?: boolean } = {}) {
  for (const game of games) {
    const row = await insertRegistration(context.database.db, { eventId: game.id, userId: who.id, status: how.gaveUp ? "cancelled" : "confirmed" });
    if (how.noShow) await context.database.db.update(registration).set({ noShowAt: new Date() }).where(eq(registration.id, row.id));
  }
}

const setWindow = (eventId: string, regularsOpenAt: Date, registrationOpensAt: Date) =>
  context.database.db.update(eventTable).set({ regularsOpenAt, registrationOpensAt }).where(eq(eventTable.id, eventId));

async function tryJoin(user: SessionUser, eventId: string, role: "player" | "goalkeeper" = "player") {
  try {
    return (await joinEvent(deps(), { user, eventId, input: { role } })).body.registration!.status;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

describe("regulars of a series' game", () => {
  it("are those with a spot in 3 of the last 4 games played, not cancelled games, not spots given up, not two no-shows in a row", async () => {
    const game = await regularsSeries("Who counts");
    const [p1, p2, p3, p4, p5] = [await pastGame(game, 1), await pastGame(game, 2), await pastGame(game, 3), await pastGame(game, 4), await pastGame(game, 5)];
    const cancelled = await pastGame(game, 0.5, "cancelled");
    const rita = await person("Rita");
    const olga = await person("Olga");
    const nora = await person("Nora");
    const old = await person("Old");
    const called = await person("Called");
    const leaver = await person("Leaver");
    const newcomer = await person("Newcomer");
    const future = await person("Future");
    await played(rita, [p1!, p2!, p3!]);
    await played(olga, [p2!, p3!]);
    await played(olga, [p1!], { noShow: true }); // one no-show: still a regular
    await played(nora, [p3!, p4!]);
    await played(nora, [p1!, p2!], { noShow: true }); // the last two were no-shows: not
    await played(old, [p3!, p4!, p5!]); // only 2 of the last 4
    await played(called, [cancelled, p1!, p2!]); // a cancelled game is not one of "the last games"
    await played(leaver, [p1!, p2!]);
    await played(leaver, [p3!], { gaveUp: true }); // gave the spot up before kick-off
    // A game of the series still to come says nothing yet.
    const [nextWeek] = await context.database.db.select().from(eventTable).where(and(eq(eventTable.seriesId, game.seriesId!), eq(eventTable.occurrenceDate, addDays(game.occurrenceDate!, 7))));
    await played(future, [p1!, p2!]);
    await played(future, [nextWeek!]);

    const rule = { minGames: 3, ofLast: 4 };
    const now = new Date();
    expect(new Set(await regularsOf(context.database.db, nextWeek!, rule, now))).toEqual(new Set([rita.id, olga.id]));
    // One person at a time (a join's question) gives the same answers.
    for (const [who, expected] of [[rita, true], [olga, true], [nora, false], [old, false], [called, false], [leaver, false], [newcomer, false], [future, false]] as const) {
      expect(await regularsOf(context.database.db, nextWeek!, rule, now, who.id)).toEqual(expected ? [who.id] : []);
    }
  });
});

describe("joining in the regulars' window", () => {
  it("refuses everyone before it, lets only regulars in during it up to their share (under concurrent joins), and everyone after", async () => {
    const game = await regularsSeries("Window edges");
    const past = [await pastGame(game, 1), await pastGame(game, 2), await pastGame(game, 3)];
    const regulars = await Promise.all(["Rex", "Remy", "Rosa", "Ruth", "Rolf"].map(person));
    for (const regular of regulars) await played(regular, past);
    const noShows = await person("Nell");
    await played(noShows, [past[2]!]);
    await played(noShows, [past[0]!, past[1]!], { noShow: true });
    const newcomer = await person("Nico");

    const pageFor = (viewer: SessionUser | undefined) => getEventDetail({ db: context.database.db, id: game.id, viewer: viewer && { id: viewer.id, isAdmin: false } });

    // Before the window: nobody, regulars included; the page already says who will be one (a page
    // left open offers the join when the clock reaches the window).
    await setWindow(game.id, new Date(Date.now() + 60_000), new Date(Date.now() + HOUR));
    expect(await tryJoin(regulars[0]!, game.id)).toBe(REGISTRATION_NOT_OPEN);
    expect(await tryJoin(newcomer, game.id)).toBe(REGISTRATION_NOT_OPEN);
    expect((await pageFor(regulars[0]))?.regularsWindow).toEqual({ maxPlayers: 2, maxGoalkeepers: 1, viewerIsRegular: true, viewerStanding: { status: "regular" } });

    // At the window's start: the newcomer and the no-show regular are refused with why; regulars may
    // join, at most 70 % of 4 players (2) and of 2 goalkeepers (1), however many press at once.
    await setWindow(game.id, new Date(Date.now() - 1000), new Date(Date.now() + HOUR));
    expect(await tryJoin(newcomer, game.id)).toBe(english(REGULARS_ONLY));
    expect(await tryJoin(noShows, game.id)).toBe(english(REGULARS_ONLY));
    const crowd = await Promise.all(regulars.slice(0, 4).map((regular) => tryJoin(regular, game.id)));
    expect(crowd.filter((answer) => answer === "confirmed")).toHaveLength(2);
    expect(crowd.filter((answer) => answer === english(REGULARS_SPOTS_TAKEN))).toHaveLength(2);
    expect(await tryJoin(regulars[4]!, game.id, "goalkeeper")).toBe("confirmed");
    expect(await tryJoin(regulars[3]!, game.id, "goalkeeper")).toBe(english(REGULARS_SPOTS_TAKEN));
    const held = (await context.database.db.select().from(registration).where(eq(registration.eventId, game.id))).filter((row) => row.status === "confirmed");
    expect(held).toHaveLength(3);

    // The page says who may join now.
    expect((await pageFor(regulars[3]))?.regularsWindow).toEqual({ maxPlayers: 2, maxGoalkeepers: 1, viewerIsRegular: true, viewerStanding: { status: "regular" } });
    expect((await pageFor(newcomer))?.regularsWindow).toEqual({ maxPlayers: 2, maxGoalkeepers: 1, viewerIsRegular: false, viewerStanding: { status: "newcomer" } });
    expect((await pageFor(undefined))?.regularsWindow?.viewerIsRegular).toBe(false);

    // The API answers a 422 with the reason, in the reader's language.
    const { client } = await signUpVerified(context);
    const refused = await client.request("POST", `/api/events/${game.id}/registrations`, { role: "player" }, { "accept-language": "fr-CA" });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("Seuls les habitués de cette série peuvent s’inscrire avant l’ouverture des inscriptions.");

    // At the opening: everyone, the regulars who were refused too, up to the whole game.
    await setWindow(game.id, new Date(Date.now() - HOUR), new Date(Date.now() - 1000));
    const refusedEarlier = regulars[crowd.indexOf(english(REGULARS_SPOTS_TAKEN))]!;
    expect(await tryJoin(newcomer, game.id)).toBe("confirmed");
    expect(await tryJoin(refusedEarlier, game.id)).toBe("confirmed");
    expect(await tryJoin(noShows, game.id)).toBe("waitlisted");
    expect((await pageFor(newcomer))?.regularsWindow).toBeUndefined();
  });
});

describe("announcing a series game", () => {
  it("mails its regulars at the window's start, everyone else at the opening, each person once, however many sweeps run", async () => {
    const game = await regularsSeries("Announced");
    const past = [await pastGame(game, 1), await pastGame(game, 2), await pastGame(game, 3)];
    const regular = await person("Reg");
    await played(regular, past);
    const newcomer = await person("Newt");
    const mailsTo = (who: SessionUser) => context.mail.mails.filter((mail) => mail.to.includes(who.email.toLowerCase()) && mail.subject.includes("Announced"));

    // Generated, not open: nothing yet.
    const sweep = () => announceSeriesOpenings({ database: context.database, jobs: bossJobQueue(context.boss!) });
    await setWindow(game.id, new Date(Date.now() + HOUR), new Date(Date.now() + 2 * HOUR));
    await sweep();
    expect(await context.database.db.select().from(eventTable).where(eq(eventTable.id, game.id))).toMatchObject([{ regularsAnnouncedAt: null, openingAnnouncedAt: null }]);

    // The window starts: two sweeps at once (two instances) claim it once; only the regular is told.
    await setWindow(game.id, new Date(Date.now() - 1000), new Date(Date.now() + HOUR));
    const both = await Promise.all([sweep(), sweep()]);
    expect(both.map((result) => result.regulars).sort()).toEqual([0, 1]);
    const toRegular = await context.mail.waitFor(regular.email, "New game: Announced");
    expect(toRegular.text).toContain("As one of this game's regulars, you can join now, before everyone else. Registration opens to everyone on");
    expect(await sweep()).toEqual({ regulars: 0, everyone: 0 });

    // The opening: everyone else is told; the regular is not told twice.
    await setWindow(game.id, new Date(Date.now() - HOUR), new Date(Date.now() - 1000));
    expect((await sweep()).everyone).toBe(1);
    const toNewcomer = await context.mail.waitFor(newcomer.email, "New game: Announced");
    expect(toNewcomer.text).not.toContain("regulars");
    const ledger = await context.database.db.select().from(newEventMailSent).where(eq(newEventMailSent.eventId, game.id));
    expect(ledger.filter((row) => row.userId === regular.id)).toHaveLength(1);
    expect(mailsTo(regular)).toHaveLength(1);
    expect(mailsTo(newcomer)).toHaveLength(1);
  });
});

describe("changing a series' regulars rule", () => {
  type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
  const rule = (windowHours: number | string, more: Record<string, unknown> = {}) => ({ windowHours, minGames: 3, ofLast: 4, maxPercent: 70, ...more });
  const put = (client: TestClient, seriesId: string, body: unknown) => client.json<EditSeriesRegularsResponse & ErrorBody>("PUT", `/api/admin/series/${seriesId}/regulars`, body as Record<string, unknown>);
  const gameRow = async (id: string) => (await context.database.db.select().from(eventTable).where(eq(eventTable.id, id)))[0]!;

  /** A free weekly game of 4 players, 4 games, no regulars' rule: every game opens 6 days before kick-off. */
  async function plainSeries(title: string) {
    const created = await admin.json<SeriesDetailResponse>("POST", "/api/admin/series", seriesForm(title, { repeat: { ends: "after_games", gameCount: 4, opensDaysBefore: 6 } }));
    expect(created.status).toBe(201);
    expect(created.body.series.regulars).toBeNull();
    const games = await context.database.db.select().from(eventTable).where(eq(eventTable.seriesId, created.body.series.id)).orderBy(asc(eventTable.startsAt));
    expect(games).toHaveLength(4);
    expect(games.every((game) => game.regularsOpenAt === null)).toBe(true);
    return { seriesId: created.body.series.id, games };
  }

  it("gives the games not open yet a window, moves it, removes it, and leaves the games already open as they were", async () => {
    const { seriesId, games } = await plainSeries("Rule changed");
    const [open, soon, later, last] = games as [typeof games[0], typeof games[0], typeof games[0], typeof games[0]];
    // One game already open; one opening to everyone in an hour (so a head start of a day or more has begun).
    await context.database.db.update(eventTable).set({ registrationOpensAt: new Date(Date.now() - HOUR) }).where(eq(eventTable.id, open.id));
    await context.database.db.update(eventTable).set({ registrationOpensAt: new Date(Date.now() + HOUR) }).where(eq(eventTable.id, soon.id));
    const past = [await pastGame(soon, 1), await pastGame(soon, 2), await pastGame(soon, 3)];
    const [rex, remy] = [await person("Rex"), await person("Remy")];
    for (const regular of [rex, remy]) await played(regular, past);
    const newcomer = await person("Nina");
    // Before: nobody joins a game not open yet; the page (cached) says no window.
    expect(await tryJoin(rex, soon.id)).toBe(REGISTRATION_NOT_OPEN);
    const pageOf = async (id: string) => (await admin.json<{ event: EventDetail }>("GET", `/api/events/${id}`)).body.event;
    expect((await pageOf(soon.id)).regularsOpenAt).toBeNull();

    // On, with a 48-hour head start: the three games not open yet get their window, each bumped.
    const before = await Promise.all(games.map((game) => gameRow(game.id)));
    const heard = new Map<string, number>();
    const stop = context.services.live.channel.subscribe((message) => {
      if (message.type === "event") heard.set(message.eventId, message.version);
    });
    const on = await put(admin, seriesId, { regulars: rule("48") });
    expect(on.status).toBe(200);
    expect(on.body.games).toBe(3);
    expect(on.body.series.regulars).toEqual({ windowMinutes: 48 * 60, minGames: 3, ofLast: 4, maxPercent: 70 });
    for (const [index, game] of [soon, later, last].entries()) {
      const row = await gameRow(game.id);
      expect(row.registrationOpensAt!.getTime() - row.regularsOpenAt!.getTime(), `game ${index + 1}`).toBe(48 * HOUR);
      expect(row.version).toBe(before[index + 1]!.version + 1);
    }
    expect(await gameRow(open.id)).toEqual(before[0]);
    // Each changed game is announced on the live channel with its new version, as an edit is.
    await eventually(async () => (heard.size >= 3 ? true : undefined), "the changes to be heard", 5_000);
    stop();
    expect(heard).toEqual(new Map([soon, later, last].map((game, index) => [game.id, before[index + 1]!.version + 1])));
    // The page hears of it at once (the cache was dropped), and a regular may join in the window; a newcomer may not.
    expect((await pageOf(soon.id)).regularsOpenAt).toBe((await gameRow(soon.id)).regularsOpenAt!.toISOString());
    expect(await tryJoin(newcomer, soon.id)).toBe(english(REGULARS_ONLY));
    expect(await tryJoin(rex, soon.id)).toBe("confirmed");
    // The same rule again changes nothing.
    expect((await put(admin, seriesId, { regulars: rule(48) })).body.games).toBe(0);

    // `later` opens now: from here on it keeps the window it had.
    await context.database.db.update(eventTable).set({ registrationOpensAt: new Date(Date.now() - 60_000) }).where(eq(eventTable.id, later.id));
    const openedLater = await gameRow(later.id);

    // A 24-hour head start moves the windows of the games not open yet.
    const lastBefore = await gameRow(last.id);
    const moved = await put(admin, seriesId, { regulars: rule(24) });
    expect(moved.status).toBe(200);
    expect(moved.body.games).toBe(2);
    const lastAfter = await gameRow(last.id);
    expect(lastAfter.registrationOpensAt!.getTime() - lastAfter.regularsOpenAt!.getTime()).toBe(24 * HOUR);
    expect(lastAfter.regularsOpenAt!.getTime() - lastBefore.regularsOpenAt!.getTime()).toBe(24 * HOUR);
    expect(lastAfter.version).toBe(lastBefore.version + 1);
    expect(await gameRow(later.id)).toEqual(openedLater);

    // Only the share changes: the games with a window are told (their pages show it), their windows stay.
    const shared = await put(admin, seriesId, { regulars: rule(24, { maxPercent: 50 }) });
    expect(shared.body).toMatchObject({ games: 2, series: { regulars: { windowMinutes: 24 * 60, maxPercent: 50 } } });
    expect((await gameRow(last.id)).regularsOpenAt).toEqual(lastAfter.regularsOpenAt);

    // Off: no window any more; before the opening everyone is refused again, regulars too.
    const off = await put(admin, seriesId, { regulars: null });
    expect(off.status).toBe(200);
    expect(off.body.games).toBe(2);
    expect(off.body.series.regulars).toBeNull();
    expect((await gameRow(soon.id)).regularsOpenAt).toBeNull();
    expect((await gameRow(last.id)).regularsOpenAt).toBeNull();
    expect(await tryJoin(remy, soon.id)).toBe(REGISTRATION_NOT_OPEN);
    expect(await tryJoin(newcomer, soon.id)).toBe(REGISTRATION_NOT_OPEN);
    expect((await pageOf(soon.id)).regularsOpenAt).toBeNull();
    // The games already open kept theirs; the regular who joined keeps the spot.
    expect(await gameRow(later.id)).toEqual(openedLater);
    expect((await gameRow(open.id)).regularsOpenAt).toBeNull();
    expect((await context.database.db.select().from(registration).where(eq(registration.eventId, soon.id))).map((row) => [row.userId, row.status])).toEqual([[rex.id, "confirmed"]]);
    // Turned off, the others numbers stay for the next time it is turned on.
    expect((await admin.json<SeriesDetailResponse>("GET", `/api/admin/series/${seriesId}`)).body.series.regulars).toBeNull();
    const again = await put(admin, seriesId, { regulars: rule(12) });
    expect(again.body.games).toBe(2);
    expect((await gameRow(last.id)).registrationOpensAt!.getTime() - (await gameRow(last.id)).regularsOpenAt!.getTime()).toBe(12 * HOUR);
  });

  it("is for admins only; bad input is a 400 with the fields' messages; an ended series' rule cannot change", async () => {
    const { seriesId, games } = await plainSeries("Rule refused");
    const body = { regulars: rule(24) };
    expect((await put(new TestClient(context), seriesId, body)).status).toBe(401);
    const { client } = await signUpVerified(context);
    expect((await put(client, seriesId, body)).status).toBe(403);

    const bad = await put(admin, seriesId, { regulars: rule(0) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ "regulars.windowHours": english(REGULARS_WINDOW_RANGE) });
    const more = await put(admin, seriesId, { regulars: rule(24, { minGames: 5 }) });
    expect(more.status).toBe(400);
    expect(more.body.error.fields).toEqual({ "regulars.minGames": english(REGULARS_MIN_GAMES_RANGE) });
    const missing = await put(admin, seriesId, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ regulars: english(ALL_FIELDS_REQUIRED) });
    const french = await admin.request("PUT", `/api/admin/series/${seriesId}/regulars`, { regulars: rule(200) }, { "accept-language": "fr-CA" });
    expect(french.status).toBe(400);
    expect(((await french.json()) as ErrorBody).error.fields).toEqual({ "regulars.windowHours": "L’avance des habitués doit être entre 1 et 168 heures" });
    expect((await put(admin, "00000000-0000-4000-8000-000000000000", body)).status).toBe(404);
    // Nothing changed by the refusals.
    expect((await Promise.all(games.map((game) => gameRow(game.id)))).map((row) => [row.regularsOpenAt, row.version])).toEqual(games.map((game) => [null, game.version]));

    expect((await admin.json("POST", `/api/admin/series/${seriesId}/end`)).status).toBe(200);
    const ended = await put(admin, seriesId, body);
    expect(ended.status).toBe(422);
    expect(ended.body.error.message).toBe(SERIES_ENDED_REGULARS);
  });
});
