import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletedEventsResponse, UpcomingEventsResponse } from "#shared/events.ts";
import { createTestContext, TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "#server/app.ts";
import { createListCache } from "./list-cache.ts";
import { insertEvent, insertRegistration, insertUser } from "#test/seed-events.ts";

type ErrorBody = { error: { code: string; message: string } };

let context: TestContext;
let anonymous: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  context = await createTestContext();
  anonymous = new TestClient(context);
  const db = context.database.db;

  ids.nextWeek = (await insertEvent(db, { title: "Next week", startsInHours: 7 * 24 })).id;
  ids.tomorrow = (await insertEvent(db, { title: "Tomorrow", startsInHours: 24 })).id;
  ids.inProgress = (await insertEvent(db, { title: "In progress", startsInHours: -0.5, durationMinutes: 90 })).id;
  ids.cancelled = (await insertEvent(db, { title: "Cancelled", startsInHours: 30, status: "cancelled" })).id;
  ids.cancelledPast = (await insertEvent(db, { title: "Cancelled, past", startsInHours: -30, status: "cancelled" })).id;
  // Six completed events, one a day apart: day1 is the newest.
  for (let day = 1; day <= 6; day++) {
    ids[`day${day}`] = (await insertEvent(db, { title: `Played ${day} days ago`, startsInHours: -24 * day })).id;
  }

  const users = await Promise.all(Array.from({ length: 7 }, () => insertUser(db)));
  const statuses = ["confirmed", "confirmed", "pending_payment", "waitlisted", "refunded", "cancelled"] as const;
  for (const [index, status] of statuses.entries()) {
    await insertRegistration(db, { eventId: ids.tomorrow!, userId: users[index]!.id, status });
  }
  await insertRegistration(db, { eventId: ids.tomorrow!, userId: users[6]!.id, role: "goalkeeper", status: "confirmed" });
  await insertRegistration(db, { eventId: ids.day1!, userId: users[0]!.id, status: "confirmed" });
});
afterAll(async () => {
  await context.close();
});

describe("GET /api/events?scope=upcoming", () => {
  it("lists events not yet ended, in progress included, soonest first, without cancelled ones — no sign-in needed", async () => {
    const response = await anonymous.json<UpcomingEventsResponse>("GET", "/api/events?scope=upcoming");
    expect(response.status).toBe(200);
    expect(response.body.events.map((event) => event.id)).toEqual([ids.inProgress, ids.tomorrow, ids.nextWeek]);
  });

  it("counts confirmed and being-paid spots per role, not waitlisted, refunded or cancelled ones", async () => {
    const response = await anonymous.json<UpcomingEventsResponse>("GET", "/api/events?scope=upcoming");
    const tomorrow = response.body.events.find((event) => event.id === ids.tomorrow);
    expect(tomorrow).toMatchObject({ title: "Tomorrow", playersCount: 3, goalkeepersCount: 1, status: "active", locationName: "Riverside Park" });
    const nextWeek = response.body.events.find((event) => event.id === ids.nextWeek);
    expect(nextWeek).toMatchObject({ playersCount: 0, goalkeepersCount: 0 });
  });
});

describe("GET /api/events?scope=completed", () => {
  it("pages ended events newest first, five a page: page 1 of 2", async () => {
    const response = await anonymous.json<CompletedEventsResponse>("GET", "/api/events?scope=completed&page=1");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, pageCount: 2, total: 6 });
    expect(response.body.events.map((event) => event.id)).toEqual([ids.day1, ids.day2, ids.day3, ids.day4, ids.day5]);
    expect(response.body.events[0]).toMatchObject({ playersCount: 1 });
  });

  it("shows the rest on page 2 of 2", async () => {
    const response = await anonymous.json<CompletedEventsResponse>("GET", "/api/events?scope=completed&page=2");
    expect(response.body).toMatchObject({ page: 2, pageCount: 2, total: 6 });
    expect(response.body.events.map((event) => event.id)).toEqual([ids.day6]);
  });

  it("starts at page 1 and clamps pages that do not exist", async () => {
    expect((await anonymous.json<CompletedEventsResponse>("GET", "/api/events?scope=completed")).body.page).toBe(1);
    expect((await anonymous.json<CompletedEventsResponse>("GET", "/api/events?scope=completed&page=0")).body.page).toBe(1);
    expect((await anonymous.json<CompletedEventsResponse>("GET", "/api/events?scope=completed&page=-4")).body.page).toBe(1);
    const beyond = await anonymous.json<CompletedEventsResponse>("GET", "/api/events?scope=completed&page=99");
    expect(beyond.body).toMatchObject({ page: 2, pageCount: 2 });
    expect(beyond.body.events).toHaveLength(1);
  });

  it.each([
    ["a page that is not a number", "/api/events?scope=completed&page=two"],
    ["a fractional page", "/api/events?scope=completed&page=1.5"],
    ["a huge page number", "/api/events?scope=completed&page=99999999999999999999"],
    ["an unknown scope", "/api/events?scope=everything"],
    ["no scope", "/api/events"],
  ])("answers %s with a 400, never a 500", async (_label, path) => {
    const response = await anonymous.json<ErrorBody>("GET", path);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation");
  });
});

describe("GET /api/events?scope=completed with nothing completed", () => {
  it("has one empty page", async () => {
    const empty = await createTestContext();
    try {
      const response = await new TestClient(empty).json<CompletedEventsResponse>("GET", "/api/events?scope=completed&page=3");
      expect(response.body).toEqual({ events: [], page: 1, pageCount: 1, total: 0 });
    } finally {
      await empty.close();
    }
  });
});

describe("what the public lists expose", () => {
  it("never sends an organiser's or a player's email to anonymous visitors", async () => {
    const db = context.database.db;
    const organiser = await insertUser(db, { email: "private-organiser@example.com" });
    const player = await insertUser(db, { email: "private-player@example.com" });
    const upcoming = await insertEvent(db, { title: "Private contact", organizerId: organiser.id, organizerName: "Olive", organizerEmail: organiser.email });
    const past = await insertEvent(db, { title: "Private past", startsInHours: -2, durationMinutes: 60, organizerEmail: organiser.email });
    await insertRegistration(db, { eventId: upcoming.id, userId: player.id, status: "confirmed" });
    await insertRegistration(db, { eventId: past.id, userId: player.id, status: "confirmed" });

    // A fresh app: the shared one may still hold these lists from the tests above (ADR 004).
    const visitor = new TestClient({ ...context, app: createApp({ ...context.services, listCache: createListCache() }) });
    for (const path of ["/api/events?scope=upcoming", "/api/events?scope=completed&page=1"]) {
      const text = await (await visitor.request("GET", path)).text();
      expect(text, path).toContain("Private");
      expect(text, path).not.toContain("private-organiser@example.com");
      expect(text, path).not.toContain("private-player@example.com");
      expect(text, path).not.toContain(player.id);
    }
  });
});

