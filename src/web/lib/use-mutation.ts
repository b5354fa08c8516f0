// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the hook this file stands in for
import { useMutation as useTanStackMutation } from "@tanstack/react-query";

/**
 * TanStack Query's `useMutation`, except where the server renders a page (entry-server.tsx): nothing
 * can be tapped there, so no change ever starts, and every mutation is what the hook answers before
 * one has: idle. That answer is made once, not by an observer per hook that merges its options and
 * builds and copies its result (a tenth of a game page's render; docs/server-rendering.md, "What a
 * render costs"). use-mutation.test.tsx checks it against the hook's own first answer.
 */
export const useMutation: typeof useTanStackMutation = typeof document === "undefined" ? (useMutationOnServer as typeof useTanStackMutation) : useTanStackMutation;

function useMutationOnServer(): typeof IDLE {
  return IDLE;
}

const notOnTheServer = () => {
  throw new Error("no change is made while a page is rendered on the server");
};

/** TanStack's idle state (its getDefaultState) and flags, as `useMutation` first answers. */
export const IDLE = Object.freeze({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: "idle",
  variables: undefined,
  submittedAt: 0,
  isPending: false,
  isSuccess: false,
  isError: false,
  isIdle: true,
  mutate: notOnTheServer,
  reset: notOnTheServer,
  mutateAsync: notOnTheServer,
});
