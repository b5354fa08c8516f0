import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { CreateEventInput, EventDetail } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "./query-keys.ts";

/** POST /api/events (admins) → 201 { event } */
export async function createEvent(input: CreateEventInput) {
  return (await api<{ event: EventDetail }>("/api/events", { method: "POST", body: { ...input } })).event;
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
