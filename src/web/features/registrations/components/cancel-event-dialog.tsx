import type { EventDetail } from "../../../../shared/events.ts";
import { EVENT_CANCELLED_AND_REFUNDED, FAILED_TO_CANCEL_EVENT } from "../../../../shared/registrations.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { useCancelEvent } from "../hooks/use-cancel-event.ts";

/**
 * The original product's 'Confirm Event Cancellation' (admins). The outcome is a notification either
 * way, as the original product has it.
 */
export function CancelEventDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const cancel = useCancelEvent(event.id);
  const notify = useNotify();
  const busy = cancel.isPending;

  const submit = () => {
    cancel.mutate(undefined, {
      onSuccess: () => notify(EVENT_CANCELLED_AND_REFUNDED),
      onError: () => notify(FAILED_TO_CANCEL_EVENT),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog title="Confirm Event Cancellation" onClose={onClose} onConfirm={submit} busy={busy}>
      <div className="flex flex-col gap-3 text-slate-700">
        <p>Cancel {event.title} for everyone?</p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>Every player and goalkeeper holding a spot is refunded in full.</li>
          <li>The waitlists close; no one on them has been charged.</li>
          <li>Everyone registered is emailed.</li>
        </ul>
        <p className="font-medium text-slate-900">This cannot be undone.</p>
      </div>
    </ConfirmDialog>
  );
}
