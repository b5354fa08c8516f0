import { useQuery } from "#web/lib/use-query.ts";
import type { UpcomingEventsResponse } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { EARLY_ANSWER_FRESH_MS, eventKeys } from "./query-keys.ts";

/** GET /api/events?scope=upcoming */
export function fetchUpcomingEvents(signal?: AbortSignal) {
  return api<UpcomingEventsResponse>("/api/events?scope=upcoming", { signal });
}

export function useUpcomingEvents() {
  return useQuery({ queryKey: eventKeys.upcoming(), queryFn: ({ signal }) => fetchUpcomingEvents(signal), staleTime: EARLY_ANSWER_FRESH_MS });
}
