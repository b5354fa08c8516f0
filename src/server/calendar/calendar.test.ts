import { eq } from "drizzle-orm";
import { RateLimiter } from "#server/http/rate-limit.ts";
import { databaseBucketStore } from "#server/http/rate-limit-store.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarFeedCreated, CalendarFeedStatus } from "#shared/calendar.ts";
import { lineProblems, readCalendar } from "#test/ical.ts";
import { join } from "#test/payments.ts";
import { ADMIN_EMAIL, connectionFrom, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "#server/app.ts";
import { calendarFeedToken, registration, user } from "#server/db/schema.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";
import { hashFeedToken } from "./feed-token.ts";

/**
 * The calendar (issue 17): a game's .ics, the .ics on "You're in", and the personal feed with its
 * secret token; every file read back with ical.js, an independent parser.
 */
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext({}, { background: true });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context?.close();
});

const HOUR = 3_600_000;
const db = () => context.database.db;

async function icsOf(path: string) {
  const response = await new TestClient(context).request("GET", path);
  return { response, body: await response.text() };
}

describe("GET /api/events/:id/calendar.ics", () => {
  it("is the game at its local time in its zone, with its venue's point, link, status and a stable UID", async () => {
    // Wednesday July 7, 2027, 7:00 PM in London (BST, UTC+1).
    const game = await insertEvent(db(), {
      title: "Summer 5-a-side",
      timeZone: "Europe/London",
      startsAt: new Date("2027-07-07T18:00:00Z"),
      durationMinutes: 60,
      locationName: "Hackney Marshes, London",
      latitude: 51.5565,
      longitude: -0.0302,
      field: "Pitch 9",
    });
    const { response, body } = await icsOf(`/api/events/${game.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="summer-5-a-side.ics"');

    const calendar = readCalendar(body);
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.timezones).toEqual(["Europe/London"]);
    expect(calendar.events).toHaveLength(1);
    const [entry] = calendar.events;
    expect(entry).toMatchObject({
      uid: `event-${game.id}@localhost`,
      summary: "Summer 5-a-side",
      location: "Hackney Marshes, London",
      status: "CONFIRMED",
      url: `${context.config.publicUrl}/event/${game.id}`,
      geo: [51.5565, -0.0302],
    });
    expect(entry!.description).toContain("Field: Pitch 9");
    expect(entry!.start).toEqual({ tzid: "Europe/London", local: "2027-07-07 19:00", instant: new Date("2027-07-07T18:00:00Z") });
    expect(entry!.end).toEqual({ tzid: "Europe/London", local: "2027-07-07 20:00", instant: new Date("2027-07-07T19:00:00Z") });

    // Asked again: the same UID, so a calendar updates its entry instead of adding a second.
    expect(readCalendar((await icsOf(`/api/events/${game.id}/calendar.ics`)).body).events[0]!.uid).toBe(entry!.uid);
  });

  it("describes the game in the language of the page it was added from", async () => {
    const game = await insertEvent(db(), { title: "Partie du soir", field: "Terrain 2" });
    const response = await new TestClient(context).request("GET", `/api/events/${game.id}/calendar.ics`, undefined, { cookie: "kickoff_lang=fr" });
    const [entry] = readCalendar(await response.text()).events;
    expect(entry!.description).toContain("Terrain : Terrain 2");
    expect(entry!.description).toContain(`Voir la partie : ${context.config.publicUrl}/event/${game.id}`);
    expect(entry!.description).not.toContain("See the game");
  });

  it("keeps 10:00 AM on New York's clocks across the change to daylight saving time", async () => {
    // Saturday March 13, 2027 is on EST (UTC-5); Sunday March 14 on EDT (UTC-4).
    const before = await insertEvent(db(), { timeZone: "America/New_York", startsAt: new Date("2027-03-13T15:00:00Z"), durationMinutes: 90 });
    const after = await insertEvent(db(), { timeZone: "America/New_York", startsAt: new Date("2027-03-14T14:00:00Z"), durationMinutes: 90 });
    const [first] = readCalendar((await icsOf(`/api/events/${before.id}/calendar.ics`)).body).events;
    const [second] = readCalendar((await icsOf(`/api/events/${after.id}/calendar.ics`)).body).events;
    expect(first!.start).toEqual({ tzid: "America/New_York", local: "2027-03-13 10:00", instant: new Date("2027-03-13T15:00:00Z") });
    expect(second!.start).toEqual({ tzid: "America/New_York", local: "2027-03-14 10:00", instant: new Date("2027-03-14T14:00:00Z") });
    expect(second!.end.local).toBe("2027-03-14 11:30");
  });

  it("says CANCELLED, with a higher SEQUENCE, once the game is cancelled; no GEO for a venue without a point", async () => {
    // Made an hour ago: SEQUENCE counts whole seconds since the last change.
    const hourAgo = new Date(Date.now() - HOUR);
    const game = await insertEvent(db(), {
      costCents: 0,
      startsInHours: 72,
      latitude: null,
      longitude: null,
      locationName: "Town Green, 1 Main St",
      createdAt: hourAgo,
      updatedAt: hourAgo,
    });
    const before = readCalendar((await icsOf(`/api/events/${game.id}/calendar.ics`)).body).events[0]!;
    expect(before.status).toBe("CONFIRMED");
    expect(before.geo).toBeNull();
    expect((await admin.post(`/api/events/${game.id}/cancel`)).status).toBe(200);
    const after = readCalendar((await icsOf(`/api/events/${game.id}/calendar.ics`)).body).events[0]!;
    expect(after.status).toBe("CANCELLED");
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it.each([
    ["an unknown game", "/api/events/00000000-0000-4000-8000-000000000000/calendar.ics"],
    ["a malformed id", "/api/events/not-a-game/calendar.ics"],
  ])("answers 404 for %s", async (_label, path) => {
    const { response, body } = await icsOf(path);
    expect(response.status).toBe(404);
    expect(JSON.parse(body)).toEqual({ error: { code: "not_found", message: "Event not found." } });
  });
});

describe("alarms and lines (issue 32)", () => {
  const both = (title: string, language: "en" | "fr" = "en") =>
    language === "en"
      ? [
          { action: "DISPLAY", trigger: "-P1D", related: "START", description: `${title} starts in 24 hours` },
          { action: "DISPLAY", trigger: "-PT2H", related: "START", description: `${title} starts in 2 hours` },
        ]
      : [
          { action: "DISPLAY", trigger: "-P1D", related: "START", description: `${title} commence dans 24 heures` },
          { action: "DISPLAY", trigger: "-PT2H", related: "START", description: `${title} commence dans 2 heures` },
        ];

  it("rings 24 h and 2 h before a game without a session, and follows the signed-in reader's reminder setting", async () => {
    const game = await insertEvent(db(), { title: "Alarm Game", startsInHours: 72 });
    const path = `/api/events/${game.id}/calendar.ics`;
    expect(readCalendar((await icsOf(path)).body).events[0]!.alarms).toEqual(both("Alarm Game"));

    const player = await signUpVerified(context);
    const inFrench = await player.client.request("GET", path, undefined, { cookie: `${[...player.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ")}; kickoff_lang=fr` });
    expect(readCalendar(await inFrench.text()).events[0]!.alarms).toEqual(both("Alarm Game", "fr"));
    expect((await player.client.patch("/api/me/reminders", { gameReminders: false })).status).toBe(200);
    expect(readCalendar(await (await player.client.get(path)).text()).events[0]!.alarms).toEqual([]);
  });

  it("has no alarm on a cancelled game", async () => {
    const game = await insertEvent(db(), { costCents: 0, startsInHours: 72 });
    expect((await admin.post(`/api/events/${game.id}/cancel`)).status).toBe(200);
    expect(readCalendar((await icsOf(`/api/events/${game.id}/calendar.ics`)).body).events[0]!.alarms).toEqual([]);
  });

  it("ends every line, the last one included, with CRLF and folds long lines at 75 octets, accents counted as octets", async () => {
    const title = "Été à Montréal : la grande partie du dimanche près du fleuve Saint-Laurent, équipes mêlées";
    const game = await insertEvent(db(), { title, notes: "Apportez un chandail pâle et un foncé. ".repeat(12), locationName: "Parc Jean-Drapeau, île Sainte-Hélène, Montréal (Québec)" });
    const { body } = await icsOf(`/api/events/${game.id}/calendar.ics`);
    expect(lineProblems(body)).toEqual([]);
    // Folded, not cut: the parser reads the title whole.
    expect(readCalendar(body).events[0]!.summary).toBe(title);
    expect(body.split("\r\n").some((line) => line.startsWith(" "))).toBe(true);
  });
});

describe("the .ics on a held spot's mail", () => {
  it("rides along with You're in, as METHOD:PUBLISH text/calendar, at the game's local time", async () => {
    const game = await insertEvent(db(), { title: "Free Tuesday", costCents: 0, timeZone: "America/Toronto", startsAt: new Date("2030-06-11T23:30:00Z") });
    const player = await signUpVerified(context);
    expect((await join(player.client, game.id, { role: "player" })).status).toBe(201);
    const mail = await context.mail.waitFor(player.email, "You're in: Free Tuesday", { timeoutMs: 20_000 });
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.contentType).toBe("text/calendar");
    expect(file!.filename).toBe("free-tuesday.ics");
    const calendar = readCalendar(file!.content);
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.events[0]).toMatchObject({ uid: `event-${game.id}@localhost`, status: "CONFIRMED", summary: "Free Tuesday" });
    expect(calendar.events[0]!.start).toEqual({ tzid: "America/Toronto", local: "2030-06-11 19:30", instant: new Date("2030-06-11T23:30:00Z") });
    expect(calendar.events[0]!.alarms.map((alarm) => alarm.trigger)).toEqual(["-P1D", "-PT2H"]);
    expect(lineProblems(file!.content)).toEqual([]);
  });

  it("rings no alarm for someone who turned game reminders off", async () => {
    const game = await insertEvent(db(), { title: "Quiet Tuesday", costCents: 0, startsInHours: 80 });
    const player = await signUpVerified(context);
    expect((await player.client.patch("/api/me/reminders", { gameReminders: false })).status).toBe(200);
    expect((await join(player.client, game.id, { role: "player" })).status).toBe(201);
    const mail = await context.mail.waitFor(player.email, "You're in: Quiet Tuesday", { timeoutMs: 20_000 });
    expect(readCalendar(mail.attachments[0]!.content).events[0]!.alarms).toEqual([]);
  });
});

describe("the calendar feed", () => {
  async function makeFeed(client: TestClient) {
    const made = await client.json<CalendarFeedCreated>("POST", "/api/me/calendar-feed");
    expect(made.status).toBe(201);
    const https = made.body.feed.httpsUrl;
    expect(made.body.feed.webcalUrl).toBe(https.replace(/^http:/, "webcal:"));
    return { path: new URL(https).pathname, token: /\/api\/calendar\/([^/]+)\.ics$/.exec(https)![1]! };
  }

  it("lists the games where the user holds a spot, and keeps a left or cancelled one for 30 days as CANCELLED with a higher SEQUENCE", async () => {
    const player = await signUpVerified(context);
    const other = await insertUser(db());
    // Made an hour ago: SEQUENCE counts whole seconds since the last change.
    const hourAgo = new Date(Date.now() - HOUR);
    const made = { createdAt: hourAgo, updatedAt: hourAgo, costCents: 0 };
    const held = await insertEvent(db(), { ...made, title: "Held Game", startsInHours: 96, timeZone: "Europe/Berlin" });
    const toLeave = await insertEvent(db(), { ...made, title: "Left Game", startsInHours: 97 });
    const toCancel = await insertEvent(db(), { ...made, title: "Cancelled Game", startsInHours: 120 });
    const waiting = await insertEvent(db(), { title: "Waitlisted Game", costCents: 0, startsInHours: 96 });
    const notMine = await insertEvent(db(), { title: "Someone Else's Game", costCents: 0, startsInHours: 96 });
    const longAgo = await insertEvent(db(), { title: "Left Long Ago", costCents: 0, startsInHours: 96 });
    for (const game of [held, toLeave, toCancel]) await spot(player.userId, game.id, hourAgo);
    await insertRegistration(db(), { eventId: waiting.id, userId: player.userId, status: "waitlisted" });
    await insertRegistration(db(), { eventId: notMine.id, userId: other.id, status: "confirmed" });
    await db()
      .insert(registration)
      .values({ eventId: longAgo.id, userId: player.userId, role: "player", status: "cancelled", closedReason: "user_left", updatedAt: new Date(Date.now() - 31 * 24 * HOUR) });

    const { path } = await makeFeed(player.client);
    const first = await feed(path);
    expect(first.response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(first.response.headers.get("cache-control")).toBe("private, no-store");
    expect(first.calendar.refreshInterval).toBe("PT1H");
    expect(first.calendar.publishedTtl).toBe("PT1H");
    expect(first.calendar.method).toBe("PUBLISH");
    expect(titles(first.calendar)).toEqual(["Held Game", "Left Game", "Cancelled Game"]);
    expect(first.calendar.events.every((entry) => entry.status === "CONFIRMED")).toBe(true);
    expect(lineProblems(first.text)).toEqual([]);
    expect(first.calendar.events.every((entry) => entry.alarms.map((alarm) => alarm.trigger).join() === "-P1D,-PT2H")).toBe(true);
    const berlin = first.calendar.events.find((entry) => entry.summary === "Held Game")!;
    expect(berlin.start.tzid).toBe("Europe/Berlin");
    // To the second: the file has no milliseconds.
    expect(berlin.start.instant.getTime()).toBe(Math.floor(held.startsAt.getTime() / 1000) * 1000);

    // One leaves through the app; the organiser cancels another.
    expect((await player.client.delete(`/api/events/${toLeave.id}/registrations/me`)).status).toBe(200);
    expect((await admin.post(`/api/events/${toCancel.id}/cancel`)).status).toBe(200);
    const second = await feed(path);
    expect(titles(second.calendar)).toEqual(["Held Game", "Left Game", "Cancelled Game"]);
    const entry = (calendar: typeof first.calendar, title: string) => calendar.events.find((candidate) => candidate.summary === title)!;
    for (const title of ["Left Game", "Cancelled Game"]) {
      expect(entry(second.calendar, title).status).toBe("CANCELLED");
      expect(entry(second.calendar, title).uid).toBe(entry(first.calendar, title).uid);
      expect(entry(second.calendar, title).sequence).toBeGreaterThan(entry(first.calendar, title).sequence);
    }
    expect(entry(second.calendar, "Held Game")).toMatchObject({ status: "CONFIRMED", sequence: entry(first.calendar, "Held Game").sequence });
    // A crossed-out entry does not ring; with reminders off, none does.
    expect(entry(second.calendar, "Left Game").alarms).toEqual([]);
    expect((await player.client.patch("/api/me/reminders", { gameReminders: false })).status).toBe(200);
    expect((await feed(path)).calendar.events.flatMap((candidate) => candidate.alarms)).toEqual([]);
    expect((await player.client.patch("/api/me/reminders", { gameReminders: true })).status).toBe(200);

    // 30 days after leaving, the cancelled entry is gone.
    await db().update(registration).set({ updatedAt: new Date(Date.now() - 31 * 24 * HOUR) }).where(eq(registration.eventId, toLeave.id));
    expect(titles((await feed(path)).calendar)).toEqual(["Held Game", "Cancelled Game"]);

    // Calendar apps send no cookie: the feed speaks the owner's language, as their mails do.
    await db().update(user).set({ language: "fr" }).where(eq(user.id, player.userId));
    const inFrench = entry((await feed(path)).calendar, "Cancelled Game").description;
    expect(inFrench).toContain("Cette partie est annulée pour vous.");
    expect(inFrench).toContain("Voir la partie : ");
  });

  it("stops answering an old token once it is replaced, and keeps only the token's hash", async () => {
    const player = await signUpVerified(context);
    expect((await player.client.json<CalendarFeedStatus>("GET", "/api/me/calendar-feed")).body).toEqual({ feed: null });
    const old = await makeFeed(player.client);
    expect(old.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = await player.client.json<CalendarFeedStatus>("GET", "/api/me/calendar-feed");
    expect(status.body.feed?.createdAt).toEqual(expect.any(String));
    const [stored] = await db().select().from(calendarFeedToken).where(eq(calendarFeedToken.userId, player.userId));
    expect(stored!.tokenHash).toBe(hashFeedToken(old.token));
    expect(JSON.stringify(stored)).not.toContain(old.token);
    expect((await feed(old.path)).response.status).toBe(200);

    const replaced = await makeFeed(player.client);
    expect(replaced.token).not.toBe(old.token);
    expect((await feed(replaced.path)).response.status).toBe(200);
    const revoked = await new TestClient(context).request("GET", old.path);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toBe(await notFoundBody());
  });

  it.each([
    ["a wrong token", `/api/calendar/${"A".repeat(43)}.ics`],
    ["a token too short", "/api/calendar/abc.ics"],
    ["no .ics", `/api/calendar/${"A".repeat(43)}`],
    ["characters outside base64url", `/api/calendar/${"%2B".repeat(43)}.ics`],
  ])("answers %s with the same 404 as any unknown address", async (_label, path) => {
    const response = await new TestClient(context).request("GET", path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.text()).toBe(await notFoundBody());
  });

  it("is for signed-in, verified users to make and replace", async () => {
    expect((await new TestClient(context).request("POST", "/api/me/calendar-feed")).status).toBe(401);
    expect((await new TestClient(context).request("GET", "/api/me/calendar-feed")).status).toBe(401);
  });

  it("limits fetches per client address, right token or wrong", async () => {
    const tight = { ...context.config, rateLimits: { ...context.config.rateLimits, perAddress: { ...context.config.rateLimits.perAddress, calendarFeed: 3 } } };
    // Its own limiter, as a server started with these limits would have.
    const app = createApp({ ...context.services, config: tight, limiter: new RateLimiter(tight.rateLimits, databaseBucketStore(context.database.pool)) });
    const player = await signUpVerified(context);
    const { path } = await makeFeed(player.client);
    const from = (address: string, target: string) => app.request(`${context.config.publicUrl}${target}`, {}, connectionFrom(address));
    expect((await from("203.0.113.7", path)).status).toBe(200);
    expect((await from("203.0.113.7", `/api/calendar/${"B".repeat(43)}.ics`)).status).toBe(404);
    expect((await from("203.0.113.7", path)).status).toBe(200);
    const limited = await from("203.0.113.7", path);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await from("198.51.100.4", path)).status).toBe(200);
  });
});

/** A confirmed spot held since `since` (inserted, as the API cannot backdate). */
async function spot(userId: string, eventId: string, since: Date) {
  await db().insert(registration).values({ eventId, userId, role: "player", status: "confirmed", createdAt: since, updatedAt: since });
}

async function feed(path: string) {
  const response = await new TestClient(context).request("GET", path);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { response, text, calendar: readCalendar(text) };
}

const titles = (calendar: ReturnType<typeof readCalendar>) => calendar.events.map((entry) => entry.summary);

async function notFoundBody() {
  return (await new TestClient(context).request("GET", "/api/no-such-route")).text();
}
