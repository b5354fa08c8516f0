import pg from "pg";
import type { Database } from "#server/db/client.ts";
import { LIVE_CHANNEL, type LiveMessage, parseLiveMessage } from "#server/events/live-messages.ts";

/**
 * This instance's ear on the live channel: one LISTEN per process, fanned out in-process to the
 * streams and the caches (docs/live-updates.md).
 */
export interface LiveChannel {
  /** Connects and LISTENs; resolves once messages flow. Until then (or without it) nothing is heard. */
  start(): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): () => void;
  /**
   * Called when messages may have been missed: the listening connection was lost and is back.
   * Listeners drop what they keep and send fresh snapshots.
   */
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
  /** For tests: the backend process id of the listening connection, while it is connected. */
  readonly listenerPid: number | null;
}

/** Waits before each try to reconnect, growing to the last and staying there. */
export const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * A dedicated connection (not from the pool, which would hand it to others) LISTENs, and
 * reconnects with backoff when it is lost. The embedded database passes notifications to its
 * LISTENing connections as PostgreSQL does (db/pglite-notifications.ts), so this works on both.
 */
export function createLiveChannel(database: Database, options: { reconnectDelaysMs?: number[] } = {}): LiveChannel {
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const listeners = new Set<(message: LiveMessage) => void>();
  const resetListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const dispatch = (payload: string) => {
    const message = parseLiveMessage(payload);
    if (!message) return;
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        console.error("live listener failed:", error);
      }
    }
  };
  const reset = () => {
    for (const listener of resetListeners) {
      try {
        listener();
      } catch (error) {
        console.error("live reset listener failed:", error);
      }
    }
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: database.url, keepAlive: true });
    next.on("notification", (notification) => {
      if (notification.channel === LIVE_CHANNEL && notification.payload) dispatch(notification.payload);
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>("select pg_backend_pid() as pid");
      pid = rows[0]?.pid ?? null;
    } catch (error) {
      next.removeAllListeners();
      next.on("error", () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const lost = (which: pg.Client, error?: Error) => {
    if (client !== which) return;
    client = null;
    pid = null;
    which.removeAllListeners();
    which.on("error", () => undefined);
    void which.end().catch(() => undefined);
    if (closed) return;
    console.error(`live channel: the listening connection was lost${error ? ` (${error.message})` : ""}; reconnecting`);
    reconnect(0);
  };

  const reconnect = (attempt: number) => {
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      connect().then(
        // Whatever was announced while nobody listened is unknown: everyone starts afresh.
        () => reset(),
        (error: Error) => {
          if (attempt === 2) console.error(`live channel: still cannot listen (${error.message}); trying again`);
          reconnect(attempt + 1);
        },
      );
    }, delays[Math.min(attempt, delays.length - 1)]);
    retry.unref();
  };

  return {
    start: () => connect(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => undefined);
        await current.end().catch(() => undefined);
      }
    },
    get listenerPid() {
      return pid;
    },
  };
}
