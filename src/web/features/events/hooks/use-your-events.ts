import { useQuery } from "#web/lib/use-query.ts";
import type { YourEventsResponse } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "./query-keys.ts";

/** GET /api/me/events — already classified by the server (docs/product-rules.md, "Your Events"). */
export function fetchYourEvents(signal?: AbortSignal) {
  return api<YourEventsResponse>("/api/me/events", { signal });
}

export function useYourEvents() {
  return useQuery({ queryKey: eventKeys.mine(), queryFn: ({ signal }) => fetchYourEvents(signal) });
}
