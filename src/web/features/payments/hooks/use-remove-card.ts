import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";
import { paymentKeys } from "./query-keys.ts";

/**
 * What becomes of the waitlist places charged to the card, when there are some: moved to another
 * saved card, or given up. Without either, the server answers 409 card_in_use with those games.
 */
export interface RemoveCardInput {
  id: string;
  replaceWith?: string;
  leaveWaitlists?: true;
}

/** DELETE /api/me/payment-methods/:id → 204 */
export function removeCard({ id, ...choice }: RemoveCardInput) {
  const body = choice.replaceWith || choice.leaveWaitlists ? choice : undefined;
  return api<null>(`/api/me/payment-methods/${encodeURIComponent(id)}`, { method: "DELETE", body });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.savedCards() });
      // Waitlist places moved or given up show on the event pages and in Your Events.
      if (input.replaceWith || input.leaveWaitlists) void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
