import { useQuery } from "#web/lib/use-query.ts";
import type { EventSummary } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";

/** The query of a game's preview: also read by the server's render of a shared link (entry-server.tsx). */
export const eventPreviewQuery = (id: string | null) => ({
  queryKey: ["events", "preview", id] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) => (await api<{ event: EventSummary }>(`/api/events/${encodeURIComponent(id!)}/preview`, { signal })).event,
});

/** GET /api/events/:id/preview: a game's public facts, for anyone holding its link (no sign-in). */
export function useEventPreview(id: string | null) {
  return useQuery({
    ...eventPreviewQuery(id),
    enabled: id !== null,
    // A link that names no game (404) is not asked again: the login screen simply goes without it.
    retry: false,
  });
}
