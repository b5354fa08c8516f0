import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_FIELDS_REQUIRED, DATE_IN_PAST, type EventDetail, LATITUDE_RANGE, LONGITUDE_RANGE, type UpcomingEventsResponse } from "#shared/events.ts";
import { dateInZone, zonedTimeToUtc } from "#shared/zoned-time.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { english } from "#test/shared-english.ts";

const ZONE = "America/New_York";
const DAY = 86_400_000;

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Sunday pick-up",
    date: dateInZone(new Date(Date.now() + 3 * DAY), ZONE),
    time: "10:00",
    timeZone: ZONE,
    durationHours: 1,
    durationMinutes: 30,
    location: { name: "Riverside Park Pitch 3, 100 River Road", latitude: 40.7812, longitude: -73.9665 },
    field: "Pitch 3",
    cost: "12.50",
    maxPlayers: 14,
    includeGoalkeepers: true,
    goalkeeperCost: "",
    maxGoalkeepers: 2,
    ...overrides,
  };
}

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});

describe("POST /api/events: who may create", () => {
  it("refuses signed-out visitors with 401", async () => {
    const response = await new TestClient(context).json<ErrorBody>("POST", "/api/events", validBody());
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthorized");
  });

  it("refuses signed-in users who are not admins with 403, even with a bad body", async () => {
    const { client } = await signUpVerified(context);
    expect((await client.json<ErrorBody>("POST", "/api/events", validBody())).status).toBe(403);
    expect((await client.json<ErrorBody>("POST", "/api/events", {})).status).toBe(403);
  });
});

describe("POST /api/events: an admin creates an event", () => {
  it("stores the wall time in the organiser's zone, the end, the prices and the organiser", async () => {
    const body = validBody();
    const response = await admin.json<{ event: EventDetail }>("POST", "/api/events", body);
    expect(response.status).toBe(201);
    const created = response.body.event;
    const startsAt = zonedTimeToUtc(body.date, "10:00", ZONE);
    expect(created).toMatchObject({
      title: "Sunday pick-up",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      timeZone: ZONE,
      durationMinutes: 90,
      locationName: "Riverside Park Pitch 3, 100 River Road",
      latitude: 40.7812,
      longitude: -73.9665,
      field: "Pitch 3",
      costCents: 1250,
      maxPlayers: 14,
      includeGoalkeepers: true,
      goalkeeperCostCents: 0,
      maxGoalkeepers: 2,
      status: "active",
      playersCount: 0,
      goalkeepersCount: 0,
      organizer: { name: "Ada Admin", email: ADMIN_EMAIL },
      players: [],
      goalkeepers: [],
      playerWaitList: [],
      goalkeeperWaitList: [],
      refundedUsers: [],
    });

    const fetched = await admin.json<{ event: EventDetail }>("GET", `/api/events/${created.id}`);
    expect(fetched.body.event).toEqual(created);
    const upcoming = await new TestClient(context).json<UpcomingEventsResponse>("GET", "/api/events?scope=upcoming");
    expect(upcoming.body.events.map((event) => event.id)).toContain(created.id);
  });

  it("leaves goalkeepers free and out when they are not included", async () => {
    const response = await admin.json<{ event: EventDetail }>(
      "POST",
      "/api/events",
      validBody({ includeGoalkeepers: false, goalkeeperCost: "7", field: "", cost: "0" }),
    );
    expect(response.status).toBe(201);
    expect(response.body.event).toMatchObject({ includeGoalkeepers: false, goalkeeperCostCents: 0, costCents: 0, field: null });
  });

  it("accepts a venue typed in by hand, with no place search behind it (this app runs with GEOCODER=none)", async () => {
    const location = { name: "Old Mill Field, Mill Lane, Little Hampton", latitude: -33.856812, longitude: 151.215312 };
    const response = await admin.json<{ event: EventDetail }>("POST", "/api/events", validBody({ location }));
    expect(response.status).toBe(201);
    expect(response.body.event).toMatchObject({ locationName: location.name, latitude: location.latitude, longitude: location.longitude });
  });

  it("accepts a name and address alone, with no coordinates (decision 021), with notes kept as written", async () => {
    const location = { name: "Old Mill Field, Mill Lane, Little Hampton" };
    const notes = "Bibs provided.\nPark on Mill Lane, not in the yard.";
    const response = await admin.json<{ event: EventDetail }>("POST", "/api/events", validBody({ location, notes }));
    expect(response.status).toBe(201);
    expect(response.body.event).toMatchObject({ locationName: location.name, latitude: null, longitude: null, notes });
    const nulls = await admin.json<{ event: EventDetail }>("POST", "/api/events", validBody({ location: { ...location, latitude: null, longitude: null } }));
    expect(nulls.status).toBe(201);
  });

  it("refuses half a point: latitude without longitude", async () => {
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody({ location: { name: "Pitch", latitude: 40.78 } }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Give both latitude and longitude, or neither.");
  });

  it("accepts the edges of the globe", async () => {
    const response = await admin.json<{ event: EventDetail }>("POST", "/api/events", validBody({ location: { name: "Pole", latitude: 90, longitude: -180 } }));
    expect(response.status).toBe(201);
  });

  it("accepts an event later today", async () => {
    const soon = new Date(Date.now() + 2 * 60 * 60_000);
    // Build the wall time in UTC two hours from now, unless that is already tomorrow there.
    const zone = dateInZone(soon, "UTC") === dateInZone(new Date(), "UTC") ? "UTC" : "Pacific/Kiritimati";
    const wall = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(soon);
    const response = await admin.json("POST", "/api/events", validBody({ date: dateInZone(soon, zone), time: wall, timeZone: zone }));
    expect(response.status).toBe(201);
  });
});

describe("POST /api/events: invalid input is a 400 with the form's messages", () => {
  it.each([
    ["title", { title: "  " }],
    ["date", { date: "" }],
    ["time", { time: "" }],
    ["durationHours", { durationHours: "" }],
    ["location", { location: undefined }],
    ["cost", { cost: "" }],
    ["maxPlayers", { maxPlayers: "" }],
  ])("says 'All fields are required' when %s is missing", async (field, overrides) => {
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation");
    expect(response.body.error.message).toBe(english(ALL_FIELDS_REQUIRED));
    expect(response.body.error.fields?.[field]).toBe(english(ALL_FIELDS_REQUIRED));
  });

  it("refuses a date before today in the organiser's zone", async () => {
    const yesterday = dateInZone(new Date(Date.now() - DAY), ZONE);
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody({ date: yesterday }));
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: "validation", message: english(DATE_IN_PAST), fields: { date: english(DATE_IN_PAST) } });
  });

  it("refuses a start time that has already passed today", async () => {
    // A zone where it is at least 01:00 now, so 00:00 today is in the past.
    const zone = ["UTC", "Asia/Tokyo", "America/Los_Angeles"].find(
      (candidate) => Number(new Intl.DateTimeFormat("en-GB", { timeZone: candidate, hour: "2-digit", hourCycle: "h23" }).format(new Date())) >= 1,
    )!;
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody({ date: dateInZone(new Date(), zone), time: "00:00", timeZone: zone }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(english(DATE_IN_PAST));
    expect(response.body.error.fields).toEqual({ time: english(DATE_IN_PAST) });
  });

  it.each([
    ["an impossible date", { date: "2031-02-30" }, "date"],
    ["an impossible time", { time: "25:00" }, "time"],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, "timeZone"],
    ["minutes above 59", { durationMinutes: 60 }, "durationMinutes"],
    ["a zero duration", { durationHours: 0, durationMinutes: 0 }, "durationHours"],
    ["a duration over a day", { durationHours: 25 }, "durationHours"],
    ["a bad price", { cost: "ten" }, "cost"],
    ["zero players", { maxPlayers: 0 }, "maxPlayers"],
    ["more players than a column holds", { maxPlayers: 1e12 }, "maxPlayers"],
    ["coordinates off the globe", { location: { name: "Nowhere", latitude: 91, longitude: 0 } }, "location.latitude"],
  ])("refuses %s", async (_label, overrides, field) => {
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation");
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
  });

  it.each([
    ["latitude", { name: "Nowhere", latitude: -90.5, longitude: 0 }, "location.latitude", english(LATITUDE_RANGE)],
    ["longitude", { name: "Nowhere", latitude: 0, longitude: 180.01 }, "location.longitude", english(LONGITUDE_RANGE)],
  ])("says which coordinate is off the globe (%s)", async (_label, location, field, message) => {
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody({ location }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(response.body.error.fields?.[field]).toBe(message);
  });

  it.each([
    ["player", { cost: "0.30" }, "cost"],
    ["goalkeeper", { goalkeeperCost: "0.49" }, "goalkeeperCost"],
  ])("refuses a %s price below the processor's minimum charge, saying the minimum; free is fine", async (_label, overrides, field) => {
    const message = "The price must be free or at least $0.50.";
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: "validation", message, fields: { [field]: message } });
    expect((await admin.json("POST", "/api/events", validBody({ [field]: "0" }))).status).toBe(201);
    expect((await admin.json("POST", "/api/events", validBody({ [field]: "0.50" }))).status).toBe(201);
  });

  it("refuses coordinates that are not numbers", async () => {
    const response = await admin.json<ErrorBody>("POST", "/api/events", validBody({ location: { name: "Pitch", latitude: "40.78", longitude: -73.97 } }));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields ?? {})).toContain("location.latitude");
  });

  it("refuses a body that is not JSON", async () => {
    const response = await admin.request("POST", "/api/events", undefined, { "content-type": "application/json" });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/events in an app configured with CURRENCY=gbp", () => {
  let gbp: TestContext;
  let gbpAdmin: TestClient;
  beforeAll(async () => {
    gbp = await createTestContext({ CURRENCY: "gbp" });
    gbpAdmin = (await signUpVerified(gbp, { email: ADMIN_EMAIL })).client;
  });
  afterAll(async () => {
    await gbp?.close();
  });

  it("takes the pound's own minimum charge, £0.30", async () => {
    expect((await gbpAdmin.json("POST", "/api/events", validBody({ cost: "0.30" }))).status).toBe(201);
    const response = await gbpAdmin.json<ErrorBody>("POST", "/api/events", validBody({ cost: "0.29" }));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ cost: "The price must be free or at least £0.30." });
  });
});
