import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { EventDetail } from "#shared/events.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";
import { api } from "#web/lib/api.ts";

/**
 * "Tell me if a spot opens" on a full game (docs/notifications.md, "A freed spot"): PUT asks, DELETE
 * undoes (both idempotent; the server refuses while a spot is free or the viewer is on the lists).
 * The page's copy takes the answer at once.
 */
export function useSpotWatch(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ask: boolean) => api<{ spotWatch: boolean }>(`/api/events/${encodeURIComponent(eventId)}/spot-watch`, { method: ask ? "PUT" : "DELETE" }),
    onSuccess: ({ spotWatch }) => {
      queryClient.setQueryData<EventDetail>(eventKeys.detail(eventId), (event) => (event ? { ...event, spotWatch } : event));
    },
  });
}
