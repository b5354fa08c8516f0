import { useQuery } from "#web/lib/use-query.ts";
import { fetchRoster } from "#web/features/console/api.ts";
import { consoleKeys } from "./query-keys.ts";

/** GET /api/admin/events/:id/roster */
export function useRoster(eventId: string) {
  return useQuery({ queryKey: consoleKeys.roster(eventId), queryFn: ({ signal }) => fetchRoster(eventId, signal) });
}
