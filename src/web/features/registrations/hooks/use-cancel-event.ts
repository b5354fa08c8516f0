import { useMutation } from "#web/lib/use-mutation.ts";
import type { EventDetail } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/**
 * POST /api/events/:id/cancel (admins) { message? } → { event }: every held spot refunded in full,
 * waitlists closed, the message in everyone's mail.
 */
export async function cancelEvent(eventId: string, message: string) {
  return (await api<{ event: EventDetail }>(`/api/events/${encodeURIComponent(eventId)}/cancel`, { method: "POST", body: { message } })).event;
}

export function useCancelEvent(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  return useMutation({ mutationFn: (message: string) => cancelEvent(eventId, message), onSettled: invalidateEvents });
}
