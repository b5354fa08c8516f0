import { useQuery } from "#web/lib/use-query.ts";
import { fetchAnalytics } from "#web/features/console/api.ts";
import type { DayRange } from "#web/features/console/period.ts";
import { consoleKeys } from "./query-keys.ts";

/** GET /api/admin/analytics for the console's period; `null` asks for nothing. */
export function useAnalytics(period: DayRange | null) {
  return useQuery({
    queryKey: period ? consoleKeys.analytics(period) : [...consoleKeys.all, "analytics", "none"],
    queryFn: ({ signal }) => fetchAnalytics(period!, signal),
    enabled: period !== null,
  });
}
