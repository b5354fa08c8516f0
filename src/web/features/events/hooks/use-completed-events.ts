import { keepPreviousData } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import type { CompletedEventsResponse } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "./query-keys.ts";

/** GET /api/events?scope=completed&page=N (5 a page, newest first; pages count from 1). */
export function fetchCompletedEvents(page: number, signal?: AbortSignal) {
  return api<CompletedEventsResponse>(`/api/events?scope=completed&page=${page}`, { signal });
}

export function useCompletedEvents(page: number) {
  return useQuery({
    queryKey: eventKeys.completed(page),
    queryFn: ({ signal }) => fetchCompletedEvents(page, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
