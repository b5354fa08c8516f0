import { replaceEqualDeep } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import type { EventDetail } from "#shared/events.ts";
import { newerEvent } from "#web/features/live/apply-changes.ts";
import { fetchEvent } from "./fetch-event.ts";
import { EARLY_ANSWER_FRESH_MS, eventKeys } from "./query-keys.ts";

/** `refreshInterval`: how long until the event is asked for again, given what it is now (false: not). */
export function useEvent(id: string, options: { refreshInterval?: (event: EventDetail | undefined) => number | false } = {}) {
  const { refreshInterval } = options;
  // The client's default retry leaves a 404 alone, so 'Event not found.' shows at once.
  return useQuery({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => fetchEvent(id, signal),
    staleTime: EARLY_ANSWER_FRESH_MS,
    // Only while the tab is visible (refetchIntervalInBackground stays off); focus refreshes it anyway.
    refetchInterval: refreshInterval ? (query) => refreshInterval(query.state.data) : false,
    // A fetch sent before a change may land after the live stream brought it: the page never steps back.
    structuralSharing: (current, next) => replaceEqualDeep(current, newerEvent(current as EventDetail | undefined, next as EventDetail)),
  });
}
