import { useQuery } from "#web/lib/use-query.ts";
import { fetchAttention } from "#web/features/console/api.ts";
import { consoleKeys } from "./query-keys.ts";

/** GET /api/admin/attention */
export function useAttention() {
  return useQuery({ queryKey: consoleKeys.attention(), queryFn: ({ signal }) => fetchAttention(signal) });
}
