import { useMutation } from "#web/lib/use-mutation.ts";
import type { RemoveGuestResponse } from "#shared/guests.ts";
import { api } from "#web/lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/**
 * DELETE /api/events/:id/registrations/me/guests/:guestId → { refundCents }: one guest leaves the
 * viewer's party (src/shared/guests.ts); a paid spot held gives back that guest's share minus the
 * processing fee. 422 inside the last 24 hours, 404 for a guest not in the party, 409 while a payment runs.
 */
export function removeGuest(eventId: string, guestId: string) {
  return api<RemoveGuestResponse>(`/api/events/${encodeURIComponent(eventId)}/registrations/me/guests/${encodeURIComponent(guestId)}`, { method: "DELETE" });
}

export function useRemoveGuest(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  return useMutation({ mutationFn: (guestId: string) => removeGuest(eventId, guestId), onSettled: invalidateEvents });
}
