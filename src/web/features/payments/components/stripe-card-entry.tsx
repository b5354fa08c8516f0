import { useImperativeHandle, type Ref } from "react";
import { FAILED_TO_INITIALIZE_PAYMENT } from "../../../../shared/registrations.ts";
import { FormMessage } from "../../../components/form.tsx";
import type { CardEntryHandle } from "./card-entry.tsx";

/**
 * Stripe's Payment Element goes here (Stripe.js loaded when the dialog opens, the card confirmed by
 * a SetupIntent, then POST /api/me/payment-methods { paymentMethodId }). Until it does, a new card
 * cannot be added in Stripe mode; saved cards still work.
 */
export function StripeCardEntry({ ref }: { ref: Ref<CardEntryHandle> }) {
  useImperativeHandle(ref, () => ({
    validate: () => ({ valid: true }),
    save: () => Promise.reject(new Error(FAILED_TO_INITIALIZE_PAYMENT)),
  }));
  return <FormMessage kind="error">{FAILED_TO_INITIALIZE_PAYMENT}</FormMessage>;
}
