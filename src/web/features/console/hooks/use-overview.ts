import { useQuery } from "#web/lib/use-query.ts";
import { fetchOverview, type PeriodParams } from "#web/features/console/api.ts";
import { consoleKeys } from "./query-keys.ts";

/** GET /api/admin/overview for a period; `null` asks for nothing (a custom range that is not valid yet). */
export function useOverview(period: PeriodParams | null) {
  return useQuery({
    queryKey: period ? consoleKeys.overview(period) : [...consoleKeys.all, "overview", "none"],
    queryFn: ({ signal }) => fetchOverview(period!, signal),
    enabled: period !== null,
  });
}
