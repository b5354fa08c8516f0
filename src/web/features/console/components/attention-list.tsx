import { useState } from "react";
import { Link } from "react-router";
import type { AttentionItem } from "../../../../shared/console.ts";
import { formatCents } from "../../../i18n/format-money.ts";
import { Button, FormMessage } from "../../../components/form.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useCurrency } from "../../../lib/config.ts";
import { paths } from "../../../lib/paths.ts";
import { QueryError } from "../../events/components/query-error.tsx";
import { registrationErrorMessage } from "../../registrations/error-message.ts";
import { dateTime } from "../figures.ts";
import { useAttention } from "../hooks/use-attention.ts";
import { useRetryRefund } from "../hooks/use-retry-refund.ts";

const KIND_WORDS: Record<AttentionItem["kind"], string> = {
  failed_refund: "Refund failed",
  refund_pending: "Refund not confirmed",
  payment_pending: "Payment not settled",
  dispute: "Payment disputed",
  promotion_failed: "Automatic charge failed",
};

/**
 * Needs attention: everything the organiser should act on, newest first, each with what to do
 * (the server words it, server/console/list-attention.ts). A failed refund has Retry; what came
 * of it is announced in the status line under the list.
 */
export function AttentionList() {
  const attention = useAttention();
  const retry = useRetryRefund();
  const currency = useCurrency();
  const [announcement, setAnnouncement] = useState("");
  const [error, setError] = useState("");

  const retryRefund = (item: AttentionItem & { eventId: string; paymentId: string }) => {
    const what = `The refund of ${formatCents(item.amountCents, currency)} to ${item.name}`;
    setAnnouncement("");
    setError("");
    retry.mutate(
      { eventId: item.eventId, paymentId: item.paymentId },
      {
        onSuccess: (answer) =>
          setAnnouncement(answer.status === "succeeded" ? `${what} had gone through after all; nothing was sent again.` : `${what} is being tried again.`),
        onError: (caught) => setError(`${what} could not be retried: ${registrationErrorMessage(caught)}`),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {attention.isPending ? (
        <Spinner label="Loading what needs attention..." />
      ) : attention.isError ? (
        <QueryError title="What needs attention could not be loaded." error={attention.error} onRetry={() => void attention.refetch()} />
      ) : attention.data.length === 0 ? (
        <p className="text-slate-700">Nothing needs your attention.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {attention.data.map((item, index) => {
            const retryable = item.kind === "failed_refund" && item.eventId && item.paymentId ? { ...item, eventId: item.eventId, paymentId: item.paymentId } : null;
            const busy = retry.isPending && retry.variables?.paymentId === item.paymentId;
            return (
              <li
                key={`${item.kind}-${item.paymentId ?? index}-${item.since}`}
                className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900 wrap-anywhere">
                    {KIND_WORDS[item.kind]}: {item.name}, {formatCents(item.amountCents, currency)}
                  </p>
                  <p className="text-sm text-slate-700 wrap-anywhere">
                    {item.eventId && item.eventTitle ? (
                      <Link to={paths.consoleEvent(item.eventId)} className="font-medium text-green-800 underline hover:text-green-900">
                        {item.eventTitle}
                      </Link>
                    ) : (
                      (item.eventTitle ?? "A game no longer listed")
                    )}{" "}
                    · since {dateTime(item.since)}
                  </p>
                  {item.detail && <p className="text-sm text-slate-700 wrap-anywhere">Reason: {item.detail}</p>}
                  <p className="mt-1 text-sm text-slate-900">{item.action}</p>
                </div>
                {retryable && (
                  <Button
                    variant="secondary"
                    className="shrink-0"
                    disabled={retry.isPending}
                    aria-label={`Retry the refund of ${formatCents(item.amountCents, currency)} to ${item.name}`}
                    onClick={() => retryRefund(retryable)}
                  >
                    {busy ? "Retrying..." : "Retry"}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {/* Always there, so that what it comes to say is read out when it says it. */}
      <div role="status" aria-live="polite">
        {announcement && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">{announcement}</p>}
      </div>
      <FormMessage kind="error">{error}</FormMessage>
    </div>
  );
}
