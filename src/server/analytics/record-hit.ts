import type pg from "pg";
import type { Hit } from "#shared/analytics.ts";
import { mobileAppHost } from "#shared/mobile.ts";
import { dateInZone } from "#shared/zoned-time.ts";
import { addressKey } from "#server/http/client-address.ts";
import { createHitBuffer, type HitBuffer } from "./buffer-hits.ts";
import { deviceOf, referrerSite, screenOf } from "./classify-hit.ts";
import { createVisitorHasher } from "./hash-visitor.ts";

/**
 * The analytics of one process: hits are classified, hashed and buffered here, then written in
 * batches (buffer-hits.ts). Made once per process (context.ts) and flushed on shutdown (main.ts).
 */
export interface Analytics {
  /** The organiser's zone, whose calendar days everything is counted in (ANALYTICS_TIME_ZONE). */
  readonly timeZone: string;
  now(): Date;
  /** The organiser's calendar day at `at`. */
  dayAt(at: Date): string;
  /** Counts one hit from a person's browser (bots and prefetches are left out before this). */
  record(hit: Hit, client: { address: string | undefined; userAgent: string }): Promise<void>;
  readonly buffer: HitBuffer;
}

export function createAnalytics(options: { pool: pg.Pool; timeZone: string; publicUrl: string; now?: () => Date }): Analytics {
  const { pool, timeZone } = options;
  const now = options.now ?? (() => new Date());
  const buffer = createHitBuffer(pool);
  const hasher = createVisitorHasher(pool);
  // A link from the site itself or the mobile app's pages is not a way in.
  const ownHosts = new Set([new URL(options.publicUrl).hostname, mobileAppHost(options.publicUrl)].map((host) => host.toLowerCase()));

  // The day changes once a day: it is worked out again only when the clock has moved to another minute.
  let cachedDay: { minute: number; day: string } | undefined;
  const dayAt = (at: Date) => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (cachedDay?.minute !== minute) cachedDay = { minute, day: dateInZone(at, timeZone) };
    return cachedDay.day;
  };

  return {
    timeZone,
    now,
    dayAt,
    buffer,
    async record(hit, client) {
      const at = now();
      const day = dayAt(at);
      const { screen, eventId } = screenOf(hit.path, hit.signedIn);
      // The address as the rate limits count it (an IPv6 client by its /64, so that its rotating
      // privacy addresses are one visitor); the user agent as sent.
      const visitor = await hasher.hash(day, client.address ? addressKey(client.address) : "unknown", client.userAgent);
      buffer.push({
        at,
        day,
        kind: hit.kind,
        screen,
        eventId,
        signedIn: hit.signedIn,
        landing: hit.kind === "view" && hit.referrer !== undefined,
        referrer: hit.kind === "view" ? referrerSite(hit.referrer, ownHosts) : null,
        device: deviceOf(client.userAgent),
        visitor,
      });
    },
  };
}
