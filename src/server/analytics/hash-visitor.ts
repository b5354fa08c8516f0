import { createHmac, randomBytes } from "node:crypto";
import type pg from "pg";

/**
 * The daily salts and the visitor hash (docs/decisions/018-first-party-analytics.md). A visitor is
 * HMAC-SHA256(the day's salt, client address + user agent): the same browser on the same network
 * gives the same hash all day, so a day's unique visitors can be counted, and nothing else. The salt
 * is random, made on the day's first hit and deleted after 2 days (roll-up-hits.ts): once it is
 * gone, nobody (us included) can tell which address a hash came from, nor link two days.
 *
 * The salt lives in the database so that several instances agree on a day's visitors; each keeps
 * the current day's in memory.
 */
export interface VisitorHasher {
  /** The visitor hash of a hit on `day` (the organiser's calendar day). */
  hash(day: string, address: string, userAgent: string): Promise<string>;
}

export function createVisitorHasher(pool: pg.Pool): VisitorHasher {
  // Only the current day's salt: a new day replaces it (hits are stamped with the day they arrive).
  let current: { day: string; salt: Promise<Buffer> } | undefined;
  const load = async (day: string): Promise<Buffer> => {
    await pool.query("insert into analytics_salt (day, secret) values ($1, $2) on conflict (day) do nothing", [day, randomBytes(32).toString("hex")]);
    const { rows } = await pool.query<{ secret: string }>("select secret from analytics_salt where day = $1", [day]);
    return Buffer.from(rows[0]!.secret, "hex");
  };
  return {
    async hash(day, address, userAgent) {
      if (current?.day !== day) {
        const salt = load(day);
        current = { day, salt };
        // A failed load (the database unreachable) is not kept: the next hit tries again.
        salt.catch(() => {
          if (current?.salt === salt) current = undefined;
        });
      }
      const salt = await current.salt;
      // 16 bytes are plenty to tell a day's visitors apart, and make the stored hash shorter.
      return createHmac("sha256", salt).update(`${address}\n${userAgent}`).digest().subarray(0, 16).toString("base64url");
    },
  };
}
