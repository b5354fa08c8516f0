import { useId, useLayoutEffect, useRef, useState } from "react";
import type { EventDetail } from "#shared/events.ts";
import type { GuestView } from "#shared/guests.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { CANCEL_WINDOW_TEXT, holdsSpot, isCancellable, type MyRegistration } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/form.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { registrationErrorMessage } from "#web/features/registrations/error-message.ts";
import { isPaymentRunning } from "#web/features/registrations/event-actions.ts";
import { guestRemovedNotice, guestRemoval } from "#web/features/registrations/guests.ts";
import { useRemoveGuest } from "#web/features/registrations/hooks/use-remove-guest.ts";

/** The viewer's party, if they brought guests: a player spot held or a place on the Player Waitlist. */
export function myParty(mine: readonly MyRegistration[]): MyRegistration | undefined {
  return mine.find((registration) => registration.role === "player" && (holdsSpot(registration.status) || registration.status === "waitlisted") && (registration.guests?.length ?? 0) > 0);
}

/**
 * The guests the viewer brought (src/shared/guests.ts), each with Remove: a confirm dialog that
 * says what comes back, then the server's refund in a notice. Removing follows the cancel button's
 * rule (isCancellable, the 24-hour window; not while a payment runs): past it the buttons stay,
 * disabled, beside the window's text. Apart from the status box, whose live region should not read
 * buttons out.
 */
export function MyGuests({ event, now }: { event: EventDetail; now: Date }) {
  const headingId = useId();
  const reasonId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<GuestView | null>(null);
  // Once a removal's dialog has closed (and handed the focus back to its opener, which is going):
  // the focus goes to the list's heading rather than the page's start.
  const [focusHeading, setFocusHeading] = useState(false);
  // The focus moves before the paint (a layout effect): a key pressed right after reaches it (docs/decisions/050-preact-under-the-react-api.md).
  useLayoutEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);
  const party = myParty(event.mine);
  if (!party || event.status === "cancelled" || now.getTime() >= Date.parse(event.endsAt)) return null;
  const guests = party.guests ?? [];
  const windowClosed = !isCancellable(event.startsAt, now);
  const paymentRunning = isPaymentRunning(event.mine);
  const reason = windowClosed ? sharedMessage(CANCEL_WINDOW_TEXT) : paymentRunning ? t("event.guests.paymentRunning") : null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-slate-200 px-4 py-3">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {t("event.guests.yours")}
      </h2>
      <ul className="flex flex-col gap-2">
        {guests.map((guest) => (
          <li key={guest.id} className="flex items-center justify-between gap-3">
            <span className="min-w-0 text-slate-900 wrap-anywhere">{guest.name}</span>
            <Button
              variant="secondary"
              className="shrink-0 px-3 py-1 text-sm"
              aria-label={t("event.guests.removeLabel", { name: guest.name })}
              aria-describedby={reason ? reasonId : undefined}
              disabled={reason !== null}
              onClick={() => setRemoving(guest)}
            >
              {t("event.guests.remove")}
            </Button>
          </li>
        ))}
      </ul>
      {reason && (
        <p id={reasonId} className="text-sm text-slate-600">
          {reason}
        </p>
      )}
      {removing && (
        <RemoveGuestDialog
          event={event}
          party={party}
          guest={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            setFocusHeading(true);
          }}
        />
      )}
    </section>
  );
}

function RemoveGuestDialog({ event, party, guest, onClose, onRemoved }: { event: EventDetail; party: MyRegistration; guest: GuestView; onClose: () => void; onRemoved: () => void }) {
  const config = useConfig();
  const currency = useCurrency();
  const notify = useNotify();
  const remove = useRemoveGuest(event.id);
  const [error, setError] = useState("");
  // The fee rule comes with the app's settings, loaded at start; the default is the same rule.
  const summary = guestRemoval(party, guest, config.data?.payments ?? DEFAULT_FEE, currency);

  const submit = () => {
    setError("");
    remove.mutate(guest.id, {
      onSuccess: ({ refundCents }) => {
        notify(guestRemovedNotice(guest.name, refundCents, currency));
        onRemoved();
      },
      onError: (caught) => setError(registrationErrorMessage(caught)),
    });
  };

  return (
    <ConfirmDialog
      title={t("event.guests.removeTitle", { name: guest.name })}
      onClose={onClose}
      onConfirm={submit}
      busy={remove.isPending}
      error={error}
      confirmLabel={t("event.guests.removeConfirm", { name: guest.name })}
      cancelLabel={t("event.guests.keep", { name: guest.name })}
    >
      <ul className="flex flex-col gap-1 rounded-lg bg-slate-50 px-4 py-3 text-slate-700">
        {summary.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
