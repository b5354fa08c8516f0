import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { type Hit, hitSchema } from "#shared/analytics.ts";
import type { AppContext } from "#server/context.ts";
import { requireAdmin } from "#server/auth/session.ts";
import type { AppEnv } from "#server/http/env.ts";
import { AppError, validationError } from "#server/http/errors.ts";
import { RateLimiter } from "#server/http/rate-limit.ts";
import { memoryBucketStore } from "#server/http/rate-limit-store.ts";
import { parseQuery } from "#server/http/validate.ts";
import { isBot, isPrefetch } from "./classify-hit.ts";
import { analyticsPeriod, getAnalytics } from "./get-analytics.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** A hit is about 150 bytes; anything much larger is not one of ours. */
const MAX_HIT_BYTES = 1024;

/**
 * POST /api/analytics/hits, the page's beacon (docs/decisions/018-first-party-analytics.md). Mounted
 * before the session middleware: a beacon reads no session and changes none, and thousands a second
 * must not empty the session cache that writes clear. Answers 204 with no body and sets no cookie,
 * whether the hit was counted or left out (a bot or a prefetch is not told).
 */
export function analyticsHitRoutes(context: Pick<AppContext, "analytics" | "config">) {
  // Its own buckets, in this process's memory: a database write per beacon would cost more than the
  // hit itself, and this limit only keeps one address from flooding the table (it counts per
  // instance; docs/decisions/026-shared-state.md).
  const limiter = new RateLimiter(context.config.rateLimits, memoryBucketStore());
  return new Hono<AppEnv>().post("/hits", async (c) => {
    const address = c.get("clientAddress");
    await limiter.hit("analyticsHits", address);
    const hit = await readHit(c);
    const userAgent = c.req.header("user-agent") ?? "";
    if (!isBot(userAgent) && !isPrefetch((name) => c.req.header(name))) await context.analytics.record(hit, { address, userAgent });
    return c.body(null, 204);
  });
}

/**
 * navigator.sendBeacon sends a string as text/plain (a type that needs no CORS preflight from the
 * mobile app's origin); fetch may send JSON. Either way the body is one JSON hit, checked strictly.
 * This route comes before the app's body limit (app.ts), so it keeps its own: a declared length of
 * at most MAX_HIT_BYTES, which both senders always give (the server then reads no more than that).
 */
async function readHit(c: Context<AppEnv>): Promise<Hit> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "text/plain" && type !== "application/json") throw new AppError("validation", errorText("errors.analytics.hitType"));
  const length = c.req.header("content-length");
  if (c.req.header("transfer-encoding") !== undefined || length === undefined || !/^\d+$/.test(length)) {
    throw new AppError("validation", errorText("errors.analytics.hitLength"));
  }
  if (Number(length) > MAX_HIT_BYTES) throw new AppError("validation", errorText("errors.analytics.hitTooLarge", { bytes: String(MAX_HIT_BYTES) }));
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_HIT_BYTES) throw new AppError("validation", errorText("errors.analytics.hitTooLarge", { bytes: String(MAX_HIT_BYTES) }));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("validation", errorText("errors.request.json"));
  }
  const parsed = hitSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const periodQuery = z.object({ from: z.string().optional(), to: z.string().optional() });

/**
 * GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: admins only (401 signed out, 403 not an
 * admin). Days are the organiser's (ANALYTICS_TIME_ZONE), named in the answer's `period.timeZone`.
 */
export function analyticsReportRoutes(context: Pick<AppContext, "database" | "analytics">) {
  const { analytics } = context;
  const { pool } = context.database;
  return new Hono<AppEnv>().get("/", async (c) => {
    requireAdmin(c.get("user"));
    const today = analytics.dayAt(analytics.now());
    const period = analyticsPeriod(parseQuery(c, periodQuery), today);
    // What this process still holds counts too: the report never lags its own beacons.
    await analytics.buffer.flush();
    return c.json(await getAnalytics(pool, { ...period, timeZone: analytics.timeZone, today }));
  });
}
