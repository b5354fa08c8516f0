import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
import type { LiveGameChange } from "#shared/live.ts";
import { eventually, insertGame, join } from "#test/payments.ts";
import { SseReader } from "#test/sse.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { createApp } from "#server/app.ts";
import { connect, type Database } from "#server/db/client.ts";
import { createListCache } from "#server/events/list-cache.ts";
import { createContext } from "#server/context.ts";
import { announceEventChange } from "#server/events/announce.ts";
import { createLiveUpdates } from "./live-updates.ts";
import type { LiveMessage } from "#server/events/live-messages.ts";

/**
 * Live updates (docs/live-updates.md) through the real app on a real database, PGlite or
 * PostgreSQL (TEST_DATABASE_URL): NOTIFY only after commit, a change reaching a stream, the
 * refusals, and a second instance on the same database hearing the first.
 */
let context: TestContext;
let admin: TestClient;
const opened: SseReader[] = [];

beforeAll(async () => {
  context = await createTestContext({ LIVE_STREAMS_PER_ADDRESS: "3" });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" })).client;
});
afterAll(async () => {
  await context.close();
});
// Each test's streams close after it, so the per-address limit counts only its own.
afterEach(async () => {
  for (const stream of opened.splice(0)) await stream.close();
  await eventually(async () => (context.services.live.openStreams === 0 ? true : undefined), "the streams to close", 5_000);
});

async function openStream(client: TestClient, path: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const response = await client.request("GET", path, undefined, headers);
  expect(response.status, await (response.status === 200 ? Promise.resolve("") : response.clone().text())).toBe(200);
  const stream = new SseReader(response);
  opened.push(stream);
  return stream;
}

const page = (event: { data: string }) => JSON.parse(event.data) as EventDetail;
const freeGame = (maxPlayers = 2) => insertGame(context, { title: "Live cup", costCents: 0, maxPlayers });
/** What the channel brings to this instance, from now on. */
function heard(): LiveMessage[] {
  const messages: LiveMessage[] = [];
  const stop = context.services.live.channel.subscribe((message) => messages.push(message));
  afterAllStops.push(stop);
  return messages;
}
const afterAllStops: (() => void)[] = [];
afterAll(() => afterAllStops.forEach((stop) => stop()));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("announcing a change", () => {
  it("announces only when the transaction commits: nothing while it is open, nothing after a rollback", async () => {
    const game = await freeGame();
    const messages = heard();
    const client = await context.database.pool.connect();
    try {
      await client.query("begin");
      await announceEventChange(client, game.id);
      await client.query("rollback");

      await client.query("begin");
      const version = await announceEventChange(client, game.id);
      // Still open: nobody may hear of it yet.
      await pause(400);
      expect(messages.filter((m) => m.type === "event" && m.eventId === game.id)).toEqual([]);
      await client.query("commit");
      await eventually(async () => (messages.some((m) => m.type === "event" && m.eventId === game.id) ? true : undefined), "the committed change to be heard", 5_000);
      // The rolled-back one never came, and did not count: the version moved by one.
      expect(messages.filter((m) => m.type === "event" && m.eventId === game.id)).toEqual([{ type: "event", eventId: game.id, version }]);
      expect(version).toBe(game.version + 1);
    } finally {
      client.release();
    }
  });

  it("a change refused under the game's lock announces nothing", async () => {
    const game = await freeGame(1);
    const first = await signUpVerified(context);
    const joined = heard();
    expect((await join(first.client, game.id, { role: "player" })).status).toBe(201);
    await eventually(async () => (joined.some((m) => m.type === "event" && m.eventId === game.id) ? true : undefined), "the join to be heard", 5_000);
    const messages = heard();
    // The same person again: refused inside the lock, rolled back.
    expect((await join(first.client, game.id, { role: "player" })).status).toBe(409);
    await pause(400);
    expect(messages.filter((m) => m.type === "event" && m.eventId === game.id)).toEqual([]);
  });
});

describe("a game's stream", () => {
  it("opens with the page as the viewer sees it, then follows every join and cancel with its version as the id", async () => {
    const game = await freeGame(2);
    const viewer = await signUpVerified(context, { firstName: "Vera" });
    const response = await viewer.client.request("GET", `/api/events/${game.id}/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const stream = new SseReader(response);
    opened.push(stream);

    const first = await stream.next();
    expect(stream.retry).toBe(1_000);
    expect(first.id).toBe(String(game.version));
    expect(page(first).players).toEqual([]);

    const player = await signUpVerified(context, { firstName: "Paul", lastName: "Joiner" });
    expect((await join(player.client, game.id, { role: "player" })).status).toBe(201);
    const joined = await stream.next((e) => page(e).players.length === 1);
    expect(page(joined).players.map((p) => p.name)).toEqual(["Paul Joiner"]);
    expect(Number(joined.id)).toBeGreaterThan(Number(first.id));
    expect(page(joined).version).toBe(Number(joined.id));
    // What the page's GET answers now is what the stream sent.
    const fetched = (await viewer.client.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event;
    expect(fetched).toEqual(page(joined));

    expect((await player.client.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const left = await stream.next((e) => Number(e.id) > Number(joined.id));
    expect(page(left).players).toEqual([]);
  });

  it("moves the viewer's own place with the stream: 'You're #2' becomes #1 when the one ahead leaves", async () => {
    const game = await freeGame(1);
    const holder = await signUpVerified(context, { firstName: "Holder" });
    const ahead = await signUpVerified(context, { firstName: "Ahead" });
    const me = await signUpVerified(context, { firstName: "Me" });
    for (const person of [holder, ahead, me]) expect((await join(person.client, game.id, { role: "player" })).status).toBe(201);
    const mine = await openStream(me.client, `/api/events/${game.id}/stream`);
    const others = await openStream(holder.client, `/api/events/${game.id}/stream`);
    expect(page(await mine.next()).mine).toEqual([expect.objectContaining({ status: "waitlisted", waitlistPosition: 2 })]);
    const from = others.events.length;

    expect((await ahead.client.json("DELETE", `/api/events/${game.id}/registrations/me`)).status).toBe(200);
    const moved = await mine.next((e) => page(e).mine[0]?.waitlistPosition === 1);
    expect(page(moved).playerWaitList.map((p) => p.userId)).toEqual([me.userId]);
    // Another viewer's stream has their own part, never mine.
    const theirs = await others.next((e) => page(e).playerWaitList.length === 1, { from });
    expect(page(theirs).mine).toEqual([expect.objectContaining({ status: "confirmed" })]);
    expect(theirs.data).not.toContain('"waitlistPosition":1');
  });

  it("answers a reconnect with Last-Event-ID with a fresh snapshot, not a replay", async () => {
    const game = await freeGame(3);
    const viewer = await signUpVerified(context);
    for (let i = 0; i < 2; i++) expect((await join((await signUpVerified(context)).client, game.id, { role: "player" })).status).toBe(201);
    const stream = await openStream(viewer.client, `/api/events/${game.id}/stream`, { "last-event-id": String(game.version) });
    const first = await stream.next();
    expect(Number(first.id)).toBe(game.version + 2);
    expect(page(first).players).toHaveLength(2);
    expect(await stream.arrivesWithin(400)).toBe(false);
  });

  it("is refused at once: 404 for a malformed or unknown game, 401 signed out", async () => {
    const viewer = await signUpVerified(context);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "%27%3B--"]) {
      const response = await viewer.client.request("GET", `/api/events/${id}/stream`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Event not found." } });
    }
    const game = await freeGame();
    const anonymous = await new TestClient(context).request("GET", `/api/events/${game.id}/stream`);
    expect(anonymous.status).toBe(401);
  });

  it("refuses more than LIVE_STREAMS_PER_ADDRESS open streams from one address with 429, and takes one again once one closes", async () => {
    const game = await freeGame();
    const person = await signUpVerified(context);
    const fromHome = new TestClient(context, { remoteAddress: "203.0.113.7" });
    for (const [name, value] of person.client.cookies) fromHome.cookies.set(name, value);
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openStream(fromHome, i === 2 ? "/api/events/stream" : `/api/events/${game.id}/stream`));
    const refused = await fromHome.request("GET", `/api/events/${game.id}/stream`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Another address is not affected.
    const elsewhere = new TestClient(context, { remoteAddress: "198.51.100.9" });
    for (const [name, value] of person.client.cookies) elsewhere.cookies.set(name, value);
    await openStream(elsewhere, `/api/events/${game.id}/stream`);

    await streams[0]!.close();
    await eventually(async () => {
      const again = await fromHome.request("GET", `/api/events/${game.id}/stream`);
      if (again.status !== 200) return undefined;
      opened.push(new SseReader(again));
      return true;
    }, "a place to free up", 5_000);
  });
});

describe("the home list's stream", () => {
  it("sends each changed game's card with its spot count, and the viewer's own place in it", async () => {
    const game = await freeGame(1);
    const me = await signUpVerified(context);
    const stream = await openStream(me.client, "/api/events/stream");
    const other = await signUpVerified(context);
    expect((await join(other.client, game.id, { role: "player" })).status).toBe(201);
    const counted = await stream.next((e) => e.event === "game" && (JSON.parse(e.data) as LiveGameChange).event.id === game.id);
    expect(JSON.parse(counted.data)).toMatchObject({ event: { id: game.id, playersCount: 1, maxPlayers: 1 }, mine: [] });

    const from = stream.events.length;
    expect((await join(me.client, game.id, { role: "player" })).status).toBe(201);
    const placed = await stream.next((e) => e.event === "game" && (JSON.parse(e.data) as LiveGameChange).mine.length > 0, { from });
    expect((JSON.parse(placed.data) as LiveGameChange).mine).toEqual([{ eventId: game.id, role: "player", status: "waitlisted", waitlistPosition: 1 }]);
  });

  it("tells of a new game and of a cancelled one", async () => {
    const stream = await openStream(admin, "/api/events/stream");
    const created = await admin.json<{ event: { id: string } }>("POST", "/api/events", {
      title: "Fresh game",
      date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      time: "18:00",
      timeZone: "UTC",
      durationHours: 1,
      durationMinutes: 0,
      location: { name: "Riverside Park", latitude: 40.78, longitude: -73.96 },
      cost: "0",
      maxPlayers: 10,
      includeGoalkeepers: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.event.id;
    await stream.next((e) => e.event === "game" && (JSON.parse(e.data) as LiveGameChange).event.id === id);
    expect((await admin.json("POST", `/api/events/${id}/cancel`, {})).status).toBe(200);
    const cancelled = await stream.next((e) => e.event === "game" && (JSON.parse(e.data) as LiveGameChange).event.status === "cancelled");
    expect((JSON.parse(cancelled.data) as LiveGameChange).event.id).toBe(id);
  });
});

describe("two instances on one database", () => {
  let second: { database: Database; app: ReturnType<typeof createApp>; close(): Promise<void> };

  beforeAll(async () => {
    // Its own pool, its own listening connection, its own caches, on the same database. A list cache
    // that would keep an answer for a minute: only a notification can make it fresh.
    const database = connect(context.database.url, 4);
    const services = createContext(context.config, database, { mailer: context.services.mailer });
    const listCache = createListCache({ ttlMs: 60_000 });
    const live = createLiveUpdates({ database, listCache });
    await live.start();
    const app = createApp({ ...services, listCache, live });
    second = {
      database,
      app,
      async close() {
        await live.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await second.close();
  });

  it("a change made through one reaches a stream on the other, and the other's cached page and list are dropped", async () => {
    const game = await freeGame(2);
    const viewer = await signUpVerified(context);
    const there = new TestClient({ app: second.app });
    for (const [name, value] of viewer.client.cookies) there.cookies.set(name, value);
    // The second instance caches the page and the list as they are now.
    expect((await there.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event.players).toEqual([]);
    await there.json("GET", "/api/events?scope=upcoming");
    const stream = await openStream(there, `/api/events/${game.id}/stream`);
    await stream.next();

    const player = await signUpVerified(context, { firstName: "Remote", lastName: "Joiner" });
    expect((await join(player.client, game.id, { role: "player" })).status).toBe(201);
    const reached = await stream.next((e) => page(e).players.length === 1);
    expect(page(reached).players.map((p) => p.name)).toEqual(["Remote Joiner"]);
    // Well within the minute its cache would have kept them: it was told, so it reads again.
    expect((await there.json<{ event: EventDetail }>("GET", `/api/events/${game.id}`)).body.event.players.map((p) => p.name)).toEqual(["Remote Joiner"]);
    const list = await there.json<{ events: { id: string; playersCount: number }[] }>("GET", "/api/events?scope=upcoming");
    expect(list.body.events.find((e) => e.id === game.id)?.playersCount).toBe(1);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("after losing its listening connection it reconnects, drops its caches and sends fresh snapshots", async () => {
    const game = await freeGame(2);
    const viewer = await signUpVerified(context);
    const stream = await openStream(viewer.client, `/api/events/${game.id}/stream`);
    await stream.next();
    const resets: number[] = [];
    afterAllStops.push(context.services.live.channel.onReset(() => resets.push(Date.now())));
    const pid = context.services.live.channel.listenerPid;
    expect(pid).not.toBeNull();
    await context.database.pool.query("select pg_terminate_backend($1)", [pid]);
    await eventually(async () => (resets.length > 0 ? true : undefined), "the channel to reconnect", 10_000);
    expect(context.services.live.channel.listenerPid).not.toBe(pid);

    const player = await signUpVerified(context);
    expect((await join(player.client, game.id, { role: "player" })).status).toBe(201);
    await stream.next((e) => page(e).players.length === 1);
  });
});
