/**
 * The address a visit opened before the page moved elsewhere without a render of it: a signed-out
 * game link answered with the login screen at "/" (main.tsx). The first screen's view counts it first
 * (analytics.ts), so the game counts as opened, as it did when the shell redirected.
 */
let openedBeforeMove: string | null = null;

export function rememberOpenedPath(path: string): void {
  openedBeforeMove = path;
}

/** Once: the path opened before the move, or null. */
export function takeOpenedPath(): string | null {
  const path = openedBeforeMove;
  openedBeforeMove = null;
  return path;
}
