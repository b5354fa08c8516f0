import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditEventResponse, EventDetail } from "#shared/events.ts";
import type { PublicConfig } from "#shared/public-config.ts";
import type { SeriesDetailResponse } from "#shared/series.ts";
import { addDays } from "#shared/series-schedule.ts";
import { dateInZone, zonedTimeToUtc } from "#shared/zoned-time.ts";
import { parseCsv } from "#test/csv.ts";
import { editFormOf } from "#test/payments.ts";
import { insertEvent, insertUser } from "#test/seed-events.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, type TestClient, type TestContext } from "#test/test-app.ts";
import { event, registration } from "#server/db/schema.ts";

/**
 * A game's zone (issue 32, docs/decisions/038-the-games-zone-on-the-form.md): the form starts with
 * the organiser's (GAME_TIME_ZONE, in /api/config), sends the one shown, and the server reads the date
 * and time on that zone's clocks and keeps it, for a game, a series and an edit; the roster's CSV
 * writes its times on the game's clocks.
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({ GAME_TIME_ZONE: "Europe/Paris" });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; fields?: Record<string, string> } };
const db = () => context.database.db;

function body(timeZone: string | undefined, overrides: Record<string, unknown> = {}) {
  return {
    title: "Zoned game",
    date: addDays(dateInZone(new Date(), "Pacific/Auckland"), 5),
    time: "19:00",
    ...(timeZone === undefined ? {} : { timeZone }),
    durationHours: 1,
    durationMinutes: 30,
    location: { name: "Pitch, 1 Main St", latitude: null, longitude: null },
    cost: "10.00",
    maxPlayers: 10,
    ...overrides,
  };
}

describe("the game's zone", () => {
  it("is the organiser's in /api/config, for the form to start with", async () => {
    const config = await admin.json<PublicConfig>("GET", "/api/config");
    expect(config.body.timeZone).toBe("Europe/Paris");
  });

  it("reads the date and time on the zone the form sent, and keeps it, whatever the organiser's", async () => {
    const sent = body("Asia/Tokyo");
    const created = await admin.json<{ event: EventDetail }>("POST", "/api/events", sent);
    expect(created.status).toBe(201);
    expect(created.body.event.timeZone).toBe("Asia/Tokyo");
    expect(created.body.event.startsAt).toBe(zonedTimeToUtc(sent.date, "19:00", "Asia/Tokyo").toISOString());
  });

  it("refuses a game without a zone, or with one that does not exist, naming the field", async () => {
    for (const zone of [undefined, "", "Mars/Olympus"]) {
      const refused = await admin.json<ErrorBody>("POST", "/api/events", body(zone));
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {})).toContain("timeZone");
    }
  });

  it("makes a series' games on the zone sent, each at 7 PM on its clocks", async () => {
    const sent = body("America/Vancouver", { title: "Zoned series", repeat: { ends: "after_games", gameCount: 3, opensDaysBefore: 7 } });
    const created = await admin.json<SeriesDetailResponse>("POST", "/api/admin/series", sent);
    expect(created.status).toBe(201);
    expect(created.body.series.timeZone).toBe("America/Vancouver");
    const games = await db().select().from(event).where(eq(event.seriesId, created.body.series.id));
    expect(games).toHaveLength(3);
    for (const game of games) {
      expect(game.timeZone).toBe("America/Vancouver");
      expect(new Intl.DateTimeFormat("en-GB", { timeZone: "America/Vancouver", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(game.startsAt)).toBe("19:00");
    }
  });

  it("moves a game to another zone when its edit sends one: the same clock time, there", async () => {
    const game = await insertEvent(db(), { timeZone: "Europe/Paris", startsInHours: 24 * 6 });
    const form = editFormOf(game, { timeZone: "America/Montreal" });
    const edited = await admin.json<EditEventResponse>("PATCH", `/api/events/${game.id}`, form);
    expect(edited.status).toBe(200);
    expect(edited.body.event.timeZone).toBe("America/Montreal");
    expect(edited.body.event.startsAt).toBe(zonedTimeToUtc(form.date, form.time, "America/Montreal").toISOString());
    // Players are told: the clock time reads the same, the zone does not.
    expect(edited.body.changes).toContainEqual({ label: "Time zone", before: "Central European Time (Europe/Paris)", after: "Eastern Time (America/Montreal)" });
  });
});

describe("the roster's CSV", () => {
  it("writes the times on the game's clocks, its zone in the header, and names the file by the game's own day", async () => {
    // 7:30 PM in Vancouver on Jan 10, 2030 is 03:30 UTC on Jan 11.
    const game = await insertEvent(db(), { timeZone: "America/Vancouver", startsAt: new Date("2030-01-11T03:30:00Z") });
    const player = await insertUser(db(), { firstName: "Zoe" });
    await db().insert(registration).values({ eventId: game.id, userId: player.id, role: "player", status: "confirmed", createdAt: new Date("2030-01-02T07:15:00Z") });
    const response = await admin.request("GET", `/api/admin/events/${game.id}/roster.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="roster-2030-01-10.csv"');
    const [head, row] = parseCsv(await response.text());
    const joined = head!.indexOf("Joined (America/Vancouver)");
    expect(joined).toBeGreaterThan(-1);
    // 07:15 UTC is 11:15 PM the day before in Vancouver (UTC-8).
    expect(row![joined]).toBe("2030-01-01 23:15");
  });
});
