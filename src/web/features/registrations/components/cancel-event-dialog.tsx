import { useState } from "react";
import { CANCEL_MESSAGE_MAX, type EventDetail } from "../../../../shared/events.ts";
import { formatCents } from "../../../i18n/format-money.ts";
import { EVENT_CANCELLED_AND_REFUNDED, FAILED_TO_CANCEL_EVENT } from "../../../../shared/registrations.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { TextArea } from "../../../components/text-area.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useCurrency } from "../../../lib/config.ts";
import { useCancelEvent } from "../hooks/use-cancel-event.ts";
import { useCancelPreview } from "../hooks/use-cancel-preview.ts";

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
      onSuccess: () => notify(EVENT_CANCELLED_AND_REFUNDED),
      onError: () => notify(FAILED_TO_CANCEL_EVENT),
      onSettled: onClose,
    });
  };

  const people = (n: number) => (n === 1 ? "1 person" : `${n} people`);
  let refunds = "Working out the refunds…";
  if (preview.isError) refunds = `The refunds could not be worked out (${errorMessage(preview.error)}). Every paid spot is still refunded in full.`;
  else if (preview.data) {
    const { refundCount, refundTotalCents, notifyCount } = preview.data;
    refunds =
      refundCount > 0
        ? `${people(refundCount)} will be refunded ${formatCents(refundTotalCents, currency)} in all, each in full.`
        : "Nobody has paid, so nothing is refunded.";
    refunds += notifyCount > 0 ? ` ${people(notifyCount)} registered ${notifyCount === 1 ? "is" : "are"} emailed.` : " Nobody is registered.";
  }

  return (
    <ConfirmDialog title="Confirm Event Cancellation" onClose={onClose} onConfirm={submit} busy={busy}>
      <div className="flex flex-col gap-3 text-slate-700">
        <p>Cancel {event.title} for everyone?</p>
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {refunds}
        </p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>Every player and goalkeeper holding a spot is refunded in full.</li>
          <li>The waitlists close; no one on them has been charged.</li>
        </ul>
        <TextArea
          label="Message to the players (optional)"
          hint={`Goes into everyone's cancellation email. Up to ${CANCEL_MESSAGE_MAX} characters.`}
          maxLength={CANCEL_MESSAGE_MAX}
          value={message}
          onChange={(changed) => setMessage(changed.target.value)}
          disabled={busy}
        />
        <p className="font-medium text-slate-900">This cannot be undone.</p>
      </div>
    </ConfirmDialog>
  );
}
