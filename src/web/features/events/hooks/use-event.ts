import { useQuery } from "@tanstack/react-query";
import type { EventDetail } from "../../../../shared/events.ts";
import { api } from "../../../lib/api.ts";
import { eventKeys } from "./query-keys.ts";

/** GET /api/events/:id */
export async function fetchEvent(id: string, signal?: AbortSignal) {
  return (await api<{ event: EventDetail }>(`/api/events/${encodeURIComponent(id)}`, { signal })).event;
}

export function useEvent(id: string) {
  // The client's default retry leaves a 404 alone, so 'Event not found.' shows at once.
  return useQuery({ queryKey: eventKeys.detail(id), queryFn: ({ signal }) => fetchEvent(id, signal) });
}
