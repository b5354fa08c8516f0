import type { Config } from "../config.ts";

/**
 * Account mails counted per recipient, each kind apart: a sign-up's verification mail and those
 * asked for again share one count, so do all password-reset mails, and the "you already have an
 * account" mails (docs/decisions/015-mails-per-recipient.md).
 */
export type AccountMailKind = "verification" | "passwordReset" | "accountExists";

/**
 * Whether one more mail may go to an address. Asynchronous so that the counts can move to a shared
 * store (PostgreSQL) without changing a caller; today they are kept in this process's memory.
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

/** The limit the configuration sets (RATE_LIMIT_MAILS_PER_RECIPIENT per RATE_LIMIT_WINDOW_MINUTES). */
export function configuredRecipientLimit(rateLimits: Pick<Config["rateLimits"], "windowMs" | "mailsPerRecipient">): RecipientLimit {
  return recipientLimit({ limit: rateLimits.mailsPerRecipient, windowMs: rateLimits.windowMs });
}
