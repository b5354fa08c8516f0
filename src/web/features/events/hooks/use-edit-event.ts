import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { CreateEventInput, EditEventResponse } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "./query-keys.ts";

/** PATCH /api/events/:id (admins) with the create form's body → { event, changes, notified } */
export async function editEvent(eventId: string, input: CreateEventInput) {
  return api<EditEventResponse>(`/api/events/${encodeURIComponent(eventId)}`, { method: "PATCH", body: { ...input } });
}

export function useEditEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput) => editEvent(eventId, input),
    onSuccess: ({ event }) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
