import { useState } from "react";
import type { EventDetail } from "../../../../shared/events.ts";
import { DEFAULT_FEE } from "../../../../shared/money.ts";
import { REFUND_SUCCESSFUL } from "../../../../shared/registrations.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { useConfig, useCurrency } from "../../../lib/config.ts";
import { cancelSummary } from "../cancel-summary.ts";
import { registrationErrorMessage } from "../error-message.ts";
import { useCancelRegistration } from "../hooks/use-cancel-registration.ts";

export const REGISTRATION_CANCELLED = "Your registration has been cancelled.";

/** The original product's 'Confirm Cancellation', with the exact refund the server will make. */
export function CancelRegistrationDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const config = useConfig();
  const currency = useCurrency();
  const cancel = useCancelRegistration(event.id);
  const notify = useNotify();
  const [error, setError] = useState("");
  const busy = cancel.isPending;
  // The fee rule comes with the app's settings, loaded at start; the default is the same rule.
  const summary = cancelSummary(event.mine, config.data?.payments ?? DEFAULT_FEE, currency);

  const submit = () => {
    setError("");
    cancel.mutate(undefined, {
      onSuccess: ({ refundCents }) => {
        notify(refundCents > 0 ? REFUND_SUCCESSFUL : REGISTRATION_CANCELLED);
        onClose();
      },
      onError: (caught) => setError(registrationErrorMessage(caught)),
    });
  };

  return (
    <ConfirmDialog title="Confirm Cancellation" onClose={onClose} onConfirm={submit} busy={busy} error={error}>
      <div className="flex flex-col gap-3 text-slate-700">
        <p>Cancel your registration for {event.title}?</p>
        <ul className="flex flex-col gap-1 rounded-lg bg-slate-50 px-4 py-3">
          {summary.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </ConfirmDialog>
  );
}
