import type { Config } from "#server/config.ts";
import { addressKey } from "./client-address.ts";
import { RateLimitedError } from "./errors.ts";
import type { BucketStore } from "./rate-limit-store.ts";

export type RateLimits = Config["rateLimits"];
/** The kinds of request limited per client address (config `rateLimits.perAddress`). */
export type AddressAction = keyof RateLimits["perAddress"];

/**
 * The app's limits (always on; the numbers come from the config):
 * - per client address, for each kind of request that costs a password hash, sends a mail or
 *   checks a password (`hit`);
 * - per account, for failed passwords (`checkPassword`): an attacker spending an account's budget
 *   slows that account's sign-ins only, never anyone else's.
 */
export class RateLimiter {
  constructor(
    private readonly limits: RateLimits,
    /** The database's buckets, shared by every instance (docs/decisions/026-shared-state.md), or one process's memory. */
    private readonly store: BucketStore,
  ) {}

  /** Counts one request of `action` from `address` (unknown: app.request() in tests, which has no socket). */
  async hit(action: AddressAction, address: string | undefined): Promise<void> {
    await this.take(`${action}|${address ? addressKey(address) : "unknown"}`, this.limits.perAddress[action]);
  }

  /**
   * Runs `attempt`, a check of `account`'s password, unless the account has no failed attempts
   * left. A token is spent before the attempt and given back unless `failed` says it failed, so a
   * burst of parallel guesses cannot all slip through before the first failure is counted.
   */
  async checkPassword<T>(account: string, attempt: () => Promise<T>, failed: (result: T) => boolean | Promise<boolean>): Promise<T> {
    const key = `failed-password|${accountKey(account)}`;
    const capacity = this.limits.failedPasswordsPerAccount;
    await this.take(key, capacity);
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      await this.store.giveBack(key, capacity, this.limits.windowMs);
      throw error;
    }
    if (!(await failed(result))) await this.store.giveBack(key, capacity, this.limits.windowMs);
    return result;
  }

  /** Spends one token of `key`, or throws RateLimitedError saying when one will be back. */
  private async take(key: string, capacity: number): Promise<void> {
    const waitSeconds = await this.store.take(key, capacity, this.limits.windowMs);
    if (waitSeconds !== null) throw new RateLimitedError(waitSeconds);
  }
}

/** Accounts are named by email, as people type it: better-auth stores it lowercased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}
