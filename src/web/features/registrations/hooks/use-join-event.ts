import { useMutation } from "#web/lib/use-mutation.ts";
import type { GuestInput } from "#shared/guests.ts";
import type { JoinInput } from "#shared/registration-schemas.ts";
import type { JoinResponse } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/**
 * POST /api/events/:id/registrations → 201 { registration } (confirmed or waitlisted), or 202 with
 * status 'requires_action' and the clientSecret when the bank asks the user to authenticate.
 * Never an amount: the server prices the spot (a player's party too: price × (1 + guests)).
 * `expectedPriceCents` is the price of one spot the page showed (`priceFor(event, role)`), never
 * charged: a join whose price changed meanwhile is refused with a 409 naming the new price, and the
 * page, refreshed once the join settles, then shows it (docs/registrations-and-payments.md, "Join").
 */
export type JoinRequest = Omit<JoinInput, "guests" | "expectedPriceCents"> & { guests?: GuestInput[]; expectedPriceCents: number };

export function joinEvent(eventId: string, input: JoinRequest) {
  return api<JoinResponse>(`/api/events/${encodeURIComponent(eventId)}/registrations`, { method: "POST", body: { ...input } });
}

export function useJoinEvent(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  // Whatever the answer, the game is read again (a refusal for a changed price included: the page then
  // shows the new price), before the caller's own callbacks run.
  return useMutation({ mutationFn: (input: JoinRequest) => joinEvent(eventId, input), onSettled: invalidateEvents });
}
