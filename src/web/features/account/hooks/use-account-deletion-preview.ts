import { useQuery } from "#web/lib/use-query.ts";
import type { AccountDeletionPreview } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";

/** GET /api/me/account-deletion: each game held and what deleting the account refunds (the server's rule). */
export function fetchAccountDeletionPreview(signal?: AbortSignal) {
  return api<AccountDeletionPreview>("/api/me/account-deletion", { signal });
}

/** Asked each time the confirmation opens: spots and the 24-hour window change with time. */
export function useAccountDeletionPreview() {
  return useQuery({ queryKey: ["account", "deletion-preview"], queryFn: ({ signal }) => fetchAccountDeletionPreview(signal), staleTime: 0, gcTime: 0 });
}
