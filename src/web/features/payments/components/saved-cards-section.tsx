import { useId, useRef, useState } from "react";
import type { SavedCard } from "../../../../shared/registrations.ts";
import { Button, Card, FormMessage } from "../../../components/form.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { cardSpokenName, formatCardExpiry } from "../card-format.ts";
import { useRemoveCard } from "../hooks/use-remove-card.ts";
import { useSavedCards } from "../hooks/use-saved-cards.ts";
import { CardName } from "./card-name.tsx";

export const NO_SAVED_CARDS = "No saved cards. Cards you pay with are saved here.";

/** Profile: the cards saved to the account, each with a way to remove it. */
export function SavedCardsSection() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const cards = useSavedCards();
  const remove = useRemoveCard();
  const notify = useNotify();
  const [error, setError] = useState("");

  const removeCard = (card: SavedCard) => {
    setError("");
    remove.mutate(card.id, {
      onSuccess: () => {
        notify(`${cardSpokenName(card)} was removed.`);
        // Its button is gone with it: carry on from the section rather than from the top of the page.
        heading.current?.focus();
      },
      onError: (caught) => setError(`Failed to remove the card: ${errorMessage(caught)}`),
    });
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Saved cards
      </h2>
      <p className="mt-1 text-sm text-slate-600">Cards you pay with are saved here, and charged automatically when a waitlist spot frees up for you.</p>
      <div className="mt-4 flex flex-col gap-3">
        {cards.isPending ? (
          <p role="status" className="text-slate-600">
            Loading saved cards...
          </p>
        ) : cards.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:flex-row sm:items-center">
            <span className="flex-1">Saved cards could not be loaded: {errorMessage(cards.error)}</span>
            <Button variant="secondary" onClick={() => void cards.refetch()}>
              Retry
            </Button>
          </div>
        ) : cards.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-slate-600">{NO_SAVED_CARDS}</p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200">
            {cards.data.map((card) => {
              const removing = remove.isPending && remove.variables === card.id;
              return (
                <li key={card.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="whitespace-nowrap font-medium text-slate-900">
                      <CardName card={card} />
                    </p>
                    <p className="text-sm text-slate-600">Expires {formatCardExpiry(card)}</p>
                  </div>
                  <Button variant="secondary" className="px-3! py-1.5! text-sm" onClick={() => removeCard(card)} disabled={remove.isPending} aria-label={`Remove ${cardSpokenName(card)}`}>
                    {removing ? "Removing..." : "Remove"}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <FormMessage kind="error">{error}</FormMessage>
      </div>
    </Card>
  );
}
