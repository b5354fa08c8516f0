import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { storedKey } from "#server/http/rate-limit-store.ts";

/**
 * Account mails counted per recipient, each kind apart: a sign-up's verification mail and those
 * asked for again share one count, so do all password-reset mails, and the "you already have an
 * account" mails (docs/decisions/015-mails-per-recipient.md).
 */
export type AccountMailKind = "verification" | "passwordReset" | "accountExists";

/**
 * Whether one more mail may go to an address: counted in the database for every instance of the
 * app (databaseRecipientLimit), or in one process's memory (recipientLimit, for unit tests).
 */
export interface RecipientLimit {
  /** Counts the mail and says true, or says false (and counts nothing) when the address has had its share. */
  allow(kind: AccountMailKind, to: string): Promise<boolean>;
}

/** Beyond this many addresses the least recently mailed are forgotten, so memory stays bounded under a flood. */
const MAX_KEYS = 100_000;

/**
 * At most `limit` mails of a kind to an address within any `windowMs` (a sliding window: the
 * times of the last few mails are kept, never more than `limit` per address and kind).
 */
export function recipientLimit(options: { limit: number; windowMs: number; now?: () => number }): RecipientLimit {
  const { limit, windowMs, now = Date.now } = options;
  const sent = new Map<string, number[]>();
  return {
    async allow(kind, to) {
      const key = `${kind}|${to.trim().toLowerCase()}`;
      const at = now();
      const recent = (sent.get(key) ?? []).filter((time) => at - time < windowMs);
      const allowed = recent.length < limit;
      if (allowed) recent.push(at);
      // Re-inserted so that the Map's order is least recently used first.
      sent.delete(key);
      if (recent.length > 0) sent.set(key, recent);
      for (const oldest of sent.keys()) {
        if (sent.size <= MAX_KEYS) break;
        sent.delete(oldest);
      }
      return allowed;
    },
  };
}

/**
 * The same sliding window in the database, shared by every instance (docs/decisions/026-shared-state.md).
 * One statement keeps the times still inside the window and appends now, only while they are
 * fewer than `limit`; the upsert locks the row, so two instances cannot both send the last mail.
 * No row returned: refused, nothing counted. The clock is the database's.
 */
export function databaseRecipientLimit(db: Db, options: { limit: number; windowMs: number }): RecipientLimit {
  const windowSeconds = options.windowMs / 1000;
  const recent = sql`array(select t from unnest(m.sent) as t where t > now() - make_interval(secs => ${windowSeconds}::float8) order by t)`;
  return {
    async allow(kind, to) {
      const { rowCount } = await db.execute(sql`
        insert into mail_recipient_sent as m (key, sent) values (${storedKey(`${kind}|${to.trim().toLowerCase()}`)}, array[now()])
        on conflict (key) do update set sent = ${recent} || now()
        where cardinality(${recent}) < ${options.limit}::int
        returning 1`);
      return rowCount === 1;
    },
  };
}

/** Deletes the keys whose last mail left a whole window ago (their count is 0 again); run by the hourly prune. */
export async function pruneRecipientTimes(pool: pg.Pool, windowMs: number): Promise<number> {
  const { rowCount } = await pool.query("delete from mail_recipient_sent where sent[cardinality(sent)] <= now() - make_interval(secs => $1::float8)", [windowMs / 1000]);
  return rowCount ?? 0;
}

/** The limit the configuration sets (RATE_LIMIT_MAILS_PER_RECIPIENT per RATE_LIMIT_WINDOW_MINUTES), counted in the database. */
export function configuredRecipientLimit(db: Db, rateLimits: Pick<Config["rateLimits"], "windowMs" | "mailsPerRecipient">): RecipientLimit {
  return databaseRecipientLimit(db, { limit: rateLimits.mailsPerRecipient, windowMs: rateLimits.windowMs });
}
