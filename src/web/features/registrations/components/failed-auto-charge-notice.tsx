import { useId } from "react";
import type { EventDetail } from "#shared/events.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import type { RegistrationRole } from "#shared/registrations.ts";
import { Button } from "#web/components/form.tsx";
import { useCurrency } from "#web/lib/config.ts";

/**
 * Tells a waitlister, on their own event page, that their place was lost because the automatic
 * charge failed when a spot opened (until now only a mail said so), and offers to join again with
 * another card: the payment dialog lets them pick or add one (docs/registrations-and-payments.md,
 * "Promotion"). `onRejoin` is absent when that role cannot be joined now (the game has started).
 */
export function FailedAutoChargeNotice({ event, onRejoin }: { event: EventDetail; onRejoin?: (role: RegistrationRole) => void }) {
  const headingId = useId();
  const currency = useCurrency();
  const failure = event.failedAutoCharge;
  if (!failure) return null;
  const amount = formatCents(failure.amountCents, currency);
  const player = failure.role === "player";
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <h2 id={headingId} className="font-bold">
        {t(player ? "event.autoCharge.offPlayerWaitlist" : "event.autoCharge.offGoalkeeperWaitlist")}
      </h2>
      <p className="text-sm">
        {failure.reason
          ? t(player ? "event.autoCharge.failedPlayerBecause" : "event.autoCharge.failedGoalkeeperBecause", { amount, reason: failure.reason })
          : t(player ? "event.autoCharge.failedPlayer" : "event.autoCharge.failedGoalkeeper", { amount })}
      </p>
      {onRejoin && (
        <>
          <p className="text-sm">{t("event.autoCharge.canRejoin")}</p>
          <Button onClick={() => onRejoin(failure.role)}>{t("event.autoCharge.rejoin")}</Button>
        </>
      )}
    </section>
  );
}
