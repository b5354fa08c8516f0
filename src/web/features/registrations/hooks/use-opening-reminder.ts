import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { EventDetail } from "#shared/events.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";
import { api } from "#web/lib/api.ts";

/**
 * "Tell me when it opens": PUT asks, DELETE undoes (both idempotent; the server refuses a game
 * already open to the viewer). The page's copy takes the answer at once.
 */
export function useOpeningReminder(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ask: boolean) =>
      api<{ openingReminder: boolean }>(`/api/events/${encodeURIComponent(eventId)}/opening-reminder`, { method: ask ? "PUT" : "DELETE" }),
    onSuccess: ({ openingReminder }) => {
      queryClient.setQueryData<EventDetail>(eventKeys.detail(eventId), (event) => (event ? { ...event, openingReminder } : event));
    },
  });
}
