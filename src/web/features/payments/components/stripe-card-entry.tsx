import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { FAILED_TO_INITIALIZE_PAYMENT } from "../../../../shared/registrations.ts";
import { FormMessage } from "../../../components/form.tsx";
import { api } from "../../../lib/api.ts";
import { useSaveCard } from "../hooks/use-save-card.ts";
import { loadStripe, type StripeElements, type StripeJs } from "../stripe-js.ts";
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
        const elements = stripe.elements({ clientSecret: intent.clientSecret, appearance: { theme: "stripe", variables: { colorPrimary: "#15803d" } } });
        element = elements.create("payment");
        element.mount(target.current);
        setState({ kind: "ready", stripe, elements });
      } catch {
        if (!gone) setState({ kind: "failed" });
      }
    })();
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    validate: () => (state.kind === "ready" ? { valid: true } : { valid: false, message: FAILED_TO_INITIALIZE_PAYMENT }),
    async save() {
      if (state.kind !== "ready") throw new Error(FAILED_TO_INITIALIZE_PAYMENT);
      const submitted = await state.elements.submit();
      if (submitted.error) throw new Error(submitted.error.message ?? "Card details are missing.");
      const { setupIntent, error } = await state.stripe.confirmSetup({ elements: state.elements, redirect: "if_required" });
      if (error || !setupIntent?.payment_method) throw new Error(error?.message ?? "Failed to save the card.");
      const paymentMethodId = typeof setupIntent.payment_method === "string" ? setupIntent.payment_method : setupIntent.payment_method.id;
      return saveCard.mutateAsync({ paymentMethodId });
    },
  }));

  return (
    <div className="flex flex-col gap-2">
      {state.kind === "failed" && <FormMessage kind="error">{FAILED_TO_INITIALIZE_PAYMENT}</FormMessage>}
      {state.kind === "loading" && (
        <p role="status" className="text-slate-600">
          Loading the card form...
        </p>
      )}
      <div ref={target} className={state.kind === "ready" ? "" : "hidden"} />
      {state.kind === "ready" && <p className="text-sm text-slate-600">Your card will be saved to your account for your next payments. You can remove it in your profile.</p>}
    </div>
  );
}
