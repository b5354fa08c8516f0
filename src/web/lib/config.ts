import { type QueryClient, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useQuery } from "./use-query.ts";
import type { PublicConfig } from "#shared/public-config.ts";
import { DEFAULT_CURRENCY } from "#shared/money.ts";
import { api } from "./api.ts";

/** The public settings: also read by the server's render (entry-server.tsx). */
export const configQuery = { queryKey: ["config"], queryFn: () => api<PublicConfig>("/api/config"), staleTime: Infinity };

function useConfigInBrowser(): UseQueryResult<PublicConfig> {
  return useQuery(configQuery);
}

/**
 * On the server (entry-server.tsx) the settings are in the render's cache before it starts and
 * cannot change during it: the answer is read there, without a query observer for each of the forty
 * components that ask, which was a sixth of the event page's render (docs/server-rendering.md).
 */
function useConfigOnServer(): UseQueryResult<PublicConfig> {
  const client = useQueryClient();
  let result = configOnServer.get(client);
  if (!result) {
    const data = client.getQueryData<PublicConfig>(configQuery.queryKey);
    result = {
      data,
      error: null,
      status: data ? "success" : "pending",
      isSuccess: Boolean(data),
      isPending: !data,
      isError: false,
      refetch: () => Promise.reject(new Error("no refetch while rendering on the server")),
    } as unknown as UseQueryResult<PublicConfig>;
    if (data) configOnServer.set(client, result);
  }
  return result;
}
/**
 * Each render has its own client, and the settings are in it before the render starts: read once,
 * not once for each component that asks (docs/server-rendering.md, "What a render costs").
 */
const configOnServer = new WeakMap<QueryClient, UseQueryResult<PublicConfig>>();

export const useConfig = typeof document === "undefined" ? useConfigOnServer : useConfigInBrowser;

/**
 * The currency every amount is in (CURRENCY on the server). The settings are asked for as the page
 * loads (index.html), so they are there before any price is; until then, the default currency.
 */
export function useCurrency(): string {
  return useConfig().data?.payments.currency ?? DEFAULT_CURRENCY;
}
