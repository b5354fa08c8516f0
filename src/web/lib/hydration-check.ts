/**
 * Hydrates a page the server rendered and says so on the console when the browser's first render
 * did not match the server's HTML (docs/server-rendering.md, "Hydration in the browser"). React
 * reported that as its error #418; Preact (docs/decisions/050-preact-under-the-react-api.md) quietly
 * writes its own text over the server's or makes new elements, so the root's HTML is compared before
 * and after. Hydration itself changes no HTML: it only attaches handlers. The end-to-end specs fail on
 * any console error, so a mismatch fails them as React's error did; in the field it is a line in the
 * console, as it was.
 */
export function hydrateChecked(root: HTMLElement, hydrate: () => void): void {
  const before = root.innerHTML;
  hydrate();
  const after = root.innerHTML;
  if (after !== before) console.error(`hydration: the first render differs from the server's HTML: ${firstDifference(before, after)}`);
}

/** Where two texts part, with a little of each around it. */
export function firstDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return `at character ${at}, the server's ${around(before)}, the browser's ${around(after)}`;
}
