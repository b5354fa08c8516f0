import { useMutation } from "#web/lib/use-mutation.ts";
import { api } from "#web/lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/** POST /api/events/:id/refunds/:paymentId/retry (admins) → 202: a failed refund is tried again by a job. */
export function retryRefund(eventId: string, paymentId: string) {
  return api<unknown>(`/api/events/${encodeURIComponent(eventId)}/refunds/${encodeURIComponent(paymentId)}/retry`, { method: "POST", body: {} });
}

export function useRetryRefund(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  return useMutation({ mutationFn: (paymentId: string) => retryRefund(eventId, paymentId), onSettled: invalidateEvents });
}
