import type { SavedCard } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { brandName } from "#web/features/payments/card-format.ts";

/** "Visa •••• 4242" on screen, "Visa ending in 4242" for a screen reader (which would read every dot). */
export function CardName({ card }: { card: Pick<SavedCard, "brand" | "last4"> }) {
  return (
    <>
      {brandName(card.brand)} <span aria-hidden="true">••••</span>
      <span className="sr-only">{t("event.card.endingIn")}</span> {card.last4}
    </>
  );
}
