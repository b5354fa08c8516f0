import { useState } from "react";
import { Link } from "#web/components/link.tsx";
import type { AttentionItem } from "#shared/console.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t, type MessageKey } from "#web/i18n/i18n.ts";
import { messageAround } from "#web/i18n/message-around.ts";
import { Button, FormMessage } from "#web/components/form.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useCurrency } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { registrationErrorMessage } from "#web/features/registrations/error-message.ts";
import { dateTime } from "#web/features/console/figures.ts";
import { useAttention } from "#web/features/console/hooks/use-attention.ts";
import { useRetryRefund } from "#web/features/console/hooks/use-retry-refund.ts";

const KIND_WORDS: Record<AttentionItem["kind"], MessageKey> = {
  failed_refund: "admin.attention.refundFailed",
  refund_pending: "admin.attention.refundPending",
  payment_pending: "admin.attention.paymentPending",
  dispute: "admin.attention.dispute",
  promotion_failed: "admin.attention.promotionFailed",
};

const WHAT_TO_DO: Record<AttentionItem["kind"], MessageKey> = {
  failed_refund: "admin.attention.todo.failedRefund",
  refund_pending: "admin.attention.todo.refundPending",
  payment_pending: "admin.attention.todo.paymentPending",
  dispute: "admin.attention.todo.dispute",
  promotion_failed: "admin.attention.todo.promotionFailed",
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
    const what = { amount: formatCents(item.amountCents, currency), name: item.name };
    setAnnouncement("");
    setError("");
    retry.mutate(
      { eventId: item.eventId, paymentId: item.paymentId },
      {
        onSuccess: (answer) =>
          setAnnouncement(t(answer.status === "succeeded" ? "admin.attention.retried" : "admin.attention.retrying", what)),
        onError: (caught) => setError(t("admin.attention.retryFailed", { ...what, reason: registrationErrorMessage(caught) })),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {attention.isPending ? (
        <Spinner label={t("admin.attention.loading")} />
      ) : attention.isError ? (
        <QueryError title={t("admin.attention.loadFailed")} error={attention.error} onRetry={() => void attention.refetch()} />
      ) : attention.data.length === 0 ? (
        <p className="text-slate-700">{t("admin.attention.nothing")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {attention.data.map((item, index) => {
            const retryable = item.kind === "failed_refund" && item.eventId && item.paymentId ? { ...item, eventId: item.eventId, paymentId: item.paymentId } : null;
            const busy = retry.isPending && retry.variables?.paymentId === item.paymentId;
            const amount = formatCents(item.amountCents, currency);
            const [beforeGame, afterGame] = messageAround("admin.attention.since", "game", { date: dateTime(item.since) });
            return (
              <li
                key={`${item.kind}-${item.paymentId ?? index}-${item.since}`}
                className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900 card-title">
                    {t("admin.attention.item", { kind: t(KIND_WORDS[item.kind]), name: item.name, amount })}
                  </p>
                  <p className="text-sm text-slate-700 card-title">
                    {beforeGame}
                    {item.eventId && item.eventTitle ? (
                      <Link to={paths.consoleEvent(item.eventId)} className="font-medium text-green-800 underline hover:text-green-900">
                        {item.eventTitle}
                      </Link>
                    ) : (
                      (item.eventTitle ?? t("admin.attention.unlisted"))
                    )}
                    {afterGame}
                  </p>
                  {item.detail && <p className="text-sm text-slate-700 wrap-anywhere">{t("admin.attention.reason", { detail: item.detail })}</p>}
                  <p className="mt-1 text-sm text-slate-900">{t(WHAT_TO_DO[item.kind])}</p>
                </div>
                {retryable && (
                  <Button
                    variant="secondary"
                    className="shrink-0"
                    disabled={retry.isPending}
                    aria-label={t("admin.attention.retryLabel", { amount, name: item.name })}
                    onClick={() => retryRefund(retryable)}
                  >
                    {busy ? t("admin.attention.retryBusy") : t("admin.attention.retry")}
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
