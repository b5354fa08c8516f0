import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { FAILED_TO_INITIALIZE_PAYMENT, FAILED_TO_SAVE_CARD } from "#shared/registrations.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { FormMessage } from "#web/components/form.tsx";
import { api } from "#web/lib/api.ts";
import { useSaveCard } from "#web/features/payments/hooks/use-save-card.ts";
import { PaymentMessage, stripeErrorMessage } from "#web/features/payments/payment-error.ts";
import { saveCardError } from "#web/features/payments/save-card-error.ts";
import { loadStripe, type StripeElements, type StripeJs } from "#web/features/payments/stripe-js.ts";
import type { CardEntryHandle } from "./card-entry.tsx";

type State = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; stripe: StripeJs; elements: StripeElements };

/**
 * Stripe's Payment Element for a new card: the card goes from the browser to Stripe, never through
 * our server. It is confirmed on a SetupIntent (usage off_session, so waitlist promotions can charge
 * it later) and its id saved to the account.
 */
export function StripeCardEntry({ publishableKey, ref }: { publishableKey: string; ref: Ref<CardEntryHandle> }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const target = useRef<HTMLDivElement>(null);
  const saveCard = useSaveCard();

  useEffect(() => {
    let gone = false;
    let element: ReturnType<StripeElements["create"]> | null = null;
    (async () => {
      try {
        const [stripe, intent] = await Promise.all([
          loadStripe(publishableKey),
          api<{ clientSecret: string }>("/api/me/setup-intents", { method: "POST", body: {} }),
        ]);
        if (gone || !target.current) return;
        const elements = stripe.elements({
          clientSecret: intent.clientSecret,
          appearance: { theme: "stripe", variables: { colorPrimary: "#15803d" } },
          // Stripe words its card fields and its messages about the card in French too; English stays Stripe's default.
          ...(currentLanguage() === "fr" ? { locale: "fr-CA" } : {}),
        });
        element = elements.create("payment");
        element.mount(target.current);
        setState({ kind: "ready", stripe, elements });
      } catch (error) {
        console.error("the Payment Element could not be set up", error);
        if (!gone) setState({ kind: "failed" });
      }
    })();
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    validate: () => (state.kind === "ready" ? { valid: true } : { valid: false, message: sharedMessage(FAILED_TO_INITIALIZE_PAYMENT) }),
    async save() {
      if (state.kind !== "ready") throw new PaymentMessage(sharedMessage(FAILED_TO_INITIALIZE_PAYMENT));
      const paymentMethodId = await confirmCard(state.stripe, state.elements);
      try {
        return await saveCard.mutateAsync({ paymentMethodId });
      } catch (error) {
        throw new PaymentMessage(saveCardError(error).message, { cause: error });
      }
    },
  }));

  return (
    <div className="flex flex-col gap-2">
      {state.kind === "failed" && <FormMessage kind="error">{sharedMessage(FAILED_TO_INITIALIZE_PAYMENT)}</FormMessage>}
      {state.kind === "loading" && (
        <p role="status" className="text-slate-600">
          {t("event.payment.loadingForm")}
        </p>
      )}
      <div ref={target} className={state.kind === "ready" ? "" : "hidden"} />
      {state.kind === "ready" && <p className="text-sm text-slate-600">{t("event.payment.cardSaved")}</p>}
    </div>
  );
}

/**
 * Confirms the SetupIntent with the card in the Payment Element and returns the saved payment
 * method's id. Stripe's words about the card are shown as they are; anything else Stripe.js says
 * or throws (an error of the integration, a script that misbehaves) is 'Failed to initialize
 * payment.', with the detail logged.
 */
async function confirmCard(stripe: StripeJs, elements: StripeElements): Promise<string> {
  try {
    const submitted = await elements.submit();
    if (submitted.error) throw new PaymentMessage(stripeErrorMessage(submitted.error, "initialize"));
    const { setupIntent, error } = await stripe.confirmSetup({ elements, redirect: "if_required" });
    if (error) throw new PaymentMessage(stripeErrorMessage(error, "initialize"));
    const method = setupIntent?.payment_method;
    if (!method) throw new PaymentMessage(sharedMessage(FAILED_TO_SAVE_CARD));
    return typeof method === "string" ? method : method.id;
  } catch (error) {
    if (error instanceof PaymentMessage) throw error;
    console.error("Stripe.js failed while saving the card", error);
    throw new PaymentMessage(sharedMessage(FAILED_TO_INITIALIZE_PAYMENT), { cause: error });
  }
}
