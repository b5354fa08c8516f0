import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { paymentKeys } from "./query-keys.ts";

/** DELETE /api/me/payment-methods/:id → 204 */
export function removeCard(id: string) {
  return api<null>(`/api/me/payment-methods/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.savedCards() }),
  });
}
