// Card holds of game-on games (docs/game-on.md): the states a hold goes through and why one is let go.

/**
 * Every state of a card hold, in the order a hold may move through them:
 * - `scheduled`: the decision is further off than a hold can last; the card and the consent are kept
 *   and a job places the hold when the decision comes within reach (`placeAfter`);
 * - `pending`: written before the processor is asked to place it; the outcome is not known yet (a lost
 *   answer stays here until someone asks the processor);
 * - `requires_action`: the bank's check is open in the player's browser;
 * - `held`: the processor holds the amount on the card;
 * - `capturing`: the decision (or a late join after it) said capture; the capture may have been sent;
 * - `captured`: money taken: the capture's charge row is in the ledger (`chargePaymentId`);
 * - `releasing`: decided to let it go (a cancel before the decision, a call-off, not enough players);
 *   the processor may not have been told yet;
 * - `released`: let go at the processor, or never placed: no money moved;
 * - `failed`: the processor refused to place or capture it, or the hold expired: no money moved.
 */
export const HOLD_STATUSES = ["scheduled", "pending", "requires_action", "held", "capturing", "captured", "releasing", "released", "failed"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** Why a hold was let go, fixed when `releasing` is written. */
export const HOLD_RELEASE_REASONS = ["player_cancel", "account_deleted", "not_enough_players", "called_off", "spot_lost"] as const;
export type HoldReleaseReason = (typeof HOLD_RELEASE_REASONS)[number];

/** Holds the processor may still take money on: what reconciliation compares with its open holds. */
export const OPEN_HOLD_STATUSES = ["held", "capturing", "releasing"] as const satisfies readonly HoldStatus[];

/** Holds that can still be let go (a cancel, a call-off): placed or to be placed, no capture begun. */
export const LET_GO_STATUSES = ["scheduled", "pending", "requires_action", "held"] as const satisfies readonly HoldStatus[];

/** How long a hold lasts at the card networks (Stripe: 7 days for online card payments). */
export const HOLD_LIFETIME_HOURS = 7 * 24;
/**
 * A hold is placed at most this long before the decision, so it is still alive when captured (a day
 * of margin under HOLD_LIFETIME_HOURS for a late decision job and a slow capture).
 */
export const HOLD_PLACED_WITHIN_HOURS = HOLD_LIFETIME_HOURS - 24;
