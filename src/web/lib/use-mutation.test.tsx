import { QueryClient, QueryClientProvider, useMutation as useTanStackMutation } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IDLE, useMutation } from "./use-mutation.ts";

/** What a hook answers on a component's first render, rendered the way the server renders a page. */
function firstAnswer(hook: typeof useTanStackMutation): Record<string, unknown> {
  let answer: Record<string, unknown> = {};
  function Probe() {
    answer = { ...hook({ mutationFn: (value: number) => Promise.resolve(value) }) };
    return null;
  }
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
  return answer;
}

const values = (answer: Record<string, unknown>) => Object.fromEntries(Object.entries(answer).filter(([, value]) => typeof value !== "function"));
const functions = (answer: Record<string, unknown>) => Object.keys(answer).filter((key) => typeof answer[key] === "function").sort();

describe("useMutation where the server renders", () => {
  it("answers what TanStack Query's hook answers before any change: the same state and flags, the same functions", () => {
    const theirs = firstAnswer(useTanStackMutation);
    expect(values(IDLE)).toStrictEqual(values(theirs));
    expect(functions(IDLE)).toEqual(functions(theirs));
    expect(firstAnswer(useMutation)).toStrictEqual({ ...IDLE });
  });

  it("refuses to start a change there", () => {
    expect(() => IDLE.mutate()).toThrow("no change is made while a page is rendered on the server");
  });
});
