import {
  type DefaultedQueryObserverOptions,
  onlineManager,
  type Query,
  shouldThrowError,
  useQueryClient,
} from "@tanstack/react-query";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the hook this file stands in for
import { useQuery as useTanStackQuery } from "@tanstack/react-query";

/**
 * TanStack Query's `useQuery`, except where the server renders a page (entry-server.tsx): there each
 * component renders once, nothing subscribes and nothing is fetched, so the answer is the one the
 * hook gives on a first render, worked out from the query in the cache as TanStack's observer works
 * it out (QueryObserver's createResult, for a new observer, before it is mounted). TanStack makes an
 * observer per hook that merges its options, builds that answer twice and compares the two, and hands
 * it out behind a Proxy that records each property read: about a tenth of a game page's render
 * (docs/server-rendering.md, "What a render costs"). The options this app never passes on a page the
 * server renders (a placeholder, suspense) are left to TanStack's own hook. use-query.test.tsx checks
 * the answer against the hook's for each state a query can be in and each option that changes it.
 */
export const useQuery: typeof useTanStackQuery = typeof document === "undefined" ? (useQueryOnServer as typeof useTanStackQuery) : useTanStackQuery;

type Options = Parameters<typeof useTanStackQuery>[0];
type Defaulted = DefaultedQueryObserverOptions<unknown, Error, unknown, unknown, readonly unknown[]>;
type AnyQuery = Query<unknown, Error, unknown, readonly unknown[]>;
type Answer = ReturnType<typeof useTanStackQuery>;

function useQueryOnServer(options: Options): Answer {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options) as Defaulted;
  // Options no screen the server renders has: TanStack's hook itself, as in the browser. On the
  // server a component renders once, so the hooks it calls cannot change order between renders.
  if (defaulted.placeholderData !== undefined || defaulted.suspense || options.subscribed === false) return useTanStackQuery(options);
  // The query as useBaseQuery finds it before building one: a new query is never thrown as an error.
  const existing = client.getQueryCache().get(defaulted.queryHash) as AnyQuery | undefined;
  // useBaseQuery's ensurePreventErrorBoundaryRetry: a failure an error boundary is shown is not retried on mount.
  const toBoundary =
    existing?.state.status === "error" && typeof defaulted.throwOnError === "function"
      ? shouldThrowError(defaulted.throwOnError, [existing.state.error as Error, existing])
      : defaulted.throwOnError;
  const query = client.getQueryCache().build(client, defaulted) as AnyQuery;
  const result = firstResult(query, defaulted, toBoundary ? false : defaulted.retryOnMount);
  // useBaseQuery's getHasError, where no error boundary has been reset (nothing is, on the server).
  if (existing && result.isError && !result.isFetching && shouldThrowError(defaulted.throwOnError, [result.error as Error, query])) throw result.error;
  return result;
}

/** QueryObserver's createResult for a new observer of `query`, not mounted, with optimistic results. */
function firstResult(query: AnyQuery, options: Defaulted, retryOnMount: Defaulted["retryOnMount"]): Answer {
  const { state } = query;
  const fetchOnMount = loadsOnMount(query, options, retryOnMount) || (state.data !== undefined && fetchesOn(query, options, options.refetchOnMount));
  // TanStack's fetchState: a fetch on mount is shown as started (or paused, for an offline query that waits for the network).
  const fetchStatus = fetchOnMount ? (options.networkMode === "online" || options.networkMode === undefined ? (onlineManager.isOnline() ? "fetching" : "paused") : "fetching") : state.fetchStatus;
  const loading = fetchOnMount && state.data === undefined;
  let status = loading ? "pending" : state.status;
  let error = loading ? null : state.error;
  let errorUpdatedAt = state.errorUpdatedAt;
  let data = state.data;
  if (options.select && data !== undefined) {
    try {
      data = options.select(data);
      // TanStack's replaceData against no earlier answer: the option's own sharing, else the data as it is.
      if (typeof options.structuralSharing === "function") data = options.structuralSharing(undefined, data);
    } catch (selectError) {
      data = undefined;
      error = selectError as Error;
      errorUpdatedAt = Date.now();
      status = "error";
    }
  }
  const isFetching = fetchStatus === "fetching";
  const isPending = status === "pending";
  const isError = status === "error";
  const hasData = data !== undefined;
  return {
    status,
    fetchStatus,
    isPending,
    isSuccess: status === "success",
    isError,
    isInitialLoading: isPending && isFetching,
    isLoading: isPending && isFetching,
    data,
    dataUpdatedAt: state.dataUpdatedAt,
    error,
    errorUpdatedAt,
    failureCount: fetchOnMount ? 0 : state.fetchFailureCount,
    failureReason: fetchOnMount ? null : state.fetchFailureReason,
    errorUpdateCount: state.errorUpdateCount,
    isFetched: query.isFetched(),
    // A new observer: nothing has changed since it first saw the query.
    isFetchedAfterMount: false,
    isFetching,
    isRefetching: isFetching && !isPending,
    isLoadingError: isError && !hasData,
    isPaused: fetchStatus === "paused",
    isPlaceholderData: false,
    isRefetchError: isError && hasData,
    isStale: stale(query, options),
    refetch: notOnTheServer,
    isEnabled: valueOf(options.enabled, query) !== false,
  } as Answer;
}

/** TanStack's shouldLoadOnMount. */
function loadsOnMount(query: AnyQuery, options: Defaulted, retryOnMount: Defaulted["retryOnMount"]): boolean {
  return valueOf(options.enabled, query) !== false && query.state.data === undefined && !(query.state.status === "error" && valueOf(retryOnMount, query) === false);
}

/** TanStack's shouldFetchOn, for refetchOnMount. */
function fetchesOn(query: AnyQuery, options: Defaulted, field: Defaulted["refetchOnMount"]): boolean {
  if (valueOf(options.enabled, query) === false || valueOf(options.staleTime, query) === "static") return false;
  const value = valueOf(field, query);
  return value === "always" || (value !== false && stale(query, options));
}

/** TanStack's isStale, for an observer. */
function stale(query: AnyQuery, options: Defaulted): boolean {
  return valueOf(options.enabled, query) !== false && query.isStaleByTime(valueOf(options.staleTime, query));
}

/** TanStack's resolveQueryValue: an option given as a value, or as a function of the query. */
function valueOf<T>(option: T | ((query: AnyQuery) => T), query: AnyQuery): T {
  return typeof option === "function" ? (option as (query: AnyQuery) => T)(query) : option;
}

function notOnTheServer(): never {
  throw new Error("no query is fetched while a page is rendered on the server");
}
