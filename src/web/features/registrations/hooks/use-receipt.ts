import { useQuery } from "#web/lib/use-query.ts";
import type { Receipt } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";

/** GET /api/events/:id/registrations/me/receipt: the viewer's own spot in the game, 404 when none. */
export function fetchReceipt(eventId: string, signal?: AbortSignal) {
  return api<{ receipt: Receipt }>(`/api/events/${encodeURIComponent(eventId)}/registrations/me/receipt`, { signal }).then((body) => body.receipt);
}

/** Nothing is asked without a game: the page then says only what the original product said. */
export function useReceipt(eventId: string | null) {
  return useQuery({
    queryKey: ["registrations", "receipt", eventId],
    queryFn: ({ signal }) => fetchReceipt(eventId!, signal),
    enabled: Boolean(eventId),
    // A 404 (no spot held) will not change by asking again.
    retry: false,
  });
}
