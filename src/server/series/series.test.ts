import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditSeriesGamesResponse, EndSeriesResponse, SeriesDetailResponse, SeriesListResponse } from "#shared/series.ts";
import { addDays, isoWeekday } from "#shared/series-schedule.ts";
import { dateInZone, wallClockAt } from "#shared/zoned-time.ts";
import { eventAs, eventually, join, playerWithCard, registrationsOf } from "#test/payments.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { event as eventTable, payment, series as seriesTable } from "#server/db/schema.ts";
import { REGISTRATION_NOT_OPEN } from "#server/registrations/join-batch.ts";
import { FOLLOWING_WITHIN_A_WEEK } from "./edit-series-games.ts";
import { generateGamesOf, generateSeriesGames } from "./generate-games.ts";
import { thursdayFrom } from "#test/seed-series.ts";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const ZONE = "America/Toronto";

let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});


/** The Create New Event form with "Repeat weekly", as the browser sends it. */
function seriesBody(overrides: Record<string, unknown> = {}, repeat: Record<string, unknown> = {}) {
  return {
    title: "Thursday night",
    date: thursdayFrom(8, ZONE),
    time: "19:00",
    timeZone: ZONE,
    durationHours: 1,
    durationMinutes: 30,
    location: { name: "Christie Pits", latitude: 43.6645, longitude: -79.4206 },
    field: "",
    notes: "",
    cost: "10.00",
    maxPlayers: 10,
    includeGoalkeepers: false,
    goalkeeperCost: "",
    maxGoalkeepers: 2,
    ...overrides,
    repeat: { ends: "after_games", gameCount: 4, opensDaysBefore: 6, ...repeat },
  };
}

async function createSeries(overrides: Record<string, unknown> = {}, repeat: Record<string, unknown> = {}) {
  const created = await admin.json<SeriesDetailResponse & ErrorBody>("POST", "/api/admin/series", seriesBody(overrides, repeat));
  expect(created.status).toBe(201);
  return created.body;
}

const gamesOf = (seriesId: string) =>
  context.database.db.select().from(eventTable).where(eq(eventTable.seriesId, seriesId)).orderBy(asc(eventTable.startsAt));

/** Opens a game for registration now, as if its opening time had come. */
const openNow = (eventId: string) =>
  context.database.db.update(eventTable).set({ registrationOpensAt: new Date(Date.now() - 60_000) }).where(eq(eventTable.id, eventId));

/** The edit form for a game of the series, as the browser sends it, with a scope. */
function editBody(game: { startsAt: Date }, scope: string, overrides: Record<string, unknown> = {}) {
  const wall = wallClockAt(game.startsAt.getTime(), ZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return { ...seriesBody({ date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, ...overrides }), repeat: undefined, scope };
}

describe("creating a series", () => {
  it("is for admins only, and bad input is a 400 with the fields' messages", async () => {
    expect((await new TestClient(context).json("POST", "/api/admin/series", seriesBody())).status).toBe(401);
    const { client } = await signUpVerified(context);
    expect((await client.json("POST", "/api/admin/series", seriesBody())).status).toBe(403);
    expect((await client.json("GET", "/api/admin/series")).status).toBe(403);

    const bad = await admin.json<ErrorBody>("POST", "/api/admin/series", seriesBody({ title: "" }, { gameCount: 0, opensDaysBefore: 40 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: "All fields are required",
      "repeat.gameCount": "The number of games must be between 1 and 104",
      "repeat.opensDaysBefore": "Registration must open between 1 and 28 days before kick-off",
    });
    const early = await admin.json<ErrorBody>("POST", "/api/admin/series", seriesBody({}, { ends: "on_date", endDate: "2020-01-01" }));
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toEqual({ "repeat.endDate": "The last date must be on or after the first game's date" });
    const french = await admin.request("POST", "/api/admin/series", seriesBody({}, { gameCount: 500 }), { "accept-language": "fr-CA" });
    expect(((await french.json()) as ErrorBody).error.fields).toEqual({ "repeat.gameCount": "Le nombre de parties doit être entre 1 et 104" });
  });

  it("creates the series and its games within the horizon, each an ordinary game listed on the series page", async () => {
    const body = await createSeries({ title: "Listed cup" }, { ends: "on_date", endDate: addDays(thursdayFrom(8, ZONE), 7 * 20), gameCount: undefined });
    expect(body.series).toMatchObject({ title: "Listed cup", weekday: 4, localTime: "19:00", timeZone: ZONE, status: "active", opensBeforeMinutes: 8640 });
    // 8 weeks ahead, from a first game 8–14 days away: 7 or 8 games.
    expect(body.games.length).toBeGreaterThanOrEqual(7);
    expect(body.games.length).toBeLessThanOrEqual(8);
    const page = await admin.json<SeriesDetailResponse>("GET", `/api/admin/series/${body.series.id}`);
    expect(page.body.games.map((game) => game.id)).toEqual(body.games.map((game) => game.id));
    const list = await admin.json<SeriesListResponse>("GET", "/api/admin/series");
    expect(list.body.series.map((row) => row.id)).toContain(body.series.id);
    // The game's own page says which series it belongs to, and when it opens.
    const detail = await eventAs(admin, body.games[0]!.id);
    expect(detail).toMatchObject({ seriesId: body.series.id, title: "Listed cup", costCents: 1000 });
    expect(Date.parse(detail.registrationOpensAt!)).toBe(Date.parse(detail.startsAt) - 6 * 86_400_000);
    expect((await admin.json("GET", "/api/admin/series/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("a game-on series (docs/game-on.md)", () => {
  it("gives each game the template's minimum, goalkeepers needed and decision, each game open until it is decided", async () => {
    const body = await createSeries(
      { title: "Game-on Thursdays", includeGoalkeepers: true, maxGoalkeepers: 2, gameOnMinPlayers: 8, gameOnMinGoalkeepers: 1, gameOnDecideHours: 36 },
      { gameCount: 3 },
    );
    const games = await gamesOf(body.series.id);
    expect(games).toHaveLength(3);
    for (const game of games) expect(game).toMatchObject({ gameOnMinPlayers: 8, gameOnMinGoalkeepers: 1, gameOnDecideHours: 36, gameOnState: "open" });
    const detail = await eventAs(admin, games[0]!.id);
    expect(detail.gameOn).toMatchObject({ minPlayers: 8, minGoalkeepers: 1, decideHours: 36, state: "open" });
    // The same checks as a single game's form: goalkeepers needed beyond the goalkeeper spots is refused.
    const bad = await admin.json<ErrorBody>("POST", "/api/admin/series", seriesBody({ includeGoalkeepers: true, maxGoalkeepers: 1, gameOnMinPlayers: 8, gameOnMinGoalkeepers: 2 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ gameOnMinGoalkeepers: "The goalkeepers needed must be a whole number, at most the goalkeeper spots." });
  });
});

describe("generating games", () => {
  it("keeps 19:00 in Toronto across the changes of clocks in November and March", async () => {
    const { series } = await createSeries({ title: "Clockwork" }, { gameCount: 60 });
    await generateSeriesGames({ db: context.database.db }, { horizonDays: 450, seriesIds: [series.id] });
    const games = await gamesOf(series.id);
    expect(games).toHaveLength(60);
    for (const game of games) expect(wallClockAt(game.startsAt.getTime(), ZONE)).toMatchObject({ hour: 19, minute: 0 });
    // Both offsets occur: 23:00 UTC in daylight time, 00:00 UTC in standard time.
    expect(new Set(games.map((game) => game.startsAt.getUTCHours()))).toEqual(new Set([23, 0]));
  });

  it("creates each game once when runs overlap: two jobs at once, and two inserts of the same games at once", async () => {
    const { series } = await createSeries({ title: "Once only" }, { gameCount: 30 });
    const before = (await gamesOf(series.id)).length;
    const runs = await Promise.all([1, 2, 3].map(() => generateSeriesGames({ db: context.database.db }, { horizonDays: 300, seriesIds: [series.id] })));
    expect(runs.reduce((sum, created) => sum + created, 0)).toBe(30 - before);
    const [row] = await context.database.db.select().from(seriesTable).where(eq(seriesTable.id, series.id));
    // Without the series' lock, straight on the unique key: nothing more.
    const raced = await Promise.all([1, 2].map(() => generateGamesOf(context.database.db, row!, { now: new Date(), horizonDays: 300 })));
    expect(raced.flat()).toEqual([]);
    const games = await gamesOf(series.id);
    expect(games).toHaveLength(30);
    expect(new Set(games.map((game) => game.occurrenceDate)).size).toBe(30);
  });
});

describe("joining a series' game", () => {
  it("is refused before it opens, with the reason in the reader's language, and allowed once it has opened", async () => {
    const { games } = await createSeries({ title: "Not yet", cost: "0" });
    const { client } = await signUpVerified(context);
    const early = await join(client, games[0]!.id, { role: "player" });
    expect(early.status).toBe(422);
    expect(early.body.error).toEqual({ code: "rule", message: REGISTRATION_NOT_OPEN });
    const french = await client.request("POST", `/api/events/${games[0]!.id}/registrations`, { role: "player" }, { "accept-language": "fr-CA" });
    expect(french.status).toBe(422);
    expect(((await french.json()) as ErrorBody).error.message).toBe("Les inscriptions à cette partie ne sont pas encore ouvertes.");
    expect(await registrationsOf(context, games[0]!.id)).toEqual([]);

    await openNow(games[0]!.id);
    const joined = await join(client, games[0]!.id, { role: "player" });
    expect(joined.status).toBe(201);
    expect(joined.body.registration?.status).toBe("confirmed");
  });
});

describe("editing a series' games", () => {
  it("changes this game alone, or this and the following ones (and the games generated later)", async () => {
    const { series } = await createSeries({ title: "Edits" }, { gameCount: 12 });
    const games = await gamesOf(series.id);
    const [first, second, third] = games;

    const alone = await admin.json<EditSeriesGamesResponse>("PATCH", `/api/admin/series/${series.id}/games/${second!.id}`, editBody(second!, "this", { title: "Derby" }));
    expect(alone.status).toBe(200);
    expect(alone.body).toMatchObject({ edited: 1, refused: [] });
    expect((await gamesOf(series.id)).map((game) => game.title).slice(0, 3)).toEqual(["Edits", "Derby", "Edits"]);

    const moved = await admin.json<EditSeriesGamesResponse>(
      "PATCH",
      `/api/admin/series/${series.id}/games/${second!.id}`,
      editBody(second!, "following", { title: "Late edits", time: "20:30", location: { name: "Trinity Bellwoods", latitude: null, longitude: null } }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.edited).toBe(games.length - 1);
    const after = await gamesOf(series.id);
    expect(after[0]).toMatchObject({ id: first!.id, title: "Edits", locationName: "Christie Pits", startsAt: first!.startsAt });
    for (const game of after.slice(1)) {
      expect(game).toMatchObject({ title: "Late edits", locationName: "Trinity Bellwoods" });
      expect(wallClockAt(game.startsAt.getTime(), ZONE)).toMatchObject({ hour: 20, minute: 30 });
      // Still on its own day, and it opens as long before its new start as before.
      expect(game.occurrenceDate).toBe(dateInZone(game.startsAt, ZONE));
      expect(game.startsAt.getTime() - game.registrationOpensAt!.getTime()).toBe(6 * 86_400_000);
    }
    expect(after[2]!.id).toBe(third!.id);
    // Games generated later copy the new template.
    await generateSeriesGames({ db: context.database.db }, { horizonDays: 120, seriesIds: [series.id] });
    const extended = await gamesOf(series.id);
    expect(extended).toHaveLength(12);
    expect(extended.at(-1)).toMatchObject({ title: "Late edits", locationName: "Trinity Bellwoods" });
    expect(wallClockAt(extended.at(-1)!.startsAt.getTime(), ZONE)).toMatchObject({ hour: 20, minute: 30 });

    const noScope = await admin.json<ErrorBody>("PATCH", `/api/admin/series/${series.id}/games/${second!.id}`, { ...editBody(second!, "this"), scope: undefined });
    expect(noScope.status).toBe(400);
    expect(noScope.body.error.fields).toEqual({ scope: "Choose this game, or this and the following games" });
  });

  it("moves the following games to another weekday, and the games generated later, keyed as before", async () => {
    const { series } = await createSeries({ title: "Moving night" }, { gameCount: 12 });
    const games = await gamesOf(series.id);
    const [first, second, third] = games;
    await openNow(third!.id);
    const player = await playerWithCard(context, { firstName: "Mover" });
    expect((await join(player.client, third!.id, { role: "player", paymentMethodId: player.card.id })).body.registration?.status).toBe("confirmed");
    const weekdayOf = (game: { startsAt: Date }) => isoWeekday(dateInZone(game.startsAt, ZONE));

    // Thursday → Saturday from the second game on: each of them two days later, at the same wall time.
    const saturday = addDays(dateInZone(second!.startsAt, ZONE), 2);
    const moved = await admin.json<EditSeriesGamesResponse>("PATCH", `/api/admin/series/${series.id}/games/${second!.id}`, { ...editBody(second!, "following"), date: saturday });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ edited: games.length - 1, refused: [] });
    expect(moved.body.notified).toBeGreaterThanOrEqual(1);
    const after = await gamesOf(series.id);
    expect(after.map((game) => game.id)).toEqual(games.map((game) => game.id));
    expect(after[0]).toMatchObject({ id: first!.id, startsAt: first!.startsAt });
    for (const [index, game] of after.entries()) {
      expect(game.occurrenceDate).toBe(games[index]!.occurrenceDate);
      if (index === 0) continue;
      expect(dateInZone(game.startsAt, ZONE)).toBe(addDays(game.occurrenceDate!, 2));
      expect(wallClockAt(game.startsAt.getTime(), ZONE)).toMatchObject({ hour: 19, minute: 0 });
      // It opens as long before its new start as before (the third was opened at once, above).
      if (game.id !== third!.id) expect(game.startsAt.getTime() - game.registrationOpensAt!.getTime()).toBe(6 * 86_400_000);
    }
    const [row] = await context.database.db.select().from(seriesTable).where(eq(seriesTable.id, series.id));
    expect(row).toMatchObject({ dayOffset: 2, offsetFrom: second!.occurrenceDate, weekday: 6 });
    const page = await admin.json<SeriesDetailResponse>("GET", `/api/admin/series/${series.id}`);
    expect(page.body.series).toMatchObject({ weekday: 6 });
    expect(isoWeekday(page.body.series.lastDate)).toBe(6);

    // The games generated later are Saturdays too, each once, and a second run creates nothing.
    await generateSeriesGames({ db: context.database.db }, { horizonDays: 120, seriesIds: [series.id] });
    expect(await generateSeriesGames({ db: context.database.db }, { horizonDays: 120, seriesIds: [series.id] })).toBe(0);
    const extended = await gamesOf(series.id);
    expect(extended).toHaveLength(12);
    expect(new Set(extended.map((game) => game.occurrenceDate)).size).toBe(12);
    expect(extended.slice(1).map(weekdayOf)).toEqual(Array(11).fill(6));

    // Further than 6 days from the game's day in the series is refused, and nothing moves.
    const tooFar = await admin.json<ErrorBody>("PATCH", `/api/admin/series/${series.id}/games/${third!.id}`, {
      ...editBody(third!, "following"),
      date: addDays(third!.occurrenceDate!, 7),
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.fields).toEqual({ date: FOLLOWING_WITHIN_A_WEEK });
    // Moved back earlier in the week from the third game on (Monday): the second stays on Saturday.
    const current = await gamesOf(series.id);
    const monday = addDays(current[2]!.occurrenceDate!, -3);
    const back = await admin.json<EditSeriesGamesResponse>("PATCH", `/api/admin/series/${series.id}/games/${third!.id}`, { ...editBody(current[2]!, "following"), date: monday });
    expect(back.status).toBe(200);
    const final = await gamesOf(series.id);
    expect(final.map(weekdayOf)).toEqual([4, 6, ...Array(10).fill(1)]);
    // An edit of the following games that keeps the day keeps every game's day.
    const renamed = await admin.json<EditSeriesGamesResponse>("PATCH", `/api/admin/series/${series.id}/games/${third!.id}`, editBody(final[2]!, "following", { title: "Monday night" }));
    expect(renamed.status).toBe(200);
    expect((await gamesOf(series.id)).map(weekdayOf)).toEqual([4, 6, ...Array(10).fill(1)]);
  });

  it("applies a new price to new registrations only, and a lower capacity keeps every held spot and closes the game", async () => {
    const { series } = await createSeries({ title: "Money", maxPlayers: 2 });
    const [game, next] = await gamesOf(series.id);
    await openNow(game!.id);
    const early = await Promise.all([1, 2].map((n) => playerWithCard(context, { firstName: `Early${n}` })));
    for (const player of early) {
      const joined = await join(player.client, game!.id, { role: "player", paymentMethodId: player.card.id });
      expect(joined.body.registration).toMatchObject({ status: "confirmed", amountCents: 1000 });
    }

    const edited = await admin.json<EditSeriesGamesResponse>("PATCH", `/api/admin/series/${series.id}/games/${game!.id}`, editBody(game!, "following", { title: "Money", cost: "12.00", maxPlayers: 1 }));
    expect(edited.status).toBe(200);
    expect(edited.body.refused).toEqual([]);
    const page = await eventAs(admin, game!.id);
    expect(page).toMatchObject({ costCents: 1200, maxPlayers: 1 });
    expect(page.players.map((player) => player.name)).toEqual(["Early1 Player", "Early2 Player"]);
    const charges = await context.database.db.select().from(payment).where(and(eq(payment.eventId, game!.id), eq(payment.kind, "charge")));
    expect(charges.map((charge) => charge.amountCents)).toEqual([1000, 1000]);
    expect((await eventAs(admin, next!.id)).costCents).toBe(1200);

    // Closed until it is back under: a newcomer waits (and would pay the new price).
    const late = await playerWithCard(context, { firstName: "Late" });
    const waiting = await join(late.client, game!.id, { role: "player", paymentMethodId: late.card.id, consentToAutoCharge: true });
    expect(waiting.body.registration).toMatchObject({ status: "waitlisted", amountCents: 1200 });
  });
});

describe("ending a series", () => {
  it("cancels its future games through the admin cancel, refunding their players in full, and generates no more", async () => {
    const { series, games } = await createSeries({ title: "Last season" }, { gameCount: 20 });
    await openNow(games[0]!.id);
    const payer = await playerWithCard(context, { firstName: "Paid" });
    const joined = await join(payer.client, games[0]!.id, { role: "player", paymentMethodId: payer.card.id });
    expect(joined.body.registration?.status).toBe("confirmed");

    expect((await (await signUpVerified(context)).client.json("POST", `/api/admin/series/${series.id}/end`, {})).status).toBe(403);
    const ended = await admin.json<EndSeriesResponse>("POST", `/api/admin/series/${series.id}/end`, { message: "Field closed for the winter." });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ cancelled: games.length, series: { status: "ended" } });
    expect((await gamesOf(series.id)).every((game) => game.status === "cancelled")).toBe(true);

    const refund = await eventually(async () => {
      const [row] = await context.database.db.select().from(payment).where(and(eq(payment.registrationId, joined.body.registration!.id), eq(payment.kind, "refund")));
      return row?.status === "succeeded" ? row : undefined;
    }, "the full refund");
    expect(refund.amountCents).toBe(1000);
    const [reg] = await registrationsOf(context, games[0]!.id, payer.userId);
    expect(reg).toMatchObject({ status: "refunded", refundedCents: 1000, closedReason: "event_cancelled" });

    expect(await generateSeriesGames({ db: context.database.db }, { horizonDays: 400, seriesIds: [series.id] })).toBe(0);
    const again = await admin.json<EndSeriesResponse>("POST", `/api/admin/series/${series.id}/end`);
    expect(again.body.cancelled).toBe(0);
  });
});
