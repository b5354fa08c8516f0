import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MU, DEFAULT_SIGMA, type PublishedTeams, TEAMS_MESSAGES, type TeamsSheet, type TeamsSuggestions } from "#shared/teams.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { playerRating, registration, registrationGuest, teamMember } from "#server/db/schema.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";
import { recomputeRatings } from "./recompute-ratings.ts";
import { english } from "#test/shared-english.ts";

/**
 * Fair teams over HTTP (docs/teams-and-ratings.md): admins only, bad input a 400, the clock and the
 * pins and sizes enforced by the server, published teams seen by a player without a number, results
 * replacing each other and ratings replayed (twice the same result, the same ratings).
 */
let context: TestContext;
let admin: TestClient;
let player: TestClient;
let playerUserId: string;
beforeAll(async () => {
  context = await createTestContext();
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  const signedUp = await signUpVerified(context, { firstName: "Pia", lastName: "Player" });
  player = signedUp.client;
  playerUserId = signedUp.userId;
});
afterAll(async () => {
  await context?.close();
});

const db = () => context.database.db;
const base = (eventId: string) => `/api/admin/events/${eventId}/teams`;
type Status = Parameters<typeof insertRegistration>[1]["status"];
type ErrorBody = { error?: { code: string; message: string } };

/** A game starting `startsInHours` from now with these people (confirmed players unless said). */
async function gameWith(startsInHours: number, people: { first: string; status?: Status; role?: "player" | "goalkeeper"; checkedIn?: boolean; userId?: string }[], options: { status?: "active" | "cancelled" } = {}) {
  const game = await insertEvent(db(), { startsInHours, durationMinutes: 90, includeGoalkeepers: true, maxGoalkeepers: 2, maxPlayers: 30, status: options.status ?? "active" });
  const ids: Record<string, string> = {};
  for (const person of people) {
    const userId = person.userId ?? (await insertUser(db(), { firstName: person.first, lastName: "Test" })).id;
    const row = await insertRegistration(db(), { eventId: game.id, userId, status: person.status ?? "confirmed", role: person.role ?? "player" });
    if (person.checkedIn) await db().update(registration).set({ checkedInAt: new Date() }).where(eq(registration.id, row.id));
    ids[person.first] = row.id;
  }
  return { id: game.id, ids };
}

const tenWithKeepers = (extra: { first: string; userId?: string }[] = []) => [
  ...["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"].map((first) => ({ first })),
  ...extra,
  { first: "Kim", role: "goalkeeper" as const },
  { first: "Lou", role: "goalkeeper" as const },
];

const suggest = (eventId: string, body: Record<string, unknown>, client = admin) => client.json<TeamsSuggestions & ErrorBody>("POST", `${base(eventId)}/suggestions`, body);
const putTeams = (eventId: string, body: Record<string, unknown>, client = admin) => client.json<TeamsSheet & ErrorBody>("PUT", base(eventId), body);
const putScores = (eventId: string, scores: unknown, client = admin) => client.json<TeamsSheet & ErrorBody>("PUT", `${base(eventId)}/scores`, { scores });
const ratingsTable = async () => (await db().select().from(playerRating)).map((row) => ({ userId: row.userId, mu: row.mu, sigma: row.sigma, games: row.games, stars: row.stars })).sort((a, b) => a.userId.localeCompare(b.userId));

describe("who may make teams", () => {
  it("is admins only on every admin route (401 signed out, 403 for a player); the players' view needs a signed-in player", async () => {
    const game = await gameWith(-0.5, tenWithKeepers());
    const anonymous = new TestClient(context);
    const routes: [string, string, Record<string, unknown>?][] = [
      ["GET", base(game.id)],
      ["POST", `${base(game.id)}/suggestions`, { teamCount: 2 }],
      ["PUT", base(game.id), { teams: [[game.ids.Ann], [game.ids.Ben]], publish: true }],
      ["PUT", `${base(game.id)}/scores`, { scores: [{ teams: [0, 1], goals: [1, 0] }] }],
      ["PUT", `${base(game.id)}/stars/${game.ids.Ann}`, { stars: 3 }],
    ];
    for (const [method, path, body] of routes) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await player.json(method, path, body)).status, `${method} ${path} as a player`).toBe(403);
    }
    expect((await anonymous.json("GET", `/api/events/${game.id}/teams`)).status).toBe(401);
    expect((await player.json("GET", `/api/events/${game.id}/teams`)).status).toBe(200);
  });

  it("answers bad ids and bodies with a 400 and an unknown game with a 404", async () => {
    const game = await gameWith(-0.5, tenWithKeepers());
    expect((await admin.json("GET", "/api/admin/events/not-a-uuid/teams")).status).toBe(400);
    expect((await player.json("GET", "/api/events/not-a-uuid/teams")).status).toBe(400);
    expect((await admin.json("PUT", `${base(game.id)}/stars/nope`, { stars: 3 })).status).toBe(400);
    for (const body of [{}, { teamCount: 1 }, { teamCount: 5 }, { teamCount: 2.5 }, { teamCount: "2" }, { teamCount: 2, locks: { "not-an-id": 0 } }, { teamCount: 2, locks: { [game.ids.Ann!]: -1 } }, { teamCount: 2, extra: 1 }]) {
      const response = await suggest(game.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.code).toBe("validation");
    }
    for (const body of [{}, { teams: [[game.ids.Ann]], publish: true }, { teams: [["x"], ["y"]], publish: true }, { teams: [[game.ids.Ann], [game.ids.Ben]] }, { teams: "ab", publish: false }]) {
      expect((await putTeams(game.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const badScores: unknown[] = [[], [{ teams: [0, 1], goals: [100, 0] }], [{ teams: [0, 1], goals: [-1, 0] }], [{ teams: [0, 1], goals: [1.5, 0] }], [{ teams: [0, 1], goals: ["2", 0] }], [{ teams: [0, 1], goals: [1] }], [{ teams: [0, 1], goals: [1, 0], extra: true }], "3-1"];
    for (const scores of badScores) {
      const response = await putScores(game.id, scores);
      expect(response.status, JSON.stringify(scores)).toBe(400);
      expect(response.body.error?.code).toBe("validation");
    }
    for (const stars of [0, 6, 2.5, "3"]) expect((await admin.json("PUT", `${base(game.id)}/stars/${game.ids.Ann}`, { stars })).status).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.json("GET", base(unknown))).status).toBe(404);
    expect((await suggest(unknown, { teamCount: 2 })).status).toBe(404);
    expect((await putScores(unknown, [{ teams: [0, 1], goals: [1, 0] }])).status).toBe(404);
    expect((await player.json("GET", `/api/events/${unknown}/teams`)).status).toBe(404);
  });
});

describe("making teams", () => {
  it("opens 60 minutes before kick-off and never for a cancelled game", async () => {
    const early = await gameWith(1.2, tenWithKeepers());
    const tooEarly = await suggest(early.id, { teamCount: 2 });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.error).toEqual({ code: "rule", message: english(TEAMS_MESSAGES.notYet) });
    expect((await admin.json<TeamsSheet>("GET", base(early.id))).body.window.state).toBe("not_yet");
    const justOpen = await gameWith(0.9, tenWithKeepers());
    expect((await suggest(justOpen.id, { teamCount: 2 })).status).toBe(200);
    const cancelled = await gameWith(0.5, tenWithKeepers(), { status: "cancelled" });
    expect((await suggest(cancelled.id, { teamCount: 2 })).body.error?.message).toBe(english(TEAMS_MESSAGES.cancelled));
  });

  it("splits the confirmed players before check-in, the checked-in ones after, keepers one per team, sizes even", async () => {
    const game = await gameWith(0.5, [...tenWithKeepers(), { first: "Wes", status: "waitlisted" }]);
    const before = await suggest(game.id, { teamCount: 2 });
    expect(before.status).toBe(200);
    expect(before.body.exhaustive).toBe(true);
    expect(before.body.searched).toBe(70); // C(8,4): each keeper pinned to a team.
    const best = before.body.splits[0]!;
    expect(best.teams.flat().sort()).toEqual(Object.entries(game.ids).filter(([name]) => name !== "Wes").map(([, id]) => id).sort());
    for (const team of best.teams) {
      expect(team).toHaveLength(5);
      expect(team.filter((id) => id === game.ids.Kim || id === game.ids.Lou)).toHaveLength(1);
    }
    expect(best.winChances.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 6);
    expect((await admin.json<TeamsSheet>("GET", base(game.id))).body.poolSource).toBe("confirmed");

    // Once anyone is checked in, only those checked in play.
    for (const name of ["Ann", "Ben", "Cat", "Kim"]) await db().update(registration).set({ checkedInAt: new Date() }).where(eq(registration.id, game.ids[name]!));
    const after = await suggest(game.id, { teamCount: 2 });
    expect(after.body.splits[0]!.teams.flat().sort()).toEqual(["Ann", "Ben", "Cat", "Kim"].map((name) => game.ids[name]!).sort());
    const sheet = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    expect(sheet.poolSource).toBe("checked_in");
    expect(sheet.candidates.map((candidate) => [candidate.name, candidate.mu, candidate.games])).toEqual([
      ["Ann Test", DEFAULT_MU, 0],
      ["Ben Test", DEFAULT_MU, 0],
      ["Cat Test", DEFAULT_MU, 0],
      ["Kim Test", DEFAULT_MU, 0],
    ]);
    // 3 teams of 4 players need 6 at least.
    expect((await suggest(game.id, { teamCount: 3 })).body.error?.message).toBe(english(TEAMS_MESSAGES.tooFewPlayers));
  });

  it("keeps locks, and refuses locks of someone not playing or that unbalance the teams", async () => {
    const game = await gameWith(0.5, [...tenWithKeepers(), { first: "Wes", status: "waitlisted" }]);
    const locked = await suggest(game.id, { teamCount: 2, locks: { [game.ids.Ann!]: 1, [game.ids.Ben!]: 1 } });
    expect(locked.status).toBe(200);
    for (const split of locked.body.splits) expect(split.teams[1]).toEqual(expect.arrayContaining([game.ids.Ann, game.ids.Ben]));
    expect((await suggest(game.id, { teamCount: 2, locks: { [game.ids.Wes!]: 0 } })).body.error?.message).toBe(english(TEAMS_MESSAGES.notAPlayer));
    const five = Object.fromEntries(["Ann", "Ben", "Cat", "Dan", "Eve"].map((name) => [game.ids[name]!, 0]));
    const uneven = await suggest(game.id, { teamCount: 2, locks: five });
    expect(uneven.status).toBe(422);
    expect((await suggest(game.id, { teamCount: 2, locks: { [game.ids.Kim!]: 0, [game.ids.Lou!]: 0 } })).status).toBe(422);
  });

  it("checks every team saved: each player once, confirmed, keepers spread, sizes within one, locks kept", async () => {
    const game = await gameWith(0.5, [...tenWithKeepers(), { first: "Wes", status: "waitlisted" }]);
    const id = (name: string) => game.ids[name]!;
    const good = [
      ["Ann", "Ben", "Cat", "Dan", "Kim"].map(id),
      ["Eve", "Fay", "Gus", "Hal", "Lou"].map(id),
    ];
    const refusals: [string[][], Record<string, number>, string][] = [
      [[[...good[0]!.slice(0, 4), id("Lou")], [...good[1]!.slice(0, 4), id("Kim")].reverse()], {}, ""],
      [[["Ann", "Ben", "Cat", "Kim", "Lou"].map(id), ["Dan", "Eve", "Fay", "Gus", "Hal"].map(id)], {}, english(TEAMS_MESSAGES.unevenKeepers)],
      [[["Ann", "Ben", "Cat", "Dan", "Eve", "Kim"].map(id), ["Fay", "Gus", "Hal", "Lou"].map(id)], {}, english(TEAMS_MESSAGES.unevenSizes)],
      [[good[0]!, [...good[1]!, id("Wes")]], {}, english(TEAMS_MESSAGES.notAPlayer)],
      [[good[0]!, [...good[1]!.slice(1), id("Ann")]], {}, english(TEAMS_MESSAGES.twice)],
      [[good[0]!, good[1]!.slice(1)], {}, english(TEAMS_MESSAGES.missing)],
      [good, { [id("Ann")]: 1 }, english(TEAMS_MESSAGES.lockBroken)],
    ];
    for (const [teams, locks, message] of refusals) {
      const response = await putTeams(game.id, { teams, locks, publish: true });
      if (message === "") {
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status, message).toBe(422);
      expect(response.body.error).toEqual({ code: "rule", message });
    }
    const saved = await putTeams(game.id, { teams: good, locks: { [id("Ann")]: 0 }, publish: false });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toMatchObject({ locks: { [id("Ann")]: 0 }, publishedAt: null });
    expect(saved.body.saved!.teams.map((team) => [...team].sort())).toEqual(good.map((team) => [...team].sort()));
  });
});

describe("published teams, results and ratings", () => {
  it("shows a player their team without a number; results replace each other and replaying changes nothing", async () => {
    const game = await gameWith(-0.5, tenWithKeepers([{ first: "Pia", userId: playerUserId }]));
    const id = (name: string) => game.ids[name]!;
    const bibs = ["Ann", "Ben", "Cat", "Dan", "Pia", "Kim"].map(id);
    const noBibs = ["Eve", "Fay", "Gus", "Hal", "Lou"].map(id);

    // Not published yet: nothing to see, and no result can be entered.
    expect((await player.json<PublishedTeams>("GET", `/api/events/${game.id}/teams`)).body).toEqual({ published: false, teams: [], yours: null, scores: [] });
    await putTeams(game.id, { teams: [bibs, noBibs], publish: false });
    expect((await putScores(game.id, [{ teams: [0, 1], goals: [3, 1] }])).body.error?.message).toBe(english(TEAMS_MESSAGES.notPublished));

    const published = await putTeams(game.id, { teams: [bibs, noBibs], publish: true });
    expect(published.status).toBe(200);
    expect(published.body.saved?.publishedAt).not.toBeNull();
    const seen = await player.json<PublishedTeams>("GET", `/api/events/${game.id}/teams`);
    expect(seen.body.published).toBe(true);
    expect(seen.body.yours).toBe(0);
    expect(seen.body.teams.map((team) => team.name)).toEqual(["Bibs", "No bibs"]);
    expect(seen.body.teams[0]!.players[0]).toEqual({ name: "Kim Test", role: "goalkeeper" });
    expect(seen.body.teams[0]!.players.map((p) => p.name)).toEqual(["Kim Test", "Ann Test", "Ben Test", "Cat Test", "Dan Test", "Pia Player"]);
    expect(JSON.stringify(seen.body)).not.toMatch(/mu|sigma|stars|strength/);

    // A score naming a team that does not exist, or a team against itself.
    expect((await putScores(game.id, [{ teams: [0, 2], goals: [1, 0] }])).status).toBe(400);
    expect((await putScores(game.id, [{ teams: [1, 1], goals: [1, 0] }])).body.error?.message).toBe(english(TEAMS_MESSAGES.sameTeam));

    const first = await putScores(game.id, [{ teams: [0, 1], goals: [3, 1] }]);
    expect(first.status).toBe(200);
    expect(first.body.scores).toEqual([{ teams: [0, 1], goals: [3, 1] }]);
    const afterWin = await ratingsTable();
    const muOf = (rows: typeof afterWin, registrationName: string) => rows.find((row) => row.userId === userIdOf(registrationName))!.mu;
    const userIds = new Map<string, string>();
    for (const name of ["Ann", "Eve", "Pia"]) userIds.set(name, (await db().select().from(registration).where(eq(registration.id, id(name))))[0]!.userId!);
    function userIdOf(name: string) {
      return userIds.get(name)!;
    }
    expect(muOf(afterWin, "Ann")).toBeGreaterThan(DEFAULT_MU);
    expect(muOf(afterWin, "Eve")).toBeLessThan(DEFAULT_MU);
    expect(afterWin.find((row) => row.userId === userIdOf("Ann"))!.games).toBe(1);

    // The same result again: replayed, not applied twice.
    expect((await putScores(game.id, [{ teams: [0, 1], goals: [3, 1] }])).status).toBe(200);
    expect(await ratingsTable()).toEqual(afterWin);
    // A recompute on its own changes nothing either.
    await recomputeRatings(db(), "default");
    expect(await ratingsTable()).toEqual(afterWin);

    // Another result replaces it (two short games), and the first again brings back the same ratings.
    const other = await putScores(game.id, [
      { teams: [0, 1], goals: [0, 2] },
      { teams: [1, 0], goals: [1, 1] },
    ]);
    expect(other.body.scores).toHaveLength(2);
    const afterLoss = await ratingsTable();
    expect(muOf(afterLoss, "Ann")).toBeLessThan(DEFAULT_MU);
    expect(muOf(afterLoss, "Eve")).toBeGreaterThan(DEFAULT_MU);
    expect(afterLoss.find((row) => row.userId === userIdOf("Ann"))!.games).toBe(1);
    await putScores(game.id, [{ teams: [0, 1], goals: [3, 1] }]);
    expect(await ratingsTable()).toEqual(afterWin);

    // The player sees the result, still no number; the admin sees the ratings with their uncertainty.
    const withResult = await player.json<PublishedTeams>("GET", `/api/events/${game.id}/teams`);
    expect(withResult.body.scores).toEqual([{ teams: [0, 1], goals: [3, 1] }]);
    const sheet = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    const ann = sheet.candidates.find((candidate) => candidate.name === "Ann Test")!;
    expect(ann.mu).toBeGreaterThan(DEFAULT_MU);
    expect(ann.sigma).toBeLessThan(25 / 3);
    expect(ann.games).toBe(1);
  });

  it("replays every result when two games' results arrive at once: the last recompute sees both", async () => {
    const games = await Promise.all([gameWith(-2, tenWithKeepers()), gameWith(-1, tenWithKeepers())]);
    for (const game of games) {
      const id = (name: string) => game.ids[name]!;
      await putTeams(game.id, { teams: [["Ann", "Ben", "Cat", "Dan", "Kim"].map(id), ["Eve", "Fay", "Gus", "Hal", "Lou"].map(id)], publish: true });
    }
    const answers = await Promise.all(games.map((game, i) => putScores(game.id, [{ teams: [0, 1], goals: [i, 2] }])));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const together = await ratingsTable();
    await recomputeRatings(db(), "default");
    expect(await ratingsTable()).toEqual(together);
    // Both games count: each of their players has one game rated.
    const [first] = games;
    const ann = (await db().select().from(registration).where(eq(registration.id, first!.ids.Ann!)))[0]!.userId!;
    expect(together.find((row) => row.userId === ann)!.games).toBe(1);
    const lost = together.find((row) => row.userId === ann)!.mu;
    expect(lost).toBeLessThan(DEFAULT_MU);
  });

  it("refuses a result before kick-off", async () => {
    const game = await gameWith(0.5, tenWithKeepers());
    const id = (name: string) => game.ids[name]!;
    await putTeams(game.id, { teams: [["Ann", "Ben", "Cat", "Dan", "Kim"].map(id), ["Eve", "Fay", "Gus", "Hal", "Lou"].map(id)], publish: true });
    const early = await putScores(game.id, [{ teams: [0, 1], goals: [1, 0] }]);
    expect(early.status).toBe(422);
    expect(early.body.error?.message).toBe(english(TEAMS_MESSAGES.resultsTooEarly));
  });

  it("seeds a new player's rating from the organiser's stars", async () => {
    const game = await gameWith(0.5, tenWithKeepers());
    const rated = await admin.json<TeamsSheet>("PUT", `${base(game.id)}/stars/${game.ids.Ann}`, { stars: 5 });
    expect(rated.status).toBe(200);
    expect(rated.body.candidates.find((candidate) => candidate.name === "Ann Test")).toMatchObject({ stars: 5, mu: DEFAULT_MU + 8, games: 0 });
    const cleared = await admin.json<TeamsSheet>("PUT", `${base(game.id)}/stars/${game.ids.Ann}`, { stars: null });
    expect(cleared.body.candidates.find((candidate) => candidate.name === "Ann Test")).toMatchObject({ stars: null, mu: DEFAULT_MU });
    const other = await gameWith(0.5, [{ first: "Zed" }]);
    expect((await admin.json("PUT", `${base(game.id)}/stars/${other.ids.Zed}`, { stars: 3 })).status).toBe(404);
  });
});

/** A party's guests, written as a join writes them (docs/guests.md): rows in the order given, the count of the active ones. */
async function bringGuests(registrationId: string, guests: { first: string; last?: string; status?: "active" | "removed" }[]) {
  const rows = await db()
    .insert(registrationGuest)
    .values(guests.map((guest, i) => ({ registrationId, ordinal: i + 1, firstName: guest.first, lastName: guest.last ?? null, shareCents: 0, status: guest.status ?? "active" })))
    .returning({ id: registrationGuest.id, firstName: registrationGuest.firstName });
  await db()
    .update(registration)
    .set({ guestCount: guests.filter((guest) => (guest.status ?? "active") === "active").length })
    .where(eq(registration.id, registrationId));
  return Object.fromEntries(rows.map((row) => [row.firstName, row.id])) as Record<string, string>;
}

/** A guest taken out of the party, as remove-guest.ts leaves the rows. */
async function removeGuestRow(registrationId: string, guestId: string) {
  await db().update(registrationGuest).set({ status: "removed", removedAt: new Date() }).where(eq(registrationGuest.id, guestId));
  await db().update(registration).set({ guestCount: sql`${registration.guestCount} - 1` }).where(eq(registration.id, registrationId));
}

const checkIn = (eventId: string, registrationId: string, checkedIn = true) => admin.json("PUT", `/api/admin/events/${eventId}/check-in/${registrationId}`, { checkedIn });

describe("+1 guests in fair teams (docs/teams-and-ratings.md, \"Guests\")", () => {
  it("plays each active guest of a checked-in party as a player of their own, named with their player; never rated", async () => {
    const game = await gameWith(-0.5, tenWithKeepers([{ first: "Pia", userId: playerUserId }, { first: "Wes" }]));
    const id = (name: string) => game.ids[name]!;
    const pias = await bringGuests(id("Pia"), [{ first: "Sam" }, { first: "Old", status: "removed" }, { first: "Alex", last: "Stone" }]);
    const wes = await bringGuests(id("Wes"), [{ first: "Vic" }]);
    // Everyone checked in but Wes: his guest Vic does not play either; nor does Pia's removed guest.
    for (const [name, registrationId] of Object.entries(game.ids)) if (name !== "Wes") expect((await checkIn(game.id, registrationId)).status).toBe(200);

    const sheet = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    expect(sheet.poolSource).toBe("checked_in");
    const names = sheet.candidates.map((candidate) => candidate.name);
    expect(names).toEqual(["Ann Test", "Ben Test", "Cat Test", "Dan Test", "Eve Test", "Fay Test", "Gus Test", "Hal Test", "Kim Test", "Lou Test", "Pia Player", "Sam", "Alex Stone"]);
    const pia = { registrationId: id("Pia"), name: "Pia Player" };
    expect(sheet.candidates.slice(-2)).toEqual([
      { memberId: pias.Sam, name: "Sam", guestOf: pia, role: "player", checkedIn: true, mu: DEFAULT_MU, sigma: DEFAULT_SIGMA, games: 0, stars: null, rated: false },
      { memberId: pias.Alex, name: "Alex Stone", guestOf: pia, role: "player", checkedIn: true, mu: DEFAULT_MU, sigma: DEFAULT_SIGMA, games: 0, stars: null, rated: false },
    ]);
    expect(sheet.candidates.find((candidate) => candidate.name === "Pia Player")).toMatchObject({ memberId: id("Pia"), guestOf: null, rated: true });
    expect(sheet.candidates.map((candidate) => candidate.memberId)).not.toContain(wes.Vic);
    expect(sheet.candidates.map((candidate) => candidate.memberId)).not.toContain(pias.Old);

    // The split: the host and both guests, 11 outfield players in sizes 6 and 5, a keeper each.
    const suggested = await suggest(game.id, { teamCount: 2, locks: { [pias.Sam!]: 1 } });
    expect(suggested.status).toBe(200);
    for (const split of suggested.body.splits) {
      expect(split.teams.flat().sort()).toEqual(sheet.candidates.map((candidate) => candidate.memberId).sort());
      expect(split.teams.map((team) => team.filter((member) => member !== id("Kim") && member !== id("Lou")).length).sort()).toEqual([5, 6]);
      expect(split.teams[1]).toContain(pias.Sam);
    }

    // The guests play in Pia's team unless the organiser lets them play apart: refused, then saved
    // and published with them apart; her team stays hers.
    const bibs = ["Ann", "Ben", "Cat", "Dan", "Pia", "Kim"].map(id);
    const noBibs = [...["Eve", "Fay", "Gus", "Hal", "Lou"].map(id), pias.Sam!, pias.Alex!];
    const kept = await putTeams(game.id, { teams: [bibs, noBibs], locks: { [pias.Alex!]: 1 }, publish: true });
    expect(kept.status).toBe(422);
    expect(kept.body.error).toEqual({ code: "rule", message: "A guest plays in the team of the player who brought them, unless you let them play apart." });
    const apart = [pias.Sam!, pias.Alex!];
    const published = await putTeams(game.id, { teams: [bibs, noBibs], locks: { [pias.Alex!]: 1 }, guestsApart: apart, publish: true });
    expect(published.status).toBe(200);
    expect(published.body.saved).toMatchObject({ locks: { [pias.Alex!]: 1 }, gone: [] });
    expect(published.body.saved!.teams.map((team) => [...team].sort())).toEqual([bibs, noBibs].map((team) => [...team].sort()));
    const rows = await db().select().from(teamMember).where(eq(teamMember.eventId, game.id));
    expect(rows.filter((row) => row.guestId !== null).map((row) => [row.guestId, row.registrationId, row.team]).sort()).toEqual(
      [[pias.Sam, null, 1], [pias.Alex, null, 1]].sort(),
    );
    const seen = (await player.json<PublishedTeams>("GET", `/api/events/${game.id}/teams`)).body;
    expect(seen.yours).toBe(0);
    expect(seen.teams[1]!.players).toEqual([
      { name: "Lou Test", role: "goalkeeper" },
      { name: "Alex Stone", role: "player", guestOf: "Pia Player" },
      { name: "Eve Test", role: "player" },
      { name: "Fay Test", role: "player" },
      { name: "Gus Test", role: "player" },
      { name: "Hal Test", role: "player" },
      { name: "Sam", role: "player", guestOf: "Pia Player" },
    ]);

    // No rough rating for a guest: a clear refusal, and nothing written.
    const stars = await admin.json<ErrorBody>("PUT", `${base(game.id)}/stars/${pias.Sam}`, { stars: 4 });
    expect(stars.status).toBe(422);
    expect(stars.body.error).toEqual({ code: "rule", message: english(TEAMS_MESSAGES.guestNoRating) });

    // A result: the accounts are rated, the guests never (no row), and a replay changes nothing.
    const before = await ratingsTable();
    expect((await putScores(game.id, [{ teams: [0, 1], goals: [1, 3] }])).status).toBe(200);
    const after = await ratingsTable();
    const inGame = await db().select({ userId: registration.userId }).from(registration).where(eq(registration.eventId, game.id));
    const played = new Set(inGame.filter((row) => row.userId !== null).map((row) => row.userId!));
    played.delete((await db().select().from(registration).where(eq(registration.id, id("Wes"))))[0]!.userId!);
    const added = after.filter((row) => !before.some((old) => old.userId === row.userId));
    expect(added.map((row) => row.userId).sort()).toEqual([...played].filter((userId) => !before.some((old) => old.userId === userId)).sort());
    expect(after.filter((row) => played.has(row.userId)).every((row) => row.games >= 1)).toBe(true);
    expect(after.find((row) => row.userId === playerUserId)!.mu).toBeLessThan(before.find((row) => row.userId === playerUserId)?.mu ?? DEFAULT_MU);
    await recomputeRatings(db(), "default");
    expect(await ratingsTable()).toEqual(after);
    const guestSheet = (await admin.json<TeamsSheet>("GET", base(game.id))).body.candidates.filter((candidate) => candidate.guestOf);
    expect(guestSheet.map((candidate) => [candidate.mu, candidate.games, candidate.rated])).toEqual([
      [DEFAULT_MU, 0, false],
      [DEFAULT_MU, 0, false],
    ]);

    // Alex is removed from the party after the teams were made: the teams no longer match.
    await removeGuestRow(id("Pia"), pias.Alex!);
    const stale = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    expect(stale.saved!.gone).toEqual([{ memberId: pias.Alex, name: "Alex Stone", guestOf: pia, reason: "guest_removed" }]);
    expect(stale.candidates.map((candidate) => candidate.memberId)).not.toContain(pias.Alex);
    for (const publish of [false, true]) {
      const again = await putTeams(game.id, { teams: [bibs, noBibs], guestsApart: apart, publish });
      expect(again.status).toBe(422);
      expect(again.body.error).toEqual({ code: "rule", message: english(TEAMS_MESSAGES.guestRemoved) });
    }
    // The players never see a removed guest, even before the teams are made again.
    const withoutAlex = (await player.json<PublishedTeams>("GET", `/api/events/${game.id}/teams`)).body;
    expect(withoutAlex.teams.flatMap((team) => team.players.map((p) => p.name))).not.toContain("Alex Stone");
    expect(withoutAlex.teams[1]!.players).toContainEqual({ name: "Sam", role: "player", guestOf: "Pia Player" });
    const remade = await putTeams(game.id, { teams: [bibs, noBibs.filter((member) => member !== pias.Alex)], guestsApart: [pias.Sam!], publish: true });
    expect(remade.status).toBe(200);
    expect(remade.body.saved!.gone).toEqual([]);
    expect(await db().select().from(teamMember).where(eq(teamMember.guestId, pias.Alex!))).toEqual([]);
  });

  it("refuses a guest whose player is not checked in, or whose party was cancelled, saying which rule", async () => {
    const game = await gameWith(0.5, tenWithKeepers([{ first: "Hana" }]));
    const id = (name: string) => game.ids[name]!;
    const { Gil } = await bringGuests(id("Hana"), [{ first: "Gil" }]);
    // Before check-in starts: everyone confirmed plays, Hana's guest too.
    const before = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    expect(before.poolSource).toBe("confirmed");
    expect(before.candidates.find((candidate) => candidate.memberId === Gil)).toMatchObject({ name: "Gil", guestOf: { registrationId: id("Hana"), name: "Hana Test" }, checkedIn: false });
    const teams = [["Ann", "Ben", "Cat", "Dan", "Eve", "Kim"].map(id), [...["Fay", "Gus", "Hal", "Hana", "Lou"].map(id), Gil!]];
    const byName = (saved: NonNullable<TeamsSheet["saved"]>) => [...saved.gone].sort((a, b) => a.name.localeCompare(b.name));
    expect((await putTeams(game.id, { teams, publish: true })).status).toBe(200);

    // Check-in starts without Hana: she and her guest no longer play.
    for (const name of ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Kim", "Lou"]) await checkIn(game.id, id(name));
    const notIn = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    expect(byName(notIn.saved!)).toEqual([
      { memberId: Gil, name: "Gil", guestOf: { registrationId: id("Hana"), name: "Hana Test" }, reason: "not_checked_in" },
      { memberId: id("Hana"), name: "Hana Test", guestOf: null, reason: "not_checked_in" },
    ]);
    const refused = await putTeams(game.id, { teams, publish: true });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: "rule", message: english(TEAMS_MESSAGES.guestHostNotCheckedIn) });

    // Hana's party is cancelled: the guest's reason says so, and the players no longer see either.
    await db().update(registration).set({ status: "cancelled", checkedInAt: null }).where(eq(registration.id, id("Hana")));
    const cancelled = (await admin.json<TeamsSheet>("GET", base(game.id))).body;
    expect(byName(cancelled.saved!).map((member) => [member.name, member.reason])).toEqual([
      ["Gil", "not_confirmed"],
      ["Hana Test", "not_confirmed"],
    ]);
    expect((await putTeams(game.id, { teams, publish: true })).body.error).toEqual({ code: "rule", message: english(TEAMS_MESSAGES.guestPartyGone) });
    const seen = (await player.json<PublishedTeams>("GET", `/api/events/${game.id}/teams`)).body;
    expect(seen.teams[1]!.players.map((p) => p.name)).toEqual(["Lou Test", "Fay Test", "Gus Test", "Hal Test"]);
  });
});

describe("kept together (docs/teams-and-ratings.md, \"Kept together\")", () => {
  it("splits a guest into their player's team unless let apart, keeps two people together, and refuses what cannot be kept", async () => {
    const game = await gameWith(-0.5, tenWithKeepers([{ first: "Ria" }]));
    const id = (name: string) => game.ids[name]!;
    const { Tom } = await bringGuests(id("Ria"), [{ first: "Tom" }]);
    for (const registrationId of Object.values(game.ids)) expect((await checkIn(game.id, registrationId)).status).toBe(200);
    const teamOf = (teams: string[][], member: string) => teams.findIndex((team) => team.includes(member));

    // By default Tom plays with Ria, in every split offered; Ann and Ben, kept together, too.
    const kept = await suggest(game.id, { teamCount: 2, together: [[id("Ann"), id("Ben")]] });
    expect(kept.status).toBe(200);
    expect(kept.body.splits.length).toBeGreaterThan(0);
    for (const split of kept.body.splits) {
      expect(teamOf(split.teams, Tom!)).toBe(teamOf(split.teams, id("Ria")));
      expect(teamOf(split.teams, id("Ann"))).toBe(teamOf(split.teams, id("Ben")));
    }
    // Saved as suggested; the same teams with Ann and Ben split are refused while they are kept together.
    const best = kept.body.splits[0]!.teams;
    expect((await putTeams(game.id, { teams: best, together: [[id("Ann"), id("Ben")]], publish: false })).status).toBe(200);
    const [annTeam, otherTeam] = [teamOf(best, id("Ann")), 1 - teamOf(best, id("Ann"))];
    const outfieldThere = best[otherTeam]!.find((member) => ![id("Kim"), id("Lou"), id("Ria"), Tom!].includes(member))!;
    const splitUp = best.map((team, index) =>
      team.map((member) => (index === annTeam && member === id("Ben") ? outfieldThere : index === otherTeam && member === outfieldThere ? id("Ben") : member)),
    );
    const refused = await putTeams(game.id, { teams: splitUp, together: [[id("Ann"), id("Ben")]], publish: false });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: "rule", message: "Two players you keep together are in different teams." });
    expect((await putTeams(game.id, { teams: splitUp, publish: false })).status).toBe(200);

    // Let apart, Tom may be anywhere: locked to the other team than Ria, the split keeps that.
    const riaLocked = { [id("Ria")]: 0, [Tom!]: 1 };
    const together = await suggest(game.id, { teamCount: 2, locks: riaLocked });
    expect(together.status).toBe(422);
    expect(together.body.error).toEqual({ code: "rule", message: "Two players kept together are locked to different teams: unlock one of them." });
    const apart = await suggest(game.id, { teamCount: 2, locks: riaLocked, guestsApart: [Tom!] });
    expect(apart.status).toBe(200);
    for (const split of apart.body.splits) expect([teamOf(split.teams, id("Ria")), teamOf(split.teams, Tom!)]).toEqual([0, 1]);

    // Impossible constraints are a clear 422, in the request's language, never a 500.
    // Two fours and Ria with Tom: ten outfield players in teams of five, but no five holds a four and a pair.
    const tooMany = [["Ann", "Ben", "Cat", "Dan"].map(id), ["Eve", "Fay", "Gus", "Hal"].map(id)];
    const big = await suggest(game.id, { teamCount: 2, together: tooMany });
    expect(big.status).toBe(422);
    expect(big.body.error).toEqual({ code: "rule", message: "The players kept together do not fit in teams of even sizes: let some of them play apart." });
    const six = await suggest(game.id, { teamCount: 2, together: [["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"].map(id)] });
    expect(six.status).toBe(422);
    expect(six.body.error).toEqual({ code: "rule", message: "7 players are kept together, but a team takes at most 5: let some of them play apart." });
    const french = (await (await admin.request("POST", `${base(game.id)}/suggestions`, { teamCount: 2, together: tooMany }, { "accept-language": "fr-CA" })).json()) as ErrorBody;
    expect(french.error?.message).toBe("Les joueurs gardés ensemble n’entrent pas dans des équipes de tailles égales : laissez-en jouer séparément.");
    const stranger = await suggest(game.id, { teamCount: 2, together: [[id("Ann"), "00000000-0000-4000-8000-000000000000"]] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error).toEqual({ code: "rule", message: english(TEAMS_MESSAGES.notAPlayer) });
    expect((await suggest(game.id, { teamCount: 2, together: [[id("Ann")]] })).status).toBe(400);
  });
});
