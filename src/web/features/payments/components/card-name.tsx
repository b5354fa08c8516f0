import type { SavedCard } from "../../../../shared/registrations.ts";
import { brandName } from "../card-format.ts";

/** "Visa •••• 4242" on screen, "Visa ending in 4242" for a screen reader (which would read every dot). */
export function CardName({ card }: { card: Pick<SavedCard, "brand" | "last4"> }) {
  return (
    <>
      {brandName(card.brand)} <span aria-hidden="true">••••</span>
      <span className="sr-only">ending in</span> {card.last4}
    </>
  );
}
