import { useRef } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_FEE } from "#shared/money.ts";
import type { EventDetail } from "#shared/events.ts";
import { partyAmountCents, type GuestInput } from "#shared/guests.ts";
import { joinNotice, priceFor, type RegistrationRole } from "#shared/registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { useNotify } from "#web/components/notification.tsx";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { decidesText } from "#web/features/events/game-on-text.ts";
import { PaymentDialog, type PayResult } from "#web/features/payments/components/payment-dialog.tsx";
import { PaymentMessage } from "#web/features/payments/payment-error.ts";
import { paymentPolicy, waitlistPolicy } from "#web/features/registrations/cancel-policy.ts";
import { registrationErrorMessage } from "#web/features/registrations/error-message.ts";
import { joinKind } from "#web/features/registrations/event-actions.ts";
import { useConfirmRegistration } from "#web/features/registrations/hooks/use-confirm-registration.ts";
import { useJoinEvent } from "#web/features/registrations/hooks/use-join-event.ts";

/**
 * Joining a paid spot: the payment dialog, joined to this event's registration calls. The dialog
 * follows the event as it refreshes: when the last spot goes meanwhile (or the server answers that
 * the role is full, which refreshes it), it turns into the waitlist's consent.
 * A player's guests come along: the party pays price × (1 + guests) in one payment, or waits as one
 * and consents to that amount (src/shared/guests.ts).
 */
export function PaidJoinDialog({
  event,
  role,
  guests,
  viewerId,
  onClose,
  onJoined,
}: {
  event: EventDetail;
  role: RegistrationRole;
  guests: GuestInput[];
  viewerId: string | undefined;
  onClose: () => void;
  onJoined?: () => void;
}) {
  const join = useJoinEvent(event.id);
  const confirm = useConfirmRegistration(event.id);
  const navigate = useNavigate();
  const notify = useNotify();
  const config = useConfig();
  const currency = useCurrency();
  // Completing a payment held for a party: the party the server holds, at the amount it was priced at.
  const held = event.mine.find((registration) => registration.role === role && registration.status === "pending_payment");
  const guestCount = held ? (held.guests?.length ?? 0) : guests.length;
  const priceCents = held ? held.amountCents : partyAmountCents(priceFor(event, role), guestCount);
  const waitlist = joinKind(event, role, viewerId, 1 + guestCount) === "waitlist";
  // The same fee rule and refund function the server cancels with (src/shared/money.ts).
  const policyInput = { game: event, priceCents, rule: config.data?.payments ?? DEFAULT_FEE, currency, now: new Date() };
  const policy = waitlist ? waitlistPolicy(policyInput) : paymentPolicy(policyInput);

  // A game made free while the payment was on its way: the spot was taken free (nothing charged), so
  // there is no payment to show; the page says so as for a free join.
  const tookFree = useRef(false);
  const pay = async (input: { paymentMethodId: string; consentToAutoCharge?: true }): Promise<PayResult> => {
    try {
      // The price shown, never charged: a price changed meanwhile is refused (409, naming it) and the
      // dialog, following the game as it is read again, shows the new one to pay again at.
      const response = await join.mutateAsync({ role, ...input, expectedPriceCents: priceFor(event, role), ...(guests.length > 0 ? { guests } : {}) });
      if (response.status === "requires_action") return { status: "requires_action", clientSecret: response.clientSecret };
      tookFree.current = response.registration.amountCents === 0;
      return { status: response.registration.status === "waitlisted" ? "waitlisted" : "confirmed" };
    } catch (error) {
      throw new PaymentMessage(registrationErrorMessage(error), { cause: error });
    }
  };

  const confirmPayment = async () => {
    try {
      await confirm.mutateAsync();
    } catch (error) {
      throw new PaymentMessage(registrationErrorMessage(error), { cause: error });
    }
  };

  return (
    <PaymentDialog
      item={
        guestCount > 0
          ? t("event.guests.partyItem", { title: event.title, count: guestCount })
          : t(role === "player" ? "event.payment.playerItem" : "event.payment.goalkeeperItem", { title: event.title })
      }
      priceCents={priceCents}
      guests={guestCount}
      waitlist={waitlist}
      {...(event.gameOn?.state === "open" && { hold: { decides: decidesText(event) } })}
      policy={event.gameOn?.state === "open" && !waitlist ? undefined : policy}
      onClose={onClose}
      pay={pay}
      confirm={confirmPayment}
      onDone={(status) => {
        onJoined?.();
        // A held spot (game on) paid nothing yet: no receipt; the page says what is held (docs/game-on.md).
        if (status === "confirmed" && !tookFree.current && event.gameOn?.state !== "open") {
          navigate(paths.confirmationOf(event.id));
          return;
        }
        notify(sharedMessage(joinNotice(role, status)));
        onClose();
      }}
    />
  );
}
