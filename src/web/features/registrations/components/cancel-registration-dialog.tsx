import { useState } from "react";
import type { EventDetail } from "#shared/events.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { holdsSpot, REFUND_SUCCESSFUL } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { cancelSummary } from "#web/features/registrations/cancel-summary.ts";
import { registrationErrorMessage } from "#web/features/registrations/error-message.ts";
import { useCancelRegistration } from "#web/features/registrations/hooks/use-cancel-registration.ts";

/**
 * The original product's 'Confirm Cancellation', with the exact refund the server will make. For
 * someone who only waits it is 'Leave waitlist', worded as such: the same server action, but nothing
 * is cancelled and no money moves (docs/product-rules.md, "Full games").
 */
export function CancelRegistrationDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const config = useConfig();
  const currency = useCurrency();
  const cancel = useCancelRegistration(event.id);
  const notify = useNotify();
  const [error, setError] = useState("");
  const busy = cancel.isPending;
  // The fee rule comes with the app's settings, loaded at start; the default is the same rule.
  const summary = cancelSummary(event.mine, config.data?.payments ?? DEFAULT_FEE, currency);
  const onlyWaiting = !event.mine.some((registration) => holdsSpot(registration.status));

  const submit = () => {
    setError("");
    cancel.mutate(undefined, {
      onSuccess: ({ refundCents }) => {
        notify(refundCents > 0 ? sharedMessage(REFUND_SUCCESSFUL) : t(onlyWaiting ? "event.cancelRegistration.leftWaitlist" : "event.cancelRegistration.cancelled"));
        onClose();
      },
      onError: (caught) => setError(registrationErrorMessage(caught)),
    });
  };

  return (
    <ConfirmDialog
      title={t(onlyWaiting ? "event.cancelRegistration.leaveTitle" : "event.cancelRegistration.title")}
      onClose={onClose}
      onConfirm={submit}
      busy={busy}
      error={error}
      confirmLabel={t(onlyWaiting ? "event.cancelRegistration.leaveConfirm" : "event.cancelRegistration.giveUp")}
      cancelLabel={t(onlyWaiting ? "event.cancelRegistration.stay" : "event.cancelRegistration.keep")}
    >
      <div className="flex flex-col gap-3 text-slate-700">
        <p>{t(onlyWaiting ? "event.cancelRegistration.leaveQuestion" : "event.cancelRegistration.question", { title: event.title })}</p>
        <ul className="flex flex-col gap-1 rounded-lg bg-slate-50 px-4 py-3">
          {summary.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </ConfirmDialog>
  );
}
