import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../server/public-config.ts";
import { DEFAULT_CURRENCY } from "../../shared/money.ts";
import { api } from "./api.ts";

export function useConfig() {
  return useQuery({ queryKey: ["config"], queryFn: () => api<PublicConfig>("/api/config"), staleTime: Infinity });
}

/**
 * The currency every amount is in (CURRENCY on the server). The settings are asked for as the page
 * loads (index.html), so they are there before any price is; until then, the default currency.
 */
export function useCurrency(): string {
  return useConfig().data?.payments.currency ?? DEFAULT_CURRENCY;
}
