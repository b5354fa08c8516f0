import { useQuery } from "#web/lib/use-query.ts";
import type { CancelEventPreview } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";

/** GET /api/events/:id/cancel-preview (admins): how many people an admin cancel refunds, and how much. */
export function useCancelPreview(eventId: string) {
  return useQuery({
    queryKey: [...eventKeys.detail(eventId), "cancel-preview"],
    queryFn: ({ signal }) => api<CancelEventPreview>(`/api/events/${encodeURIComponent(eventId)}/cancel-preview`, { signal }),
    // Asked afresh each time the dialog opens: a join a minute ago changes the figures.
    staleTime: 0,
  });
}
