import type { ServerResponse } from "node:http";
import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppContext } from "#server/context.ts";
import { requireVerifiedUser } from "#server/auth/session.ts";
import { EVENT_NOT_FOUND, readSharedEventDetail } from "#server/events/get-event.ts";
import type { AppEnv } from "#server/http/env.ts";
import { AppError, RateLimitedError } from "#server/http/errors.ts";
import { StreamLimit } from "./stream-limit.ts";

/** How long a refused client should wait before trying again (a stream of its own may close meanwhile). */
const RETRY_AFTER_SECONDS = 30;

/**
 * The live streams (docs/live-updates.md), under /api/events and before its `/:id` routes:
 * `GET /stream` for the home list, `GET /:id/stream` for one game's page. Everything that can be
 * refused is refused before the stream opens, as an ordinary JSON error: a malformed or unknown
 * game is a 404 at once, a signed-out viewer of a game a 401, too many streams from one address a 429.
 */
export function liveRoutes(context: Pick<AppContext, "database" | "listCache" | "live" | "config">) {
  const { listCache, live } = context;
  const { db } = context.database;
  const limit = new StreamLimit(context.config.live.streamsPerAddress);
  const take = (address: string | undefined) => {
    const release = limit.take(address);
    if (!release) throw new RateLimitedError(RETRY_AFTER_SECONDS);
    return release;
  };
  return new Hono<AppEnv>()
    .get("/stream", (c) => {
      const release = take(c.get("clientAddress"));
      const user = c.get("user");
      const viewer = user?.emailVerified ? { id: user.id, isAdmin: user.isAdmin } : undefined;
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        try {
          await live.serveHome(stream, viewer, outgoingOf(c));
        } finally {
          release();
        }
      });
    })
    .get("/:id/stream", async (c) => {
      // As the page itself: signed in and verified (events/routes.ts).
      const viewer = requireVerifiedUser(c.get("user"));
      const id = c.req.param("id");
      if (!(await readSharedEventDetail(db, id, listCache))) throw new AppError("not_found", EVENT_NOT_FOUND);
      const release = take(c.get("clientAddress"));
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        try {
          await live.serveGame(stream, id, { id: viewer.id, isAdmin: viewer.isAdmin }, outgoingOf(c));
        } finally {
          release();
        }
      });
    });
}

/** The Node response under @hono/node-server (live/subscriber.ts writes frames to it directly); none under app.request(). */
function outgoingOf(c: Context): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}
