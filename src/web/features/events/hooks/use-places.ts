import { useQuery } from "#web/lib/use-query.ts";
import type { PlaceSuggestion } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";

export interface PlacesResponse {
  places: PlaceSuggestion[];
  /** Set when the configured geocoder failed; earlier venues may still be listed. */
  geocoderError?: string;
}

/** Searches start at this many characters. */
export const MIN_PLACE_QUERY = 2;

/** GET /api/places?q= (admins) */
export function fetchPlaces(query: string, signal?: AbortSignal) {
  return api<PlacesResponse>(`/api/places?q=${encodeURIComponent(query)}`, { signal });
}

/** Pass the debounced text; nothing is asked for below MIN_PLACE_QUERY characters. */
export function usePlaces(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ["places", q],
    queryFn: ({ signal }) => fetchPlaces(q, signal),
    enabled: q.length >= MIN_PLACE_QUERY,
    staleTime: 60_000,
    retry: false,
  });
}
