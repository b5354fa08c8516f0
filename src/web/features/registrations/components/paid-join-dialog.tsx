import { useNavigate } from "react-router";
import { DEFAULT_FEE } from "../../../../shared/money.ts";
import type { EventDetail } from "../../../../shared/events.ts";
import { joinNotice, priceFor, type RegistrationRole } from "../../../../shared/registrations.ts";
import { t } from "../../../i18n/i18n.ts";
import { sharedMessage } from "../../../i18n/shared-message.ts";
import { useNotify } from "../../../components/notification.tsx";
import { useConfig, useCurrency } from "../../../lib/config.ts";
import { paths } from "../../../lib/paths.ts";
import { PaymentDialog, type PayResult } from "../../payments/components/payment-dialog.tsx";
import { PaymentMessage } from "../../payments/payment-error.ts";
import { paymentPolicy, waitlistPolicy } from "../cancel-policy.ts";
import { registrationErrorMessage } from "../error-message.ts";
import { joinKind } from "../event-actions.ts";
import { useConfirmRegistration } from "../hooks/use-confirm-registration.ts";
import { useJoinEvent } from "../hooks/use-join-event.ts";

/**
 * Joining a paid spot: the payment dialog, joined to this event's registration calls. The dialog
 * follows the event as it refreshes: when the last spot goes meanwhile (or the server answers that
 * the role is full, which refreshes it), it turns into the waitlist's consent.
 */
export function PaidJoinDialog({ event, role, viewerId, onClose }: { event: EventDetail; role: RegistrationRole; viewerId: string | undefined; onClose: () => void }) {
  const join = useJoinEvent(event.id);
  const confirm = useConfirmRegistration(event.id);
  const navigate = useNavigate();
  const notify = useNotify();
  const config = useConfig();
  const currency = useCurrency();
  const priceCents = priceFor(event, role);
  const waitlist = joinKind(event, role, viewerId) === "waitlist";
  // The same fee rule and refund function the server cancels with (src/shared/money.ts).
  const policyInput = { game: event, priceCents, rule: config.data?.payments ?? DEFAULT_FEE, currency, now: new Date() };
  const policy = waitlist ? waitlistPolicy(policyInput) : paymentPolicy(policyInput);

  const pay = async (input: { paymentMethodId: string; consentToAutoCharge?: true }): Promise<PayResult> => {
    try {
      const response = await join.mutateAsync({ role, ...input });
      if (response.status === "requires_action") return { status: "requires_action", clientSecret: response.clientSecret };
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
      item={t(role === "player" ? "event.payment.playerItem" : "event.payment.goalkeeperItem", { title: event.title })}
      priceCents={priceCents}
      waitlist={waitlist}
      policy={policy}
      onClose={onClose}
      pay={pay}
      confirm={confirmPayment}
      onDone={(status) => {
        if (status === "confirmed") {
          navigate(paths.confirmationOf(event.id));
          return;
        }
        notify(sharedMessage(joinNotice(role, "waitlisted")));
        onClose();
      }}
    />
  );
}
