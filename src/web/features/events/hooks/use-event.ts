import { useQuery } from "@tanstack/react-query";
import type { EventDetail } from "../../../../shared/events.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { eventKeys } from "./query-keys.ts";

/** GET /api/events/:id */
export async function fetchEvent(id: string, signal?: AbortSignal) {
  return (await api<{ event: EventDetail }>(`/api/events/${encodeURIComponent(id)}`, { signal })).event;
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => fetchEvent(id, signal),
    // A missing event stays missing; retrying a 404 only delays 'Event not found.'.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}
