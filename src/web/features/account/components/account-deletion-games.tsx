import { useId } from "react";
import { formatCents } from "../../../i18n/format-money.ts";
import type { AccountDeletionGame, AccountDeletionPreview } from "../../../../shared/registrations.ts";
import { useCurrency } from "../../../lib/config.ts";
import { formatGameTime } from "../../events/format.ts";

/**
 * Before an account is deleted: each game the person holds a spot or a waitlist place in, and what
 * deleting gives back for it, as the server computed it (docs/registrations-and-payments.md, "Account deletion").
 */
export function AccountDeletionGames({ preview }: { preview: AccountDeletionPreview }) {
  const currency = useCurrency();
  const headingId = useId();
  if (preview.games.length === 0) return <p className="text-slate-700">You hold no spot or waitlist place in a game that is still ahead.</p>;
  const money = (cents: number) => formatCents(cents, currency);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Your games
      </h3>
      <p className="text-sm text-slate-700">Deleting your account gives up these places:</p>
      <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
        {preview.games.map((game) => (
          <li key={`${game.eventId}-${game.role}`} className="flex flex-col gap-0.5 px-3 py-2">
            <span className="font-semibold text-slate-900 wrap-anywhere">{game.title}</span>
            <span className="text-sm text-slate-600">{formatGameTime(game).date}</span>
            <span className="text-sm text-slate-800">{outcomeText(game, money)}</span>
          </li>
        ))}
      </ul>
      <p className="font-semibold text-slate-900">
        {preview.refundCents > 0 ? `In all, ${money(preview.refundCents)} goes back to your card.` : "Nothing goes back to your card."}
      </p>
    </section>
  );
}

function outcomeText(game: AccountDeletionGame, money: (cents: number) => string): string {
  const spot = game.role === "player" ? "Player spot" : "Goalkeeper spot";
  switch (game.outcome) {
    case "refund":
      return `${spot}, paid ${money(game.paidCents)}: ${money(game.refundCents)} back (the ${money(game.paidCents - game.refundCents)} processing fee is kept).`;
    case "inside_window":
      return `${spot}, paid ${money(game.paidCents)}: nothing back, as cancelling closed 24 hours before kick-off.`;
    case "free":
      return `${spot}, free: nothing to refund.`;
    case "waitlist":
      return `${game.role === "player" ? "Player" : "Goalkeeper"} Waitlist: you leave it; nothing was charged.`;
    case "payment_running":
      return `${spot}: a payment is still running; if it goes through, it is refunded in full.`;
  }
}
