import { useId } from "react";
import type { EventDetail } from "../../../../shared/events.ts";
import { formatCents } from "../../../i18n/format-money.ts";
import { useCurrency } from "../../../lib/config.ts";

/** Admins: payments of this game that a card holder disputed with their bank (Stripe tells us by webhook). */
export function DisputedPayments({ event }: { event: EventDetail }) {
  const headingId = useId();
  const currency = useCurrency();
  const disputes = event.disputes ?? [];
  if (disputes.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h2 id={headingId} className="text-xl font-bold text-amber-900">
        Disputed payments
      </h2>
      <p className="text-sm text-amber-900">Answer each dispute in the Stripe Dashboard before its deadline.</p>
      <ul className="flex flex-col gap-2">
        {disputes.map((dispute) => (
          <li key={dispute.id} className="rounded-lg border border-amber-200 bg-white px-4 py-3">
            <p className="font-medium text-slate-900">
              {dispute.name} · {formatCents(dispute.amountCents, currency)}
            </p>
            <p className="break-words text-sm text-slate-700">
              Reason: {dispute.reason.replaceAll("_", " ")} · Status: {dispute.status.replaceAll("_", " ")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
