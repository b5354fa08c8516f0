import { useId } from "react";
import type { EventDetail } from "#shared/events.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { useCurrency } from "#web/lib/config.ts";

/** Admins: payments of this game that a card holder disputed with their bank (Stripe tells us by webhook). */
export function DisputedPayments({ event }: { event: EventDetail }) {
  const headingId = useId();
  const currency = useCurrency();
  const disputes = event.disputes ?? [];
  if (disputes.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h2 id={headingId} className="text-xl font-bold text-amber-900">
        {t("event.disputes.title")}
      </h2>
      <p className="text-sm text-amber-900">{t("event.disputes.help")}</p>
      <ul className="flex flex-col gap-2">
        {disputes.map((dispute) => (
          <li key={dispute.id} className="rounded-lg border border-amber-200 bg-white px-4 py-3">
            <p className="font-medium text-slate-900">
              {dispute.name} · {formatCents(dispute.amountCents, currency)}
            </p>
            <p className="break-words text-sm text-slate-700">
              {/* Stripe's own codes for the reason and the state ("product_not_received"), as Stripe's Dashboard names them. */}
              {t("event.disputes.detail", { reason: dispute.reason.replaceAll("_", " "), status: dispute.status.replaceAll("_", " ") })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
