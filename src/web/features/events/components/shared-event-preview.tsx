import { useId, type ReactNode } from "react";
import { availabilityText } from "#shared/event-availability.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";
import { useCurrency } from "#web/lib/config.ts";
import { formatPrice } from "#web/features/events/format.ts";
import { formatGameTime } from "#web/features/events/game-time.ts";
import { useEventPreview } from "#web/features/events/hooks/use-event-preview.ts";

/**
 * Which game a shared link is for, above the login form of a signed-out visitor who opened it: the
 * public facts its link preview shows (title, date and time, price, spots left), never its people.
 * After login the visitor lands on the game itself (docs/product-rules.md, "Screens and routes").
 * Nothing while it loads the first time or when the link names no game.
 */
export function SharedEventPreview({ eventId }: { eventId: string }) {
  const headingId = useId();
  const currency = useCurrency();
  const preview = useEventPreview(eventId);
  const game = preview.data;
  if (!game) {
    return preview.isPending ? (
      <p role="status" className="text-center text-sm text-slate-600">
        {t("account.sharedGame.loading")}
      </p>
    ) : null;
  }
  const when = formatGameTime(game);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-green-200 bg-green-50 p-5 shadow-sm">
      <p className="text-sm font-semibold text-green-800">{t("account.sharedGame.logInToJoin")}</p>
      <h2 id={headingId} className="mt-1 text-xl font-bold text-slate-900 wrap-anywhere">
        {game.title}
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(auto,40%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <Fact term={t("account.sharedGame.date")}>{when.date}</Fact>
        <Fact term={t("account.sharedGame.time")}>{when.hours}</Fact>
        <Fact term={t("account.sharedGame.location")}>{game.locationName}</Fact>
        <Fact term={t("account.sharedGame.price")}>
          {game.includeGoalkeepers
            ? t("account.sharedGame.priceWithGoalkeepers", {
                price: formatPrice(game.costCents, currency),
                goalkeeperPrice: formatPrice(game.goalkeeperCostCents, currency),
              })
            : formatPrice(game.costCents, currency)}
        </Fact>
        <Fact term={t("account.sharedGame.spots")}>{availabilityText(game, new Date(), currentLanguage())}</Fact>
      </dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900 break-words">{children}</dd>
    </>
  );
}
