import type { Ref } from "react";
import type { SavedCard } from "#shared/registrations.ts";
import { SimulatedCardForm } from "./simulated-card-form.tsx";
import { StripeCardEntry } from "./stripe-card-entry.tsx";

/** What the payment dialog asks of the new-card part, whichever processor is behind it. */
export interface CardEntryHandle {
  /**
   * Checks what was entered, sending nothing. Not valid: the fields now show what to fix, and a
   * message about the card as a whole (the original product's 'Card details are missing.') is for
   * the dialog to say.
   */
  validate(): { valid: true } | { valid: false; message?: string };
  /** Saves the card to the account. Rejects with an Error whose message is fit to show. */
  save(): Promise<SavedCard>;
}

/**
 * The new-card part of the payment dialog: our own test card form with the simulated processor;
 * with Stripe, the place of its Payment Element (card data must never touch our server there).
 */
export function CardEntry({
  mode,
  publishableKey,
  disabled,
  ref,
}: {
  mode: "simulated" | "stripe";
  publishableKey?: string;
  disabled: boolean;
  ref: Ref<CardEntryHandle>;
}) {
  return mode === "stripe" ? <StripeCardEntry publishableKey={publishableKey ?? ""} ref={ref} /> : <SimulatedCardForm disabled={disabled} ref={ref} />;
}
