import { hashKey, QueryClient, type QueryClientConfig, type QueryObserverOptions, skipToken } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { QuickDefaultsClient, quickHashKey } from "./quick-defaults-client.ts";

const retry = () => false;
const queryFn = () => Promise.resolve(1);
const mutationFn = () => Promise.resolve(2);
const persister = () => Promise.resolve(3);
const config: QueryClientConfig = {
  defaultOptions: { queries: { networkMode: "offlineFirst", refetchOnWindowFocus: true, retry }, mutations: { networkMode: "always" } },
};

/** Both clients set up alike, with defaults for some keys, as setQueryDefaults would give them. */
function clients(base: QueryClientConfig = config): [QueryClient, QueryClient] {
  const made: [QueryClient, QueryClient] = [new QueryClient(base), new QuickDefaultsClient(base)];
  for (const client of made) {
    client.setQueryDefaults(["events"], { staleTime: 5000 });
    client.setQueryDefaults(["events", "detail"], { gcTime: 1000 });
    client.setMutationDefaults(["join"], { retry: 2 });
  }
  return made;
}

const queries: QueryObserverOptions<number>[] = [
  { queryKey: ["config"], queryFn, staleTime: Infinity },
  { queryKey: ["events", "detail", "6d22b858"], queryFn },
  { queryKey: ["events", "upcoming"], queryFn, staleTime: 0, networkMode: "always" },
  { queryKey: ["me"], queryFn, refetchOnReconnect: false, throwOnError: true },
  { queryKey: ["teams", 4, true], queryFn, suspense: true },
  { queryKey: ["account", { b: 1, a: [2, { d: 3, c: 4 }] }], queryFn },
  { queryKey: ["hashed"], queryFn, queryHash: "given" },
  { queryKey: ["own hash"], queryFn, queryKeyHashFn: (key: readonly unknown[]) => `own:${key.length}` },
  { queryKey: ["skipped"], queryFn: skipToken },
  { queryKey: ["persisted"], queryFn, persister, networkMode: undefined },
  { queryKey: ["with", undefined, null], queryFn },
];

describe("QuickDefaultsClient", () => {
  it("merges a query's options exactly as TanStack Query's own client does", () => {
    for (const base of [config, {}]) {
      const [theirs, ours] = clients(base);
      for (const options of queries) expect(ours.defaultQueryOptions(options)).toStrictEqual(theirs.defaultQueryOptions(options));
    }
  });

  it("keeps the merged keys in the same order", () => {
    const [theirs, ours] = clients();
    for (const options of queries) expect(Object.keys(ours.defaultQueryOptions(options))).toEqual(Object.keys(theirs.defaultQueryOptions(options)));
  });

  it("returns options it has already merged as they are", () => {
    const [, ours] = clients();
    const merged = ours.defaultQueryOptions(queries[0]!);
    expect(ours.defaultQueryOptions(merged)).toBe(merged);
    const mutation = ours.defaultMutationOptions({ mutationFn });
    expect(ours.defaultMutationOptions(mutation)).toBe(mutation);
  });

  it("merges a mutation's options exactly as TanStack Query's own client does", () => {
    for (const base of [config, {}]) {
      const [theirs, ours] = clients(base);
      for (const options of [undefined, { mutationFn }, { mutationKey: ["join"], mutationFn }, { mutationKey: ["other"], mutationFn, networkMode: "online" as const }]) {
        expect(ours.defaultMutationOptions(options)).toStrictEqual(theirs.defaultMutationOptions(options));
      }
    }
  });

  it("is the client the app makes, which finds the same queries by the same hashes", async () => {
    const client = createQueryClient();
    expect(client).toBeInstanceOf(QuickDefaultsClient);
    await client.fetchQuery({ queryKey: ["events", "detail", "x"], queryFn: () => Promise.resolve("game") });
    expect(client.getQueryData(["events", "detail", "x"])).toBe("game");
    expect(client.getQueryCache().findAll({ queryKey: ["events"] })[0]?.queryHash).toBe(hashKey(["events", "detail", "x"]));
  });
});

describe("quickHashKey", () => {
  it("writes what TanStack's hashKey writes", () => {
    const keys = [[], ["me"], ["events", "detail", "6d22b858-753a"], ["page", 3, true, false], ["x", -0, 1.5, Number.NaN], ["a", { z: 1, a: 2 }], ["a", ["b", { y: 1, x: 2 }]], ["u", undefined, null], ['quote"d', "é\u2028"]];
    for (const key of keys) expect(quickHashKey(key)).toBe(hashKey(key));
  });
});
