/**
 * Says on the console that the browser's render of a page the server rendered differs from the
 * server's HTML, and where (docs/server-rendering.md, "Hydration in the browser"). React reported
 * this as its error #418; Preact (docs/decisions/050-preact-under-the-react-api.md) quietly writes its
 * own text over the server's. The end-to-end specs fail on any console error, so a mismatch fails
 * them as React's error did. Nothing is said when the two are the same.
 */
export function reportMismatch(server: string, browser: string): void {
  if (server !== browser) console.error(`hydration: the first render differs from the server's HTML: ${firstDifference(server, browser)}`);
}

/** Where two texts part, with a little of each around it. */
export function firstDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return `at character ${at}, the server's ${around(before)}, the browser's ${around(after)}`;
}
