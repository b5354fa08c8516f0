import type { AccountDeletionGame } from "#shared/registrations.ts";
import { t, type MessageKey } from "#web/i18n/i18n.ts";

const OUTCOME_MESSAGES = {
  refund: "account.deletion.refund",
  inside_window: "account.deletion.insideWindow",
  free: "account.deletion.free",
  waitlist: "account.deletion.waitlist",
  payment_running: "account.deletion.paymentRunning",
} as const satisfies Record<AccountDeletionGame["outcome"], MessageKey>;

/** What deleting the account does to one game's spot or waitlist place, amounts written by `money`. */
export function deletionOutcomeText(game: AccountDeletionGame, money: (cents: number) => string): string {
  return t(OUTCOME_MESSAGES[game.outcome], {
    role: game.role,
    paid: money(game.paidCents),
    refund: money(game.refundCents),
    fee: money(game.paidCents - game.refundCents),
  });
}
