import type { WaitlistPlaceOnCard } from "#shared/registrations.ts";
import type { SavedCard } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { ApiError } from "#web/lib/api.ts";
import { cardSpokenName } from "./card-format.ts";

export type { WaitlistPlaceOnCard };

/**
 * The games whose waitlist places would be charged to the card, when the server would not remove it
 * without being told what becomes of them (409 card_in_use); null for any other failure.
 */
export function gamesNeedingCard(error: unknown): WaitlistPlaceOnCard[] | null {
  if (!(error instanceof ApiError) || error.code !== "card_in_use") return null;
  const games = error.details?.games;
  return Array.isArray(games) ? (games as WaitlistPlaceOnCard[]) : null;
}

type Card = Pick<SavedCard, "brand" | "last4">;

/** How a removal ended, for the notification. */
export type Removal = { kind: "removed" } | { kind: "moved"; to: Card; count: number } | { kind: "left"; count: number };

export function removedNotice(card: Card, removal: Removal): string {
  const removed = cardSpokenName(card);
  switch (removal.kind) {
    case "removed":
      return t("event.savedCards.removed", { card: removed });
    case "moved":
      return t("event.savedCards.removedMoved", { card: removed, count: removal.count, other: cardSpokenName(removal.to) });
    case "left":
      return t("event.savedCards.removedLeft", { card: removed, count: removal.count });
  }
}
