import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import { retryRefund } from "#web/features/registrations/hooks/use-retry-refund.ts";
import { useInvalidateEvents } from "#web/features/registrations/hooks/use-invalidate-events.ts";
import { consoleKeys } from "./query-keys.ts";

/**
 * Retries a failed refund from the console's Needs attention list, through the event page's route
 * (POST /api/events/:eventId/refunds/:paymentId/retry); afterwards the console and the events are
 * asked again, as the refund's state has moved on.
 */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  const invalidateEvents = useInvalidateEvents();
  return useMutation({
    // 202 { status: "pending" }: sent again; 200 { status: "succeeded" }: the processor had refunded it after all.
    mutationFn: async ({ eventId, paymentId }: { eventId: string; paymentId: string }) =>
      (await retryRefund(eventId, paymentId)) as { status?: "pending" | "succeeded" },
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: consoleKeys.all }), invalidateEvents()]);
    },
  });
}
