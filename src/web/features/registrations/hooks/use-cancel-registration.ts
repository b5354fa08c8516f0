import { useMutation } from "#web/lib/use-mutation.ts";
import type { CancelRegistrationResponse } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/**
 * DELETE /api/events/:id/registrations/me → { refundCents }: releases the viewer's spot (refunded by
 * the fee rule) and leaves both waitlists. 422 inside the last 24 hours, 409 while a payment runs.
 */
export function cancelRegistration(eventId: string) {
  return api<CancelRegistrationResponse>(`/api/events/${encodeURIComponent(eventId)}/registrations/me`, { method: "DELETE" });
}

export function useCancelRegistration(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  return useMutation({ mutationFn: () => cancelRegistration(eventId), onSettled: invalidateEvents });
}
