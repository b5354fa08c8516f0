import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "#shared/public-config.ts";
import { DEFAULT_CURRENCY } from "#shared/money.ts";
import { api } from "./api.ts";

/** The public settings: also read by the server's render (entry-server.tsx). */
export const configQuery = { queryKey: ["config"], queryFn: () => api<PublicConfig>("/api/config"), staleTime: Infinity };

export function useConfig() {
  return useQuery(configQuery);
}

/**
 * The currency every amount is in (CURRENCY on the server). The settings are asked for as the page
 * loads (index.html), so they are there before any price is; until then, the default currency.
 */
export function useCurrency(): string {
  return useConfig().data?.payments.currency ?? DEFAULT_CURRENCY;
}
