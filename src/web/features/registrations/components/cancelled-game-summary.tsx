import type { EventDetail, RefundView } from "#shared/events.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t, type MessageKey } from "#web/i18n/i18n.ts";
import { useCurrency } from "#web/lib/config.ts";

const REFUND_STATE = {
  succeeded: "event.cancelledGame.succeeded",
  pending: "event.cancelledGame.pending",
  failed: "event.cancelledGame.failed",
} as const satisfies Record<RefundView["status"], MessageKey>;

/**
 * A cancelled game, shown as closed instead of its lists (whose spots are all released): admins see
 * who was refunded what, a player their own refund (docs/product-rules.md, "Editing and cancelling a game").
 */
export function CancelledGameSummary({ event, isAdmin }: { event: EventDetail; isAdmin: boolean }) {
  const currency = useCurrency();
  const money = (cents: number) => formatCents(cents, currency);
  if (!isAdmin) {
    const refunded = event.mine.reduce((total, registration) => total + (registration.status === "refunded" ? (registration.refundedCents ?? 0) : 0), 0);
    return (
      <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">
        {t("event.cancelledGame.byOrganiser")}{" "}
        {refunded > 0 ? t("event.cancelledGame.yourRefund", { amount: money(refunded) }) : t("event.cancelledGame.everyoneRefunded")}
      </p>
    );
  }
  const refunds = event.refunds ?? [];
  const total = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  if (refunds.length === 0) {
    return <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t("event.cancelledGame.nobodyPaid")}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-slate-700">
        {t("event.cancelledGame.total", { count: refunds.length, amount: money(total) })}
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("event.cancelledGame.caption")}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("event.cancelledGame.name")}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t("event.cancelledGame.amount")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("event.cancelledGame.state")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {refunds.map((refund, index) => (
              <tr key={`${refund.name}-${index}`}>
                <td className="px-4 py-2 text-slate-900 wrap-anywhere">{refund.name}</td>
                <td className="px-4 py-2 text-right tabular-nums">{money(refund.amountCents)}</td>
                <td className="px-4 py-2 text-slate-700">{t(REFUND_STATE[refund.status])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
