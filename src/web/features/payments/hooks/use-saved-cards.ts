import { useQuery } from "#web/lib/use-query.ts";
import type { SavedCard } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";
import { paymentKeys } from "./query-keys.ts";

/** GET /api/me/payment-methods */
export async function fetchSavedCards(signal?: AbortSignal) {
  return (await api<{ paymentMethods: SavedCard[] }>("/api/me/payment-methods", { signal })).paymentMethods;
}

export function useSavedCards() {
  return useQuery({ queryKey: paymentKeys.savedCards(), queryFn: ({ signal }) => fetchSavedCards(signal) });
}
