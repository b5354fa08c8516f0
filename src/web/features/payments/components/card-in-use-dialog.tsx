import type { SavedCard } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { messageAround } from "#web/i18n/message-around.ts";
import { Dialog } from "#web/components/dialog.tsx";
import { Button } from "#web/components/form.tsx";
import { formatDate } from "#web/features/events/format.ts";
import { cardSpokenName } from "#web/features/payments/card-format.ts";
import type { WaitlistPlaceOnCard } from "#web/features/payments/remove-card.ts";
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
  const count = games.length;
  // Leaving a waitlist keeps the cancellation window, so a game within 24 hours can only change card.
  const canLeave = games.every((game) => game.canLeave);
  return (
    <Dialog
      title={t("event.cardInUse.title", { card: cardSpokenName(card) })}
      onClose={onClose}
      busy={busy}
      error={error}
      initialFocus="dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("event.cardInUse.keep")}
          </Button>
          {canLeave && (
            <Button variant="danger" onClick={onLeave} disabled={busy}>
              {t("event.cardInUse.leave", { count })}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4 text-slate-700">
        <p>{t("event.cardInUse.intro", { count })}</p>
        <ul aria-label={t("event.cardInUse.listLabel")} className="flex flex-col gap-2">
          {games.map((game) => (
            <li key={`${game.eventId}:${game.role}`} className="rounded-lg bg-slate-50 px-4 py-3">
              <p className="font-medium text-slate-900 wrap-anywhere">{game.title}</p>
              <p className="text-sm text-slate-600">
                {formatDate(game.startsAt, { timeZone: game.timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true })} ·{" "}
                {t(game.role === "player" ? "event.page.playerWaitlist" : "event.page.goalkeeperWaitlist")}
                {!game.canLeave && ` · ${t("event.cardInUse.soon")}`}
              </p>
            </li>
          ))}
        </ul>
        {!canLeave && (
          <p>
            {t("event.cardInUse.cannotLeave")}
            {otherCards.length === 0 && ` ${t("event.cardInUse.keepUntil")}`}
          </p>
        )}
        {otherCards.length > 0 ? (
          <div className="flex flex-col items-stretch gap-2 sm:items-start">
            {otherCards.map((other) => (
              <Button key={other.id} onClick={() => onReplace(other)} disabled={busy}>
                <ChargeOther card={other} count={count} />
              </Button>
            ))}
          </div>
        ) : (
          canLeave && (
            <p>{t("event.cardInUse.noOtherCard", { count })}</p>
          )
        )}
      </div>
    </Dialog>
  );
}

/** "Charge it to Visa •••• 4242 instead", the card's name drawn as everywhere else. */
function ChargeOther({ card, count }: { card: SavedCard; count: number }) {
  const [before, after] = messageAround("event.cardInUse.chargeOther", "card", { count });
  // One flex item, so the spaces between the words and the card's name stay.
  return (
    <span>
      {before}
      <CardName card={card} />
      {after}
    </span>
  );
}
