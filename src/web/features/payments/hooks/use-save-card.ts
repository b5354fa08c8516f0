import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { SavedCard } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";
import { paymentKeys } from "./query-keys.ts";

/** What the simulated processor takes; Stripe sends the id of a payment method confirmed by a SetupIntent. */
export type SaveCardInput = { card: { number: string; expiry: string; cvc: string } } | { paymentMethodId: string };

/** POST /api/me/payment-methods → 201 { paymentMethod }, 402 the decline, 400 the card's checks. */
export async function saveCard(input: SaveCardInput) {
  return (await api<{ paymentMethod: SavedCard }>("/api/me/payment-methods", { method: "POST", body: { ...input } })).paymentMethod;
}

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.savedCards() }),
  });
}
