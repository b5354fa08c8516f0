import type { Config } from "../config.ts";
import { addressKey } from "./client-address.ts";
import { RateLimitedError } from "./errors.ts";

export type RateLimits = Config["rateLimits"];
/** The kinds of request limited per client address (config `rateLimits.perAddress`). */
export type AddressAction = keyof RateLimits["perAddress"];

/** Beyond this many keys the least recently used are forgotten, so memory stays bounded under a flood. */
const MAX_KEYS = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets in memory: each key may spend `capacity` tokens at once, and they come back evenly
 * over the window (a limit of 10 per 15 minutes gives one back every 90 s). One process's memory:
 * an app run as several instances limits per instance (docs/decisions/006-rate-limits.md).
 */
class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Spends one token, or throws RateLimitedError saying when one will be back. */
  take(key: string, capacity: number): void {
    const bucket = this.refilled(key, capacity);
    if (bucket.tokens < 1) {
      const waitMs = (1 - bucket.tokens) / (capacity / this.windowMs);
      throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    bucket.tokens -= 1;
  }

  giveBack(key: string, capacity: number): void {
    const bucket = this.refilled(key, capacity);
    bucket.tokens = Math.min(capacity, bucket.tokens + 1);
  }

  private refilled(key: string, capacity: number): Bucket {
    const now = this.now();
    const found = this.buckets.get(key);
    const tokens = found ? Math.min(capacity, found.tokens + ((now - found.at) * capacity) / this.windowMs) : capacity;
    const bucket = { tokens, at: now };
    // Re-inserted so that the Map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= MAX_KEYS) break;
      this.buckets.delete(oldest);
    }
    return bucket;
  }
}

/**
 * The app's limits (always on; the numbers come from the config):
 * - per client address, for each kind of request that costs a password hash, sends a mail or
 *   checks a password (`hit`);
 * - per account, for failed passwords (`checkPassword`): an attacker spending an account's budget
 *   slows that account's sign-ins only, never anyone else's.
 */
export class RateLimiter {
  private readonly buckets: TokenBuckets;
  constructor(
    private readonly limits: RateLimits,
    now: () => number = Date.now,
  ) {
    this.buckets = new TokenBuckets(limits.windowMs, now);
  }

  /** Counts one request of `action` from `address` (unknown: app.request() in tests, which has no socket). */
  hit(action: AddressAction, address: string | undefined): void {
    this.buckets.take(`${action}|${address ? addressKey(address) : "unknown"}`, this.limits.perAddress[action]);
  }

  /**
   * Runs `attempt`, a check of `account`'s password, unless the account has no failed attempts
   * left. A token is spent before the attempt and given back unless `failed` says it failed, so a
   * burst of parallel guesses cannot all slip through before the first failure is counted.
   */
  async checkPassword<T>(account: string, attempt: () => Promise<T>, failed: (result: T) => boolean | Promise<boolean>): Promise<T> {
    const key = `failed-password|${accountKey(account)}`;
    const capacity = this.limits.failedPasswordsPerAccount;
    this.buckets.take(key, capacity);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      this.buckets.giveBack(key, capacity);
      throw error;
    }
    if (!(await failed(result))) this.buckets.giveBack(key, capacity);
    return result;
  }
}

/** Accounts are named by email, as people type it: better-auth stores it lowercased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}
