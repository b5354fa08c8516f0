import { keepPreviousData, onlineManager, type QueryClient, type QueryState, useQuery as useTanStackQuery, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { useQuery } from "./use-query.ts";

type Options = Parameters<typeof useTanStackQuery>[0];

const KEY = ["events", "detail", "6d22b858"];
const queryFn = () => Promise.resolve({ title: "fetched" });
const MINUTE = 60_000;
/**
 * The clock both hooks read, held still: an answer given as initialData is dated when its query is
 * made, and the two renders, a millisecond apart, would date it differently.
 */
const NOW = Date.UTC(2026, 10, 29, 10, 0);
/** A query's state in the server's cache, as the render's reads or an earlier failure left it. */
type Seed = Partial<QueryState<unknown, Error>> | undefined;
const answered = (ageMs: number, data: unknown = { title: "Sunday game", spots: 3 }): Seed => ({
  data,
  dataUpdatedAt: NOW - ageMs,
  dataUpdateCount: 1,
  status: "success",
});
const failed: Seed = { error: new Error("Event not found."), errorUpdatedAt: NOW - 1000, errorUpdateCount: 1, fetchFailureCount: 1, status: "error" };

/** The app's client (its defaults), with the query's state as given. */
function clientWith(seed: Seed): QueryClient {
  const client = createQueryClient();
  if (seed) client.getQueryCache().build(client, { queryKey: KEY }).setState({ ...client.getQueryCache().find({ queryKey: KEY })!.state, ...seed });
  return client;
}

/** What a hook answers on a component's first render, rendered the way the server renders a page; or what it throws. */
function firstAnswer(hook: typeof useTanStackQuery, options: Options, seed: Seed): { answer?: Record<string, unknown>; thrown?: unknown } {
  let answer: Record<string, unknown> | undefined;
  function Probe() {
    answer = { ...hook(options) };
    return null;
  }
  try {
    renderToString(
      <QueryClientProvider client={clientWith(seed)}>
        <Probe />
      </QueryClientProvider>,
    );
  } catch (thrown) {
    return { thrown };
  }
  return { answer };
}

const values = (answer: Record<string, unknown> = {}) => Object.fromEntries(Object.entries(answer).filter(([, value]) => typeof value !== "function"));
const functions = (answer: Record<string, unknown> = {}) => Object.keys(answer).filter((key) => typeof answer[key] === "function").sort();

const CASES: [string, Options, Seed][] = [
  ["an answer still fresh", { queryKey: KEY, queryFn, staleTime: MINUTE }, answered(1000)],
  ["an answer gone stale (fetched again on mount)", { queryKey: KEY, queryFn, staleTime: MINUTE }, answered(10 * MINUTE)],
  ["an answer with no staleTime", { queryKey: KEY, queryFn }, answered(1000)],
  ["an answer never stale", { queryKey: KEY, queryFn, staleTime: "static", refetchOnMount: "always" }, answered(10 * MINUTE)],
  ["an answer refetched on every mount", { queryKey: KEY, queryFn, staleTime: MINUTE, refetchOnMount: "always" }, answered(1000)],
  ["a stale answer not refetched on mount", { queryKey: KEY, queryFn, refetchOnMount: false }, answered(10 * MINUTE)],
  ["refetchOnMount as a function", { queryKey: KEY, queryFn, refetchOnMount: (query) => query.state.dataUpdateCount > 5 }, answered(10 * MINUTE)],
  ["an answer invalidated", { queryKey: KEY, queryFn, staleTime: MINUTE }, { ...answered(1000), isInvalidated: true }],
  ["no answer yet (a query the render did not read)", { queryKey: KEY, queryFn }, undefined],
  ["no answer, the query disabled", { queryKey: KEY, queryFn, enabled: false }, undefined],
  ["an answer, the query disabled by a function", { queryKey: KEY, queryFn, enabled: () => false }, answered(10 * MINUTE)],
  ["an answer given as initialData", { queryKey: KEY, queryFn, initialData: { title: "given" }, staleTime: MINUTE }, undefined],
  ["a failure, retried on mount", { queryKey: KEY, queryFn }, failed],
  ["a failure, not retried on mount", { queryKey: KEY, queryFn, retryOnMount: false }, failed],
  ["a failure with an answer before it", { queryKey: KEY, queryFn, staleTime: MINUTE }, { ...failed, ...answered(1000), status: "error" }],
  ["a failure an error boundary is asked about and does not want", { queryKey: KEY, queryFn, throwOnError: (error) => (error as Error).message.startsWith("Payment") }, failed],
  ["a part of the answer (select)", { queryKey: KEY, queryFn, staleTime: MINUTE, select: (data) => (data as { spots: number }).spots }, answered(1000)],
  [
    "a part of the answer, shared as the option says",
    { queryKey: KEY, queryFn, staleTime: MINUTE, select: (data) => data, structuralSharing: (_old: unknown, next: unknown) => ({ ...(next as object), shared: true }) },
    answered(1000),
  ],
  ["a query that must reach the network", { queryKey: KEY, queryFn, networkMode: "online" }, undefined],
  ["a query that fetches offline too", { queryKey: KEY, queryFn, networkMode: "always" }, answered(10 * MINUTE)],
  ["a placeholder (TanStack's own hook)", { queryKey: KEY, queryFn, placeholderData: keepPreviousData }, undefined],
];

describe("useQuery where the server renders", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ["Date"] }));
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it("is not TanStack's hook there (these tests run as the server renders: no document)", () => {
    expect(typeof document).toBe("undefined");
    expect(useQuery).not.toBe(useTanStackQuery);
  });

  it.each(CASES)("answers what TanStack Query's hook answers on a first render: %s", (_label, options, seed) => {
    const theirs = firstAnswer(useTanStackQuery, options, seed);
    const ours = firstAnswer(useQuery, options, seed);
    expect(theirs.thrown).toBeUndefined();
    expect(ours.thrown).toBeUndefined();
    expect(values(ours.answer)).toStrictEqual(values(theirs.answer));
    expect(functions(ours.answer)).toEqual(functions(theirs.answer));
  });

  it("answers a paused fetch, as TanStack's hook does, for a query that must reach the network when the device is offline", () => {
    onlineManager.setOnline(false);
    const options: Options = { queryKey: KEY, queryFn, networkMode: "online" };
    const theirs = firstAnswer(useTanStackQuery, options, undefined);
    const ours = firstAnswer(useQuery, options, undefined);
    expect(values(theirs.answer)).toMatchObject({ fetchStatus: "paused", isPaused: true });
    expect(values(ours.answer)).toStrictEqual(values(theirs.answer));
  });

  it.each<[string, Options]>([
    ["always", { queryKey: KEY, queryFn, throwOnError: true }],
    ["as a function of the failure", { queryKey: KEY, queryFn, throwOnError: (error) => (error as Error).message.startsWith("Event") }],
  ])("throws a failure to the error boundary as TanStack's hook does (throwOnError %s; not retried on mount then)", (_label, options) => {
    const theirs = firstAnswer(useTanStackQuery, options, failed);
    const ours = firstAnswer(useQuery, options, failed);
    expect(theirs.thrown).toBe(failed!.error);
    expect(ours.thrown).toBe(failed!.error);
  });

  it("answers a select that throws with that error, as TanStack's hook does", () => {
    const fault = new Error("no spots in this answer");
    const options: Options = { queryKey: KEY, queryFn, staleTime: MINUTE, select: () => { throw fault; } };
    const seed = answered(1000);
    const theirs = values(firstAnswer(useTanStackQuery, options, seed).answer);
    const ours = values(firstAnswer(useQuery, options, seed).answer);
    // Both stamp the error with the time it was met: a clock's reading apart.
    expect(Math.abs((ours.errorUpdatedAt as number) - (theirs.errorUpdatedAt as number))).toBeLessThan(1000);
    expect({ ...ours, errorUpdatedAt: 0 }).toStrictEqual({ ...theirs, errorUpdatedAt: 0 });
    expect(ours).toMatchObject({ status: "error", error: fault, data: undefined });
  });

  it("refuses to fetch there", () => {
    const { answer } = firstAnswer(useQuery, { queryKey: KEY, queryFn, staleTime: MINUTE }, answered(1000));
    expect(() => (answer!.refetch as () => void)()).toThrow("no query is fetched while a page is rendered on the server");
  });
});
