import { useMutation } from "@tanstack/react-query";
import type { GuestInput } from "../../../../shared/guests.ts";
import type { JoinInput } from "../../../../shared/registration-schemas.ts";
import type { JoinResponse } from "../../../../shared/registrations.ts";
import { api } from "../../../lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/**
 * POST /api/events/:id/registrations → 201 { registration } (confirmed or waitlisted), or 202 with
 * status 'requires_action' and the clientSecret when the bank asks the user to authenticate.
 * Never an amount: the server prices the spot (a player's party too: price × (1 + guests)).
 */
export type JoinRequest = Omit<JoinInput, "guests"> & { guests?: GuestInput[] };

export function joinEvent(eventId: string, input: JoinRequest) {
  return api<JoinResponse>(`/api/events/${encodeURIComponent(eventId)}/registrations`, { method: "POST", body: { ...input } });
}

export function useJoinEvent(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  return useMutation({ mutationFn: (input: JoinRequest) => joinEvent(eventId, input), onSettled: invalidateEvents });
}
