import { useId, useLayoutEffect, useRef, useState } from "react";
import type { SavedCard } from "#shared/registrations.ts";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useNotify } from "#web/components/notification.tsx";
import { ApiError, errorMessage } from "#web/lib/api.ts";
import { cardSpokenName, formatCardExpiry } from "#web/features/payments/card-format.ts";
import { type RemoveCardInput, useRemoveCard } from "#web/features/payments/hooks/use-remove-card.ts";
import { useSavedCards } from "#web/features/payments/hooks/use-saved-cards.ts";
import { gamesNeedingCard, type Removal, removedNotice, type WaitlistPlaceOnCard } from "#web/features/payments/remove-card.ts";
import { CardInUseDialog } from "./card-in-use-dialog.tsx";
import { CardName } from "./card-name.tsx";

/** Profile: the cards saved to the account, each with a way to remove it. */
export function SavedCardsSection() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const cards = useSavedCards();
  const remove = useRemoveCard();
  const notify = useNotify();
  const [error, setError] = useState("");
  // A card that waitlist places would be charged to: the dialog asks what becomes of them.
  const [inUse, setInUse] = useState<{ card: SavedCard; games: WaitlistPlaceOnCard[] } | null>(null);
  const [dialogError, setDialogError] = useState("");
  // The removed card's button is gone with it: carry on from the section rather than from the top of
  // the page. After the commit, so that a closing dialog has handed the focus back first.
  const [removals, setRemovals] = useState(0);
  // The focus moves before the paint (a layout effect): a key pressed right after reaches it (docs/decisions/050-preact-under-the-react-api.md).
  useLayoutEffect(() => {
    if (removals > 0) heading.current?.focus();
  }, [removals]);

  const removeCard = (card: SavedCard, choice: Omit<RemoveCardInput, "id"> = {}, removal: Removal = { kind: "removed" }) => {
    setError("");
    setDialogError("");
    remove.mutate(
      { id: card.id, ...choice },
      {
        onSuccess: () => {
          setInUse(null);
          notify(removedNotice(card, removal));
          setRemovals((count) => count + 1);
        },
        onError: (caught) => {
          const games = gamesNeedingCard(caught);
          if (games) setInUse({ card, games });
          else if (inUse) setDialogError(t("event.savedCards.removeFailed", { error: errorMessage(caught) }));
          else setError(t("event.savedCards.removeFailed", { error: errorMessage(caught) }));
        },
      },
    );
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {t("event.savedCards.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("event.savedCards.help")}</p>
      <div className="mt-4 flex flex-col gap-3">
        {cards.isPending ? (
          <p role="status" className="text-slate-600">
            {t("event.savedCards.loading")}
          </p>
        ) : cards.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:flex-row sm:items-center">
            <span className="flex-1">
              {/* The processor being down is said by the server in full. */}
              {cards.error instanceof ApiError && cards.error.status === 502 ? cards.error.message : t("event.savedCards.loadFailed", { error: errorMessage(cards.error) })}
            </span>
            <Button variant="secondary" onClick={() => void cards.refetch()}>
              {t("event.savedCards.retry")}
            </Button>
          </div>
        ) : cards.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-slate-600">{t("event.savedCards.none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200">
            {cards.data.map((card) => {
              const removing = remove.isPending && remove.variables.id === card.id;
              return (
                <li key={card.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="whitespace-nowrap font-medium text-slate-900">
                      <CardName card={card} />
                    </p>
                    <p className="text-sm text-slate-600">{t("event.card.expires", { date: formatCardExpiry(card) })}</p>
                  </div>
                  <Button variant="secondary" className="px-3! py-1.5! text-sm" onClick={() => removeCard(card)} disabled={remove.isPending} aria-label={t("event.savedCards.removeLabel", { card: cardSpokenName(card) })}>
                    {removing ? t("event.savedCards.removing") : t("event.savedCards.remove")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <FormMessage kind="error">{error}</FormMessage>
      </div>
      {inUse && (
        <CardInUseDialog
          card={inUse.card}
          games={inUse.games}
          otherCards={(cards.data ?? []).filter((other) => other.id !== inUse.card.id)}
          busy={remove.isPending}
          error={dialogError}
          onReplace={(other) => removeCard(inUse.card, { replaceWith: other.id }, { kind: "moved", to: other, count: inUse.games.length })}
          onLeave={() => removeCard(inUse.card, { leaveWaitlists: true }, { kind: "left", count: inUse.games.length })}
          onClose={() => {
            setInUse(null);
            setDialogError("");
          }}
        />
      )}
    </Card>
  );
}
