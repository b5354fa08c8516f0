import { useId, useState } from "react";
import type { EventDetail } from "#shared/events.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { useCurrency } from "#web/lib/config.ts";
import { Button, FormMessage } from "#web/components/form.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { registrationErrorMessage } from "#web/features/registrations/error-message.ts";
import { useRetryRefund } from "#web/features/registrations/hooks/use-retry-refund.ts";

/**
 * Admins: refunds that failed after every retry, each with a way to try again
 * (docs/registrations-and-payments.md, "Refunds").
 */
export function RefundIssues({ event }: { event: EventDetail }) {
  const headingId = useId();
  const currency = useCurrency();
  const retry = useRetryRefund(event.id);
  const notify = useNotify();
  const [error, setError] = useState("");
  const issues = event.refundIssues ?? [];
  if (issues.length === 0) return null;

  const retryRefund = (paymentId: string) => {
    setError("");
    retry.mutate(paymentId, {
      onSuccess: () => notify(t("event.refundIssues.retrying")),
      onError: (caught) => setError(registrationErrorMessage(caught)),
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <h2 id={headingId} className="text-xl font-bold text-red-900">
        {t("event.refundIssues.title")}
      </h2>
      <ul className="flex flex-col gap-2">
        {issues.map((issue) => {
          const busy = retry.isPending && retry.variables === issue.paymentId;
          return (
            <li key={issue.paymentId} className="flex flex-col gap-2 rounded-lg border border-red-200 bg-white px-4 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {issue.name} · {formatCents(issue.amountCents, currency)}
                </p>
                <p className="break-words text-sm text-red-800">{issue.error ?? t("event.refundIssues.failed")}</p>
              </div>
              <Button
                variant="secondary"
                onClick={() => retryRefund(issue.paymentId)}
                disabled={retry.isPending}
                aria-label={t("event.refundIssues.retryLabel", { amount: formatCents(issue.amountCents, currency), name: issue.name })}
              >
                {busy ? t("event.refundIssues.retryBusy") : t("event.refundIssues.retry")}
              </Button>
            </li>
          );
        })}
      </ul>
      <FormMessage kind="error">{error}</FormMessage>
    </section>
  );
}
