import { MutationCache, QueryCache, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { meQueryKey } from "./auth.tsx";
import { QuickDefaultsClient } from "./quick-defaults-client.ts";

/**
 * The app's query client. A 401 from any call means the server has ended the session (idle limit,
 * sign-out elsewhere, deleted account): asking again who is signed in sends the routing to the
 * login screen, which remembers an event page to come back to, instead of leaving an error on it.
 */
export function createQueryClient(): QueryClient {
  const signedOutByServer = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  const queryClient: QueryClient = new QuickDefaultsClient({
    queryCache: new QueryCache({ onError: signedOutByServer }),
    mutationCache: new MutationCache({ onError: signedOutByServer }),
    defaultOptions: {
      // Never held back to run later (a payment must never fire by surprise): without a connection a
      // change fails at once and says so (api.ts).
      mutations: { networkMode: "always" },
      queries: {
        // Offline, a query still asks: the service worker answers with what was last seen (sw.js).
        networkMode: "offlineFirst",
        refetchOnWindowFocus: true,
        // Once, for a dropped connection or a server error; asking again will not change a 4xx
        // (a missing event stays missing, a retry cannot bring a session back).
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}
