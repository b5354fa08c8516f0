import type { SavedCard } from "../../../../shared/registrations.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { Button } from "../../../components/form.tsx";
import { formatDate } from "../../events/format.ts";
import { cardSpokenName } from "../card-format.ts";
import type { WaitlistPlaceOnCard } from "../remove-card.ts";
import { CardName } from "./card-name.tsx";

/**
 * Removing a card that waitlist places would be charged to: the games, and the two ways on,
 * charging them to another saved card or leaving those waitlists. Keeping the card closes it.
 */
export function CardInUseDialog({
  card,
  games,
  otherCards,
  busy,
  error,
  onReplace,
  onLeave,
  onClose,
}: {
  card: SavedCard;
  games: WaitlistPlaceOnCard[];
  otherCards: SavedCard[];
  busy: boolean;
  error: string;
  onReplace: (card: SavedCard) => void;
  onLeave: () => void;
  onClose: () => void;
}) {
  const one = games.length === 1;
  // Leaving a waitlist keeps the cancellation window, so a game within 24 hours can only change card.
  const canLeave = games.every((game) => game.canLeave);
  return (
    <Dialog
      title={`Remove ${cardSpokenName(card)}?`}
      onClose={onClose}
      busy={busy}
      error={error}
      initialFocus="dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep the card
          </Button>
          {canLeave && (
            <Button variant="danger" onClick={onLeave} disabled={busy}>
              {one ? "Leave that waitlist" : "Leave those waitlists"}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4 text-slate-700">
        <p>
          You are on {one ? "a waitlist" : "waitlists"} with this card: if a spot frees up, it is charged for {one ? "that game" : "these games"}.
        </p>
        <ul aria-label="Waitlists charged to this card" className="flex flex-col gap-2">
          {games.map((game) => (
            <li key={`${game.eventId}:${game.role}`} className="rounded-lg bg-slate-50 px-4 py-3">
              <p className="font-medium text-slate-900 wrap-anywhere">{game.title}</p>
              <p className="text-sm text-slate-600">
                {formatDate(game.startsAt, { timeZone: game.timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true })} ·{" "}
                {game.role === "player" ? "Player Waitlist" : "Goalkeeper Waitlist"}
                {!game.canLeave && " · starts within 24 hours"}
              </p>
            </li>
          ))}
        </ul>
        {!canLeave && (
          <p>
            A waitlist place cannot be given up within 24 hours of its game.{otherCards.length === 0 && " Keep this card until then."}
          </p>
        )}
        {otherCards.length > 0 ? (
          <div className="flex flex-col items-stretch gap-2 sm:items-start">
            {otherCards.map((other) => (
              <Button key={other.id} onClick={() => onReplace(other)} disabled={busy}>
                {/* One flex item, so the spaces between the words and the card's name stay. */}
                <span>
                  Charge {one ? "it" : "them"} to <CardName card={other} /> instead
                </span>
              </Button>
            ))}
          </div>
        ) : (
          canLeave && (
            <p>
              You have no other saved card. Keep this one to keep your {one ? "place" : "places"}, or leave {one ? "that waitlist" : "those waitlists"}.
            </p>
          )
        )}
      </div>
    </Dialog>
  );
}
