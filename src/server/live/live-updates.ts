import type { ServerResponse } from "node:http";
import type { SSEStreamingApi } from "hono/streaming";
import type { EventDetail, EventSummary } from "#shared/events.ts";
import { LIVE_GAME_EVENT, LIVE_RESET_EVENT, type LiveGameChange } from "#shared/live.ts";
import type { MyActiveRegistration } from "#shared/my-registrations.ts";
import { ACTIVE_STATUSES } from "#shared/registrations.ts";
import type { Database } from "#server/db/client.ts";
import { addAdminParts, type EventViewer, readSharedEventDetail, type SharedEventDetail, viewerEventDetail } from "#server/events/get-event.ts";
import type { ListCache } from "#server/events/list-cache.ts";
import { createLiveChannel, type LiveChannel } from "./channel.ts";
import { SseFrame, Subscriber } from "./subscriber.ts";

/** Notifications for one game within this long become one snapshot per stream. */
export const COALESCE_MS = 100;
/** A comment on every idle stream this often: proxies close connections silent for longer (often 30–60 s). */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream is closed after about this long and the browser reconnects at once (`retry`), so the
 * session middleware checks the session again: a stream does not outlive a sign-out or the idle
 * limit by more than this.
 */
export const STREAM_MAX_MS = 5 * 60_000;
/** The browser's wait before reconnecting a dropped stream. */
export const RECONNECT_MS = 1_000;

export interface LiveUpdates {
  channel: LiveChannel;
  /** Starts listening (main.ts, the test app). */
  start(): Promise<void>;
  /** Serves one game's stream until it closes: a snapshot now, then one after each change. */
  serveGame(stream: SSEStreamingApi, eventId: string, viewer: EventViewer, outgoing?: ServerResponse): Promise<void>;
  /** Serves the home list's stream: each changed game's card and the viewer's places in it. */
  serveHome(stream: SSEStreamingApi, viewer: EventViewer | undefined, outgoing?: ServerResponse): Promise<void>;
  /** Open streams, for the bench and tests. */
  readonly openStreams: number;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

/**
 * The in-process fan-out of the live channel (docs/live-updates.md): every notification drops the
 * shared caches (a second instance never serves a list older than a change it heard of) and marks
 * its game; within COALESCE_MS each marked game is read once, through the same cache and the same
 * functions as GET /api/events/:id, and each open stream gets its snapshot. Viewers without a part
 * of their own share one serialised snapshot; a viewer with registrations in the game (or an
 * admin) gets theirs, derived in memory from the same read.
 */
export function createLiveUpdates(deps: { database: Database; listCache: ListCache; coalesceMs?: number; heartbeatMs?: number; maxStreamMs?: number }): LiveUpdates {
  const { database, listCache } = deps;
  const db = database.db;
  const coalesceMs = deps.coalesceMs ?? COALESCE_MS;
  const maxStreamMs = deps.maxStreamMs ?? STREAM_MAX_MS;
  const channel = createLiveChannel(database);
  const games = new Map<string, Set<Subscriber>>();
  const homes = new Set<Subscriber>();
  /** Ends each open stream (by closing it), for close(). */
  const enders = new Set<() => void>();

  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  const mark = (eventId: string) => {
    dirty.add(eventId);
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      // One flush at a time, so a stream's snapshots go out in order.
      flushing = flushing.then(flush);
    }, coalesceMs);
  };

  const flush = async () => {
    const eventIds = [...dirty];
    dirty.clear();
    for (const eventId of eventIds) {
      if (!games.get(eventId)?.size && homes.size === 0) continue;
      try {
        const shared = await readSharedEventDetail(db, eventId, listCache);
        if (!shared) continue;
        await sendGame(games.get(eventId), shared);
        sendHome(homes, shared);
      } catch (error) {
        console.error(`live: could not send game ${eventId}:`, error);
      }
    }
  };

  /** Each stream of the game gets the page as its viewer sees it, computed once per kind of viewer. */
  const sendGame = async (subscribers: Iterable<Subscriber> | undefined, shared: SharedEventDetail) => {
    if (!subscribers) return;
    const version = shared.detail.version;
    const id = String(version);
    const inGame = viewersIn(shared);
    let everyone: SseFrame | undefined;
    let adminParts: Pick<EventDetail, "refundIssues" | "disputes" | "refunds"> | undefined;
    for (const subscriber of subscribers) {
      const viewer = subscriber.viewer;
      if (!viewer || (!viewer.isAdmin && !inGame.has(viewer.id))) {
        everyone ??= new SseFrame(JSON.stringify(viewerEventDetail(shared, undefined)), { id });
        subscriber.push("", everyone, version);
        continue;
      }
      const detail = viewerEventDetail(shared, viewer);
      if (viewer.isAdmin) {
        if (!adminParts) {
          const parts = { ...detail };
          await addAdminParts(db, shared.detail.id, parts);
          adminParts = { refundIssues: parts.refundIssues, disputes: parts.disputes, refunds: parts.refunds };
        }
        Object.assign(detail, adminParts);
      }
      subscriber.push("", new SseFrame(JSON.stringify(detail), { id }), version);
    }
  };

  const sendHome = (subscribers: Set<Subscriber>, shared: SharedEventDetail) => {
    if (subscribers.size === 0) return;
    const summary = summaryOf(shared.detail);
    // The home cards show places only in games not over and not cancelled (list-my-active-registrations.ts).
    const open = summary.status === "active" && Date.parse(summary.endsAt) >= Date.now();
    const inGame = viewersIn(shared);
    let everyone: SseFrame | undefined;
    for (const subscriber of subscribers) {
      const viewer = subscriber.viewer;
      const message = (data: string) => new SseFrame(data, { event: LIVE_GAME_EVENT });
      if (!open || !viewer || !inGame.has(viewer.id)) {
        everyone ??= message(JSON.stringify({ event: summary, mine: [] } satisfies LiveGameChange));
        subscriber.push(summary.id, everyone);
        continue;
      }
      const mine: MyActiveRegistration[] = viewerEventDetail(shared, viewer)
        .mine.filter((r) => (ACTIVE_STATUSES as readonly string[]).includes(r.status))
        .map((r) => ({ eventId: summary.id, role: r.role, status: r.status as MyActiveRegistration["status"], waitlistPosition: r.waitlistPosition }));
      subscriber.push(summary.id, message(JSON.stringify({ event: summary, mine } satisfies LiveGameChange)));
    }
  };

  channel.subscribe((message) => {
    if (message.type !== "event") return;
    // Before anything reads again: this instance's lists and pages must not be older than what it heard.
    listCache.invalidate();
    mark(message.eventId);
  });
  channel.onReset(() => {
    // Changes may have been missed while nobody listened: nothing kept can be trusted.
    listCache.invalidate();
    for (const eventId of games.keys()) mark(eventId);
    const reset = new SseFrame("{}", { event: LIVE_RESET_EVENT });
    for (const home of homes) home.push(LIVE_RESET_EVENT, reset);
  });

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const subscribers of [...games.values(), homes]) {
      for (const subscriber of subscribers) {
        if (subscriber.endsAt <= now) subscriber.end();
        else subscriber.heartbeat();
      }
    }
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  /** Holds the stream open until the client goes, the server closes, or its time is up. */
  const hold = (stream: SSEStreamingApi, subscriber: Subscriber, forget: () => void) =>
    new Promise<void>((resolve) => {
      const end = () => {
        forget();
        enders.delete(end);
        resolve();
      };
      enders.add(end);
      subscriber.onEnd(end);
      stream.onAbort(end);
    });

  const endsAt = () => Date.now() + maxStreamMs * (0.9 + Math.random() * 0.2);

  return {
    channel,
    start: () => channel.start(),
    async serveGame(stream, eventId, viewer, outgoing) {
      const subscriber = new Subscriber(stream, viewer, endsAt(), outgoing);
      // Registered before the first read, so no change falls between the snapshot and the stream.
      const subscribers = games.get(eventId) ?? new Set<Subscriber>();
      games.set(eventId, subscribers);
      subscribers.add(subscriber);
      const held = hold(stream, subscriber, () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0 && games.get(eventId) === subscribers) games.delete(eventId);
      });
      await stream.write(`retry: ${RECONNECT_MS}\n\n`);
      const shared = await readSharedEventDetail(db, eventId, listCache);
      if (shared) await sendGame([subscriber], shared);
      await held;
    },
    async serveHome(stream, viewer, outgoing) {
      const subscriber = new Subscriber(stream, viewer, endsAt(), outgoing);
      homes.add(subscriber);
      const held = hold(stream, subscriber, () => homes.delete(subscriber));
      // The browser reads the list itself when the stream opens (a reconnect may have missed changes).
      await stream.write(`retry: ${RECONNECT_MS}\n\n`);
      await held;
    },
    get openStreams() {
      let count = homes.size;
      for (const subscribers of games.values()) count += subscribers.size;
      return count;
    },
    async close() {
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      for (const end of [...enders]) end();
      await channel.close();
    },
  };
}

/**
 * The people with a registration in the game, a lost waitlist place, or a place among its regulars
 * while they may join first: they see a part of their own (the page everyone else gets says nobody
 * is a regular).
 */
function viewersIn(shared: SharedEventDetail): Set<string> {
  const ids = new Set<string>();
  for (const r of shared.registrations) ids.add(r.userId);
  for (const f of shared.failedAutoCharges) ids.add(f.userId);
  for (const id of shared.regulars?.userIds ?? []) ids.add(id);
  return ids;
}

/** A game's card as the home list shows it (list-events.ts), from its page. */
function summaryOf(detail: SharedEventDetail["detail"]): EventSummary {
  return {
    id: detail.id,
    title: detail.title,
    startsAt: detail.startsAt,
    endsAt: detail.endsAt,
    timeZone: detail.timeZone,
    durationMinutes: detail.durationMinutes,
    locationName: detail.locationName,
    latitude: detail.latitude,
    longitude: detail.longitude,
    field: detail.field,
    costCents: detail.costCents,
    maxPlayers: detail.maxPlayers,
    includeGoalkeepers: detail.includeGoalkeepers,
    goalkeeperCostCents: detail.goalkeeperCostCents,
    maxGoalkeepers: detail.maxGoalkeepers,
    maxGuestsPerPlayer: detail.maxGuestsPerPlayer,
    status: detail.status,
    seriesId: detail.seriesId,
    registrationOpensAt: detail.registrationOpensAt,
    regularsOpenAt: detail.regularsOpenAt,
    playersCount: detail.playersCount,
    goalkeepersCount: detail.goalkeepersCount,
    playersWaiting: detail.playersWaiting,
    gameOn: detail.gameOn,
    cancelReason: detail.cancelReason,
  };
}
