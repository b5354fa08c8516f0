import { useState } from "react";
import { CANCEL_MESSAGE_MAX } from "#shared/event-limits.ts";
import type { EventDetail } from "#shared/events.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { EVENT_CANCELLED_AND_REFUNDED, FAILED_TO_CANCEL_EVENT } from "#shared/registrations.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { TextArea } from "#web/components/text-area.tsx";
import { errorMessage } from "#web/lib/api.ts";
import { useCurrency } from "#web/lib/config.ts";
import { useCancelEvent } from "#web/features/registrations/hooks/use-cancel-event.ts";
import { useCancelPreview } from "#web/features/registrations/hooks/use-cancel-preview.ts";

/** The reasons a game is most often called off, a tap each. */
const CALL_OFF_REASONS = ["event.cancelEvent.reason.weather", "event.cancelEvent.reason.pitch", "event.cancelEvent.reason.players"] as const;

/**
 * The original product's 'Confirm Event Cancellation' (admins), saying from the server how many
 * people are refunded and how much, with an optional message for everyone's mail. The outcome is a
 * notification either way, as the original product has it.
 */
export function CancelEventDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const cancel = useCancelEvent(event.id);
  const preview = useCancelPreview(event.id);
  const notify = useNotify();
  const currency = useCurrency();
  const [message, setMessage] = useState("");
  const busy = cancel.isPending;

  const submit = () => {
    cancel.mutate(message, {
      onSuccess: () => notify(sharedMessage(EVENT_CANCELLED_AND_REFUNDED)),
      onError: () => notify(sharedMessage(FAILED_TO_CANCEL_EVENT)),
      onSettled: onClose,
    });
  };

  let refunds = t("event.cancelEvent.working");
  if (preview.isError) refunds = t("event.cancelEvent.previewFailed", { error: errorMessage(preview.error) });
  else if (preview.data) {
    const { refundCount, refundTotalCents, notifyCount, heldCount } = preview.data;
    // Two or three sentences: who is refunded what, whose held card is let go, then who is told by mail.
    const refunded =
      refundCount > 0 ? t("event.cancelEvent.refunds", { count: refundCount, amount: formatCents(refundTotalCents, currency) }) : t("event.cancelEvent.noRefunds");
    const letGo = heldCount > 0 ? ` ${t("event.cancelEvent.holdsLetGo", { count: heldCount })}` : "";
    const emailed = notifyCount > 0 ? t("event.cancelEvent.emailed", { count: notifyCount }) : t("event.cancelEvent.nobodyRegistered");
    refunds = `${refunded}${letGo} ${emailed}`;
  }

  return (
    <ConfirmDialog title={t("event.cancelEvent.title")} onClose={onClose} onConfirm={submit} busy={busy} confirmLabel={t("event.cancelEvent.confirm")} cancelLabel={t("event.cancelEvent.keep")}>
      <div className="flex flex-col gap-3 text-slate-700">
        <p>{t("event.cancelEvent.question", { title: event.title })}</p>
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {refunds}
        </p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>{t("event.cancelEvent.spotsRefunded")}</li>
          <li>{t("event.cancelEvent.waitlistsClose")}</li>
        </ul>
        {/* One tap writes a common reason (issue 33's call-off); the organiser may still change it. */}
        <div role="group" aria-label={t("event.cancelEvent.reasons")} className="flex flex-wrap gap-2">
          {CALL_OFF_REASONS.map((key) => {
            const reason = t(key);
            return (
              <button
                key={key}
                type="button"
                aria-pressed={message === reason}
                disabled={busy}
                onClick={() => setMessage(reason)}
                className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-2 focus:outline-green-700 aria-pressed:border-green-700 aria-pressed:bg-green-50 aria-pressed:text-green-900"
              >
                {reason}
              </button>
            );
          })}
        </div>
        <TextArea
          label={t("event.cancelEvent.message")}
          hint={t("event.cancelEvent.messageHint", { max: CANCEL_MESSAGE_MAX })}
          maxLength={CANCEL_MESSAGE_MAX}
          value={message}
          onChange={(changed) => setMessage(changed.target.value)}
          disabled={busy}
        />
        <p className="font-medium text-slate-900">{t("event.cancelEvent.final")}</p>
      </div>
    </ConfirmDialog>
  );
}
