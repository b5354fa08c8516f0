import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateInZone } from "#shared/zoned-time.ts";
import { ADMIN_EMAIL, connectionFrom, createTestContext, signUpVerified, TEST_ORIGIN, type TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "./app.ts";
import { insertEvent } from "#test/seed-events.ts";
import { createLocalMailer } from "./mail/mailer.ts";

/**
 * Bad input of every kind, on every route: a clear 4xx (under /api with the error shape of
 * docs/http-api.md, "Errors"), never a 500 and never a stack trace. The app is built with the local
 * mailbox and a web build, so /dev/mailbox, /event/:id and static files are probed too.
 */
let context: TestContext;
let app: ReturnType<typeof createApp>;
let webDist: string;
let admin: TestClient;
let player: TestClient;
let eventId: string;
beforeAll(async () => {
  context = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), "kickoff-bad-input-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><html><head><title>Kickoff</title></head><body></body></html>");
  writeFileSync(join(webDist, "assets", "app-1.js"), "console.log('app')");
  app = createApp({ ...context.services, mailer: createLocalMailer(context.database.db, () => undefined) }, { webDist });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
  player = (await signUpVerified(context)).client;
  eventId = (await insertEvent(context.database.db)).id;
});
afterAll(async () => {
  await context.close();
  rmSync(webDist, { recursive: true, force: true });
});

const ZONE = "America/New_York";
function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Sunday pick-up",
    date: dateInZone(new Date(Date.now() + 3 * 86_400_000), ZONE),
    time: "10:00",
    timeZone: ZONE,
    durationHours: 1,
    durationMinutes: 0,
    location: { name: "Riverside Park", latitude: 40.78, longitude: -73.96 },
    cost: "10",
    maxPlayers: 10,
    includeGoalkeepers: false,
    ...overrides,
  };
}

const TOO_DEEP = "The request body is nested too deeply (more than 32 levels).";
/** `levels` objects inside each other: {"a":{"a":…1…}}. */
const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const nestedArray = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;

type Who = "anonymous" | "player" | "admin";
interface Probe {
  who?: Who;
  method: string;
  path: string;
  /** Sent as is (a string) or as JSON. */
  body?: string | object;
  headers?: Record<string, string>;
}

async function send({ who = "anonymous", method, path, body, headers = {} }: Probe) {
  const client = who === "admin" ? admin : who === "player" ? player : null;
  const cookie = client?.cookies.size ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : undefined;
  const response = await app.request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined || method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  }, connectionFrom("127.0.0.1"));
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get("content-type") ?? "" };
}

/**
 * A 4xx; under /api (not better-auth's own routes) with the error shape of docs/http-api.md,
 * "Errors"; never a stack trace.
 */
async function expectClientError(probe: Probe, status?: number) {
  const label = `${probe.who ?? "anonymous"} ${probe.method} ${probe.path} ${typeof probe.body === "string" ? probe.body.slice(0, 40) : JSON.stringify(probe.body ?? "").slice(0, 80)}`;
  const { status: actual, text, type } = await send(probe);
  expect(actual, label).toBeGreaterThanOrEqual(400);
  expect(actual, label).toBeLessThan(500);
  if (status) expect(actual, label).toBe(status);
  expect(text, label).not.toMatch(/\n\s+at /);
  if (probe.path.startsWith("/api/") && !probe.path.startsWith("/api/auth/") && !probe.path.startsWith("/api/unsubscribe")) {
    expect(type, label).toContain("application/json");
    const body = JSON.parse(text) as { error: { code: string; message: string } };
    expect(body.error.code, label).toMatch(/^[a-z_]+$/);
    expect(body.error.message, label).toBeTruthy();
  }
  return text;
}

describe("POST /api/events", () => {
  it.each<[string, string | object, string?]>([
    ["NUL in the title", eventBody({ title: "Five\u0000a-side" }), "Title contains characters that are not allowed"],
    ["NUL in the field", eventBody({ field: "Pitch\u00003" }), "Field contains characters that are not allowed"],
    ["NUL in the location", eventBody({ location: { name: "Park\u0000", latitude: 1, longitude: 2 } }), "Event Location contains characters that are not allowed"],
    ["a control character in the title", eventBody({ title: "Game\u001b[31m" }), "Title contains characters that are not allowed"],
    ["a line break in the title", eventBody({ title: "Game\r\nBcc: x@example.com" }), "Title contains characters that are not allowed"],
    ["a line break in the field", eventBody({ field: "Pitch\n3" }), "Field contains characters that are not allowed"],
    ["NUL in the time zone", eventBody({ timeZone: "America/New_York\u0000" }), "Unknown time zone"],
    ["a huge time zone", eventBody({ timeZone: "x".repeat(50_000) }), "Unknown time zone"],
    ["a huge number of hours", eventBody({ durationHours: 1e300 }), "The duration must be 24 hours or less"],
    ["a huge player count", eventBody({ maxPlayers: 2 ** 31 }), "Max players must be at most 1000"],
    ["a huge goalkeeper count", eventBody({ includeGoalkeepers: true, maxGoalkeepers: 1e12 }), "Max goalkeepers must be at most 100"],
    ["a huge cost", eventBody({ cost: "99999999999" }), "Cost must be an amount like 10 or 12.50"],
    ["a negative cost", eventBody({ cost: "-5" }), "Cost must be an amount like 10 or 12.50"],
    ["an impossible date", eventBody({ date: "2030-02-30" }), "Enter a valid date"],
    ["an impossible time", eventBody({ time: "25:61" }), "Enter a valid time"],
    ["latitude as text", eventBody({ location: { name: "Park", latitude: "40", longitude: 2 } })],
    ["latitude out of range", eventBody({ location: { name: "Park", latitude: 91, longitude: 2 } })],
    ["a number for a string", eventBody({ title: 42 })],
    ["an object for a number", eventBody({ includeGoalkeepers: true, maxGoalkeepers: { many: true } })],
    ["an array body", "[]"],
    ["a null body", "null"],
    ["a JSON string body", '"event"'],
    ["broken JSON", "{"],
    ["an empty body", ""],
  ])("refuses %s with 400", async (_label, body, message) => {
    const text = await expectClientError({ who: "admin", method: "POST", path: "/api/events", body }, 400);
    if (message) expect(JSON.parse(text).error.message).toBe(message);
  });

  it("refuses a body over 64 KB with 413", async () => {
    await expectClientError({ who: "admin", method: "POST", path: "/api/events", body: JSON.stringify(eventBody({ title: "x".repeat(70_000) })) }, 413);
  });
});

describe("the series' routes (docs/series.md)", () => {
  const repeat = { ends: "after_games", gameCount: 4, opensDaysBefore: 6 };
  it.each<[string, string | object, string?]>([
    ["no repeat", eventBody(), "All fields are required"],
    ["a repeat that is a string", eventBody({ repeat: "weekly" }), "All fields are required"],
    ["an unknown way to end", eventBody({ repeat: { ...repeat, ends: "never" } }), "All fields are required"],
    ["a huge number of games", eventBody({ repeat: { ...repeat, gameCount: 1e300 } }), "The number of games must be between 1 and 104"],
    ["a number of games as an object", eventBody({ repeat: { ...repeat, gameCount: { many: true } } }), "The number of games must be between 1 and 104"],
    ["an impossible last date", eventBody({ repeat: { ends: "on_date", endDate: "2030-02-30", opensDaysBefore: 6 } }), "Enter a valid date"],
    ["NUL in the last date", eventBody({ repeat: { ends: "on_date", endDate: "2030-01-01\u0000", opensDaysBefore: 6 } }), "Enter a valid date"],
    ["an opening a year ahead", eventBody({ repeat: { ...repeat, opensDaysBefore: 365 } }), "Registration must open between 1 and 28 days before kick-off"],
    ["an array body", "[]"],
    ["a null body", "null"],
    ["broken JSON", "{"],
  ])("POST /api/admin/series refuses %s with 400", async (_label, body, message) => {
    const text = await expectClientError({ who: "admin", method: "POST", path: "/api/admin/series", body }, 400);
    if (message) expect(JSON.parse(text).error.message).toBe(message);
  });

  it.each([
    ["GET", "/api/admin/series/not-a-uuid"],
    ["GET", "/api/admin/series/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/admin/series/not-a-uuid/end"],
    ["PATCH", "/api/admin/series/not-a-uuid/games/also-not-one"],
  ] as const)("%s %s answers 404, never a 500", async (method, path) => {
    const body = method === "PATCH" ? { ...eventBody(), scope: "this" } : method === "POST" ? {} : undefined;
    await expectClientError({ who: "admin", method, path, body }, 404);
  });
});

describe("JSON bodies only as application/json", () => {
  it.each([
    ["POST", "/api/events", "admin"],
    ["PATCH", "/api/me/name", "player"],
    ["PATCH", "/api/me/notifications", "player"],
    ["PATCH", "/api/me/reminders", "player"],
    ["POST", "/api/me/email", "player"],
  ] as const)("%s %s refuses a JSON body sent as a form or text (what another site can send without asking)", async (method, path, who) => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      const text = await expectClientError({ who, method, path, body: eventBody({ firstName: "Eve", lastName: "Evil", notifyNewEvents: false, gameReminders: false }), headers: { "content-type": type } }, 400);
      expect(JSON.parse(text).error.message, type).toBe("The request body must be JSON (Content-Type: application/json).");
    }
  });

  it("an edit, and a cancel that carries a body, refuse one sent as a form or text", async () => {
    for (const [method, path] of [["PATCH", `/api/events/${eventId}`], ["POST", `/api/events/${eventId}/cancel`]] as const) {
      const text = await expectClientError({ who: "admin", method, path, body: eventBody({ message: "x" }), headers: { "content-type": "text/plain" } }, 400);
      expect(JSON.parse(text).error.message, path).toBe("The request body must be JSON (Content-Type: application/json).");
    }
  });

  it("accepts application/json with a charset", async () => {
    const response = await send({ who: "player", method: "PATCH", path: "/api/me/name", body: { firstName: "Pat", lastName: "Player" }, headers: { "content-type": "Application/JSON; charset=utf-8" } });
    expect(response.status).toBe(200);
  });
});

describe("GET /api/events and /api/events/:id", () => {
  it.each([
    "/api/events",
    "/api/events?scope=everything",
    "/api/events?scope=%00",
    "/api/events?scope=completed&page=1.5",
    "/api/events?scope=completed&page=1e3",
    "/api/events?scope=completed&page=%00",
    "/api/events?scope=completed&page=99999999999999999999",
    "/api/events?scope=completed&page=",
  ])("answers 400 for %s", async (path) => {
    await expectClientError({ method: "GET", path }, 400);
  });

  it.each(["-1", "0", "999999999"])("clamps page=%s to a page that exists", async (page) => {
    const response = await send({ method: "GET", path: `/api/events?scope=completed&page=${page}` });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toMatchObject({ page: 1, pageCount: 1 });
  });

  it.each([
    "not-a-uuid",
    "00000000-0000-0000-0000-000000000000",
    "%00",
    "%E0%A4%A",
    "..%2F..%2Fetc%2Fpasswd",
    `${"f".repeat(5000)}`,
    "1;drop table event",
  ])("answers 404 for the event id %s", async (id) => {
    await expectClientError({ who: "player", method: "GET", path: `/api/events/${id}` }, 404);
  });

  it("answers 401 to an anonymous visitor before looking at the id", async () => {
    await expectClientError({ method: "GET", path: `/api/events/${eventId}` }, 401);
    await expectClientError({ method: "GET", path: "/api/events/%00" }, 401);
  });

  it.each([
    ["PUT", "/api/events"],
    ["DELETE", "/api/events"],
    ["PUT", "/api/events/:event"],
    ["DELETE", "/api/events/:event"],
    ["POST", "/api/events/:event"],
    ["POST", "/api/me/events"],
    ["GET", "/api/me/email"],
    ["PUT", "/api/me/name"],
    ["DELETE", "/api/places"],
    ["PUT", "/api/unsubscribe"],
    ["DELETE", "/api/config"],
    ["POST", "/healthz"],
  ])("answers a wrong method, %s %s, with 404 JSON", async (method, path) => {
    await expectClientError({ who: "admin", method, path: path.replace(":event", eventId), body: {} }, 404);
  });
});

describe("/api/me", () => {
  it("accepts JSON nested 32 levels deep and refuses 33, and JSON nested deeper than the call stack", async () => {
    const nested = (levels: number) => `{"firstName":"Deep","lastName":"Nest","x":${nestedObject(levels - 1)}}`;
    expect((await send({ who: "player", method: "PATCH", path: "/api/me/name", body: nested(32) })).status).toBe(200);
    for (const body of [nested(33), `{"firstName":"Deep","lastName":"Nest","x":${nestedArray(30_000)}}`]) {
      const text = await expectClientError({ who: "player", method: "PATCH", path: "/api/me/name", body }, 400);
      expect(JSON.parse(text)).toEqual({ error: { code: "validation", message: TOO_DEEP } });
    }
  });

  it.each<[string, string, string | object, string?]>([
    ["PATCH", "/api/me/name", { firstName: "Ann\u0000", lastName: "Lee" }, "First name contains characters that are not allowed"],
    ["PATCH", "/api/me/name", { firstName: "Ann", lastName: "\u0007" }, "Last name contains characters that are not allowed"],
    ["PATCH", "/api/me/name", { firstName: "Ann\r\nBcc: x@example.com", lastName: "Lee" }, "First name contains characters that are not allowed"],
    ["PATCH", "/api/me/name", { firstName: "A".repeat(81), lastName: "Lee" }, "First name is too long"],
    ["PATCH", "/api/me/name", { firstName: 1, lastName: "Lee" }],
    ["PATCH", "/api/me/name", { firstName: ["Ann"], lastName: "Lee" }],
    ["PATCH", "/api/me/name", "not json"],
    ["PATCH", "/api/me/notifications", { notifyNewEvents: "no" }],
    ["PATCH", "/api/me/notifications", {}],
    ["POST", "/api/me/email", { currentPassword: 5, newEmail: "a@example.com" }],
    ["POST", "/api/me/email", { currentPassword: "x", newEmail: "not an email" }, "Enter a valid email address"],
    ["POST", "/api/me/email", { currentPassword: "x", newEmail: "a\u0000@example.com" }, "Enter a valid email address"],
    ["POST", "/api/me/email", { currentPassword: "wrong\u0000", newEmail: "a@example.com" }, "The current password is incorrect."],
    ["POST", "/api/me/email", { currentPassword: "x".repeat(60_000), newEmail: "a@example.com" }, "The current password is incorrect."],
  ])("%s %s refuses %j with 400", async (method, path, body, message) => {
    const text = await expectClientError({ who: "player", method, path, body }, 400);
    if (message) expect(JSON.parse(text).error.message).toBe(message);
  });

  it.each([
    ["GET", "/api/me/events"],
    ["POST", "/api/me/touch"],
    ["PATCH", "/api/me/name"],
    ["PATCH", "/api/me/notifications"],
    ["POST", "/api/me/email"],
  ])("%s %s answers 401 without a session, whatever the body", async (method, path) => {
    await expectClientError({ method, path, body: "{" }, 401);
  });
});

describe("GET /api/places", () => {
  it.each([
    ["/api/places", "Type at least 2 characters to search for a place."],
    ["/api/places?q=a", "Type at least 2 characters to search for a place."],
    ["/api/places?q=%20%20%20", "Type at least 2 characters to search for a place."],
    ["/api/places?q[]=ab", "Type at least 2 characters to search for a place."],
    [`/api/places?q=${"é".repeat(201)}`, "The search text is too long (200 characters at most)."],
    ["/api/places?q=ab%00cd", "The search text contains characters that are not allowed"],
  ])("answers 400 for %s", async (path, message) => {
    const text = await expectClientError({ who: "admin", method: "GET", path }, 400);
    expect(JSON.parse(text).error.message).toBe(message);
  });

  it("treats LIKE wildcards and unicode as text", async () => {
    for (const q of ["%25%25", "__", "%5C%5C", "Café%20☕", "%F0%9F%98%80%F0%9F%98%80"]) {
      const response = await send({ who: "admin", method: "GET", path: `/api/places?q=${q}` });
      expect(response.status, q).toBe(200);
    }
  });
});

describe("/api/auth/* (better-auth's answers)", () => {
  it.each<[string, string, string | object]>([
    ["POST", "/api/auth/sign-in/email", "{"],
    ["POST", "/api/auth/sign-in/email", "[]"],
    ["POST", "/api/auth/sign-in/email", "null"],
    ["POST", "/api/auth/sign-in/email", { email: 1, password: 2 }],
    ["POST", "/api/auth/sign-in/email", { email: "a\u0000@example.com", password: "x" }],
    ["POST", "/api/auth/sign-in/email", { email: "a@example.com", password: "x".repeat(60_000) }],
    ["POST", "/api/auth/sign-up/email", { email: "nul-name@example.com", password: "long-enough-1", name: "x", firstName: "A\u0000", lastName: "B" }],
    ["POST", "/api/auth/sign-up/email", { email: "nul-image@example.com", password: "long-enough-1", name: "x", firstName: "A", lastName: "B", image: "x\u0000" }],
    ["POST", "/api/auth/sign-up/email", { email: "array@example.com", password: "long-enough-1", name: "x", firstName: ["A"], lastName: "B" }],
    ["POST", "/api/auth/sign-up/email", { email: "evil@example.com", password: "long-enough-1", name: "x", firstName: "A", lastName: "B", callbackURL: "https://evil.example/" }],
    ["POST", "/api/auth/request-password-reset", { email: "a@example.com", redirectTo: "https://evil.example/" }],
    ["POST", "/api/auth/reset-password", { token: "x\u0000", newPassword: "long-enough-1" }],
    ["POST", "/api/auth/reset-password", { token: "nope", newPassword: "long-enough-1" }],
    ["GET", "/api/auth/verify-email?token=%00", ""],
    ["GET", "/api/auth/verify-email?token=nope", ""],
    ["POST", "/api/auth/send-verification-email", { email: "x\u0000@example.com" }],
    ["POST", "/api/auth/change-email", { newEmail: "x@example.com" }],
    ["POST", "/api/auth/sign-in/social", { provider: "google" }],
    ["POST", "/api/auth/sign-in/social", { provider: "evil" }],
    ["PUT", "/api/auth/sign-in/email", {}],
    ["DELETE", "/api/auth/session", {}],
  ])("%s %s %j is a 4xx", async (method, path, body) => {
    await expectClientError({ method, path, body: method === "GET" ? undefined : body });
  });

  it.each(["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/request-password-reset"])(
    "%s refuses JSON nested deeper than the call stack with a 400",
    async (path) => {
      const arrays = `{"email":"deep@example.com","password":"long-enough-1","x":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
      const objects = `{"email":"deep@example.com","password":"long-enough-1","x":${'{"a":'.repeat(6_000)}1${"}".repeat(6_000)}}`;
      const nul = `{"email":"deep@example.com","password":"long-enough-1","x":${"[".repeat(30_000)}"\u0000"${"]".repeat(30_000)}}`;
      for (const body of [arrays, objects, nul]) {
        const response = await send({ method: "POST", path, body });
        expect(response.status, body.slice(0, 80)).toBe(400);
        expect(JSON.parse(response.text)).toEqual({ error: { code: "validation", message: TOO_DEEP } });
      }
    },
  );

  it("refuses a sign-up that sets fields it must not, without a 500", async () => {
    const email = "sneaky@example.com";
    const response = await send({
      method: "POST",
      path: "/api/auth/sign-up/email",
      body: { email, password: "long-enough-1", name: "x", firstName: "A", lastName: "B", emailVerified: true, notifyNewEvents: false, isAdmin: true },
    });
    expect(response.status).toBe(200);
    const { rows } = await context.database.pool.query(`select email_verified, notify_new_events from "user" where email = $1`, [email]);
    expect(rows[0]).toEqual({ email_verified: false, notify_new_events: true });
  });
});

describe("JSON nested more than 32 levels, on every route", () => {
  /** Every route the app has that takes a body (better-auth's included), plus paths no route serves. */
  function routesWithBodies(): [string, string][] {
    const seen = new Set<string>();
    const routes: [string, string][] = [];
    for (const route of app.routes) {
      if (!["POST", "PUT", "PATCH", "DELETE"].includes(route.method)) continue;
      const path = route.path.replace(/:[^/]+/g, "x");
      const key = `${route.method} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push([route.method, path]);
    }
    return [...routes, ["POST", "/api/nothing-here"], ["POST", "/"], ["POST", "/dev/mailbox"]];
  }

  it("covers better-auth's routes and ours", () => {
    const paths = routesWithBodies().map(([method, path]) => `${method} ${path}`);
    for (const expected of ["POST /api/auth/sign-up/email", "POST /api/auth/sign-in/email", "POST /api/auth/delete-user", "PATCH /api/me/name", "POST /api/events"]) {
      expect(paths).toContain(expected);
    }
  });

  it("refuses nested objects and arrays with a 400 before any handler runs, signed in or not", async () => {
    const fields = `"email":"deep@example.com","password":"long-enough-1","name":"x","firstName":"Deep","lastName":"Nest","role":"player"`;
    const bodies = {
      "an object 33 levels deep in a field": `{${fields},"x":${nestedObject(32)}}`,
      "arrays 33 levels deep in a field": `{${fields},"x":${nestedArray(32)}}`,
      "objects 10,000 levels deep (60 KB)": `{${fields},"x":${nestedObject(10_000)}}`,
      "a body that is 33 arrays": nestedArray(33),
    };
    for (const [method, path] of routesWithBodies()) {
      for (const who of ["anonymous", "player"] as const) {
        for (const [label, body] of Object.entries(bodies)) {
          const response = await send({ who, method, path, body });
          expect(response.status, `${who} ${method} ${path}: ${label}`).toBe(400);
          // The analytics beacon comes before the app's body guard and has its own, stricter one
          // (a declared length of at most 1 KB, then a strict schema: decision 018): a 400 in its words.
          const message = path === "/api/analytics/hits" ? expect.any(String) : TOO_DEEP;
          expect(JSON.parse(response.text), `${who} ${method} ${path}: ${label}`).toEqual({ error: { code: "validation", message } });
        }
      }
    }
  });

  it("counts brackets inside strings as text", async () => {
    const body = JSON.stringify({ firstName: `"\\${"[".repeat(40)}`, lastName: "{".repeat(40) });
    const response = await send({ who: "player", method: "PATCH", path: "/api/me/name", body });
    expect(response.status).toBe(200);
    await send({ who: "player", method: "PATCH", path: "/api/me/name", body: { firstName: "Pat", lastName: "Player" } });
  });
});

describe("unknown paths and wrong methods under /api/auth", () => {
  it.each([
    ["GET", "/api/auth/sign-in/email"],
    ["PUT", "/api/auth/sign-in/email"],
    ["PATCH", "/api/auth/change-password"],
    ["DELETE", "/api/auth/delete-user"],
    ["GET", "/api/auth/delete-user"],
    ["POST", "/api/auth/sign-in/email/"],
    ["POST", "/api/auth/nothing-here"],
    ["GET", "/api/auth/nothing-here"],
    ["GET", "/api/auth"],
    ["POST", "/api/auth/"],
    ["POST", "/api/auth/get-session"],
    ["GET", "/api/auth/reset-password"],
  ])("answers %s %s with the JSON 404", async (method, path) => {
    const response = await send({ who: "player", method, path, body: {} });
    expect(response.status).toBe(404);
    expect(response.type).toContain("application/json");
    expect(JSON.parse(response.text)).toEqual({ error: { code: "not_found", message: "Not found." } });
  });
});

describe("/api/unsubscribe", () => {
  it.each(["", "?token=", "?token=%00.%00", "?token=...", "?token=a.b.c", `?token=${"a".repeat(5000)}.b`])("answers 400 with a page for %s", async (query) => {
    const text = await expectClientError({ method: "GET", path: `/api/unsubscribe${query}` }, 400);
    expect(text).toContain("This unsubscribe link is not valid.");
  });
});

describe("pages outside /api", () => {
  it.each(["99999999999999999999", "2147483648", "0"])("answers 404 for the mailbox message %s", async (id) => {
    await expectClientError({ method: "GET", path: `/dev/mailbox/${id}` }, 404);
  });

  it.each([
    "/event/00000000-0000-0000-0000-000000000000",
    "/event/%00",
    "/event/%ZZ",
    "/%00",
    "/%ZZ",
    "/..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/%2e%2e%2fsrc%2fserver%2fapp.ts",
  ])("serves the web app's page for %s, never a file outside the build", async (path) => {
    const response = await send({ method: "GET", path });
    expect(response.status, path).toBe(200);
    expect(response.type, path).toContain("text/html");
    expect(response.text, path).toContain("<title>Kickoff</title>");
  });

  it.each(["/assets/..%2f..%2f..%2fetc%2fpasswd", "/assets/app-1.js%00", "/assets/"])(
    "answers a plain 404 for %s under /assets, never a file outside the build",
    async (path) => {
      const response = await send({ method: "GET", path });
      expect(response.status, path).toBe(404);
      expect(response.type, path).not.toContain("text/html");
      expect(response.text, path).toBe("Not found");
    },
  );

  it.each([["POST", "/"], ["PUT", "/profile"], ["DELETE", `/event/${"0".repeat(8)}`], ["POST", "/dev/mailbox"]])(
    "answers %s %s with the JSON 404",
    async (method, path) => {
      const response = await send({ method, path, body: {} });
      expect(response.status).toBe(404);
      expect(JSON.parse(response.text)).toEqual({ error: { code: "not_found", message: "Not found." } });
    },
  );
});

describe("registrations and payments", () => {
  const join = (body: string | object) => ({ who: "player" as const, method: "POST", path: `/api/events/${eventId}/registrations`, body });
  it.each<[string, string | object]>([
    ["no role", {}],
    ["an unknown role", { role: "referee" }],
    ["a role of the wrong type", { role: 1 }],
    ["a payment method of the wrong type", { role: "player", paymentMethodId: { id: "pm" } }],
    ["a huge payment method id", { role: "player", paymentMethodId: "x".repeat(10_000) }],
    ["consent as text", { role: "player", paymentMethodId: "pm_x", consentToAutoCharge: "yes" }],
    ["an array body", "[]"],
    ["broken JSON", "{"],
  ])("a join with %s is a 400", async (_label, body) => {
    await expectClientError(join(body), 400);
  });

  it("a paid join with a card that is not the user's is a 400, with the amount the client sent ignored", async () => {
    const text = await expectClientError(join({ role: "player", paymentMethodId: "pm_sim_not_mine", amountCents: 1 }), 400);
    expect(JSON.parse(text).error.message).toBe("Please select a saved payment method.");
  });

  it.each([
    ["POST", "/api/events/not-a-uuid/registrations", { role: "player" }, 404],
    ["POST", "/api/events/%00/registrations/me/confirm", {}, 404],
    ["DELETE", "/api/events/not-a-uuid/registrations/me", undefined, 404],
    ["DELETE", "/api/events/00000000-0000-4000-8000-000000000000/registrations/me", undefined, 404],
    ["DELETE", "/api/me/payment-methods/%00", undefined, 404],
    ["DELETE", `/api/me/payment-methods/${"x".repeat(3000)}`, undefined, 404],
    ["POST", "/api/me/setup-intents", {}, 404],
  ] as const)("%s %s is a %i for a player", async (method, path, body, status) => {
    await expectClientError({ who: "player", method, path, body }, status);
  });

  it.each([
    ["POST", "/api/events/not-a-uuid/cancel"],
    ["POST", "/api/events/not-a-uuid/refunds/00000000-0000-4000-8000-000000000000/retry"],
    ["POST", "/api/events/:event/refunds/00000000-0000-4000-8000-000000000000/retry"],
  ])("admin %s %s is a 404", async (method, path) => {
    await expectClientError({ who: "admin", method, path: path.replace(":event", eventId), body: {} }, 404);
  });

  it.each<[string, object | string]>([
    ["no card", {}],
    ["a card of the wrong type", { card: "4242" }],
    ["blank card fields", { card: { number: "", expiry: "", cvc: "" } }],
    ["letters in the number", { card: { number: "4242 abcd", expiry: "12/40", cvc: "123" } }],
    ["a month 13", { card: { number: "4242 4242 4242 4242", expiry: "13/40", cvc: "123" } }],
    ["an expired card", { card: { number: "4242 4242 4242 4242", expiry: "01/20", cvc: "123" } }],
    ["a huge number", { card: { number: "4".repeat(10_000), expiry: "12/40", cvc: "123" } }],
    ["a NUL in the CVC", { card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "1\u00003" } }],
  ])("saving %s is a 400", async (_label, body) => {
    await expectClientError({ who: "player", method: "POST", path: "/api/me/payment-methods", body }, 400);
  });

  it.each<[string, object]>([
    ["no secret", { outcome: "complete" }],
    ["an unknown outcome", { clientSecret: "x", outcome: "maybe" }],
  ])("the simulated bank refuses %s with a 400; an unknown secret is a 404", async (_label, body) => {
    await expectClientError({ who: "player", method: "POST", path: "/api/payments/simulated/authenticate", body }, 400);
    await expectClientError({ who: "player", method: "POST", path: "/api/payments/simulated/authenticate", body: { clientSecret: "pi_sim_x_secret_y", outcome: "complete" } }, 404);
  });

  it("anonymous callers get 401 on every registration and card route", async () => {
    for (const [method, path] of [
      ["POST", `/api/events/${eventId}/registrations`],
      ["POST", `/api/events/${eventId}/registrations/me/confirm`],
      ["DELETE", `/api/events/${eventId}/registrations/me`],
      ["POST", `/api/events/${eventId}/cancel`],
      ["GET", "/api/me/payment-methods"],
      ["POST", "/api/me/payment-methods"],
      ["DELETE", "/api/me/payment-methods/pm_x"],
      ["POST", "/api/payments/simulated/authenticate"],
    ] as const) {
      await expectClientError({ method, path, body: { role: "player" } }, 401);
    }
  });
});
