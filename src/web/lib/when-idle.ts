/**
 * Runs `task` once the browser is idle, and at the latest `timeoutMs` later: for work nobody waits
 * for, kept out of a page's first busy second (its hydration, its first requests), where each piece
 * adds to a task a phone counts as blocking (docs/server-rendering.md, "Hydration in the browser").
 * Returns what cancels it. Where the browser has no idle callbacks, the task runs in a task of its own.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
