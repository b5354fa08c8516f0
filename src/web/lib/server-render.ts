import type { Language } from "#shared/language.ts";
import type { ViewerDevice } from "#shared/viewer-device.ts";

/**
 * A page the server rendered (docs/server-rendering.md): what it rendered with, embedded once in the
 * page as JSON, so that the browser hydrates the same tree without asking for anything again.
 */
export interface ServerRender {
  /** The screen rendered in the shell: its code must be here before hydrating. */
  screen: "home" | "event" | "login";
  language: Language;
  device: ViewerDevice;
  /** When it was rendered (ms): the screens' clock for the hydrating render. */
  now: number;
  /**
   * The answers it rendered with, as the query cache holds them: put back with setQueryData. (TanStack's
   * own dehydrate/hydrate carry more than the page needs, and their code would take the entry over
   * its budget.)
   */
  queries: { key: readonly unknown[]; data: unknown; updatedAt: number }[];
  /** The page's title, as the screen names it (useDocumentTitle), set while the server renders. */
  title?: string;
  /**
   * The address the screen was rendered for, when the browser must move there before hydrating: a
   * signed-out visitor's game link shows the login screen at "/" (guards.ts), with that game above it.
   */
  location?: string;
  /** The game whose link a signed-out visitor opened, shown above the login form (SharedEventPreview). */
  sharedEventId?: string;
  /**
   * The device was not known (a first visit carries no device cookie): the render used the game's
   * zone, and names it wherever it shows a time.
   */
  deviceGuessed?: boolean;
  /** The zones' names the render showed, by zone, language and day (rendered-zone-name.ts). */
  zoneNames?: Record<string, string>;
}

/** The element holding it: a data block, which the Content Security Policy lets through as it runs nothing. */
export const SERVER_RENDER_ELEMENT_ID = "server-render";

let rendering: (() => ServerRender | undefined) | undefined;

/**
 * Where the render being made (server) or hydrated (browser) is found; cleared in the browser once
 * hydrated, after which the screens read the device and the clock themselves.
 */
export function setServerRender(find: (() => ServerRender | undefined) | undefined): void {
  rendering = find;
  if (find) return;
  for (const listener of [...whenCleared]) listener();
  whenCleared.clear();
}

const whenCleared = new Set<() => void>();

/**
 * Calls `done` once the render's device and clock are no longer in force: at once when none is, else
 * when the page is wholly hydrated. A hook that moves from the render's values to the browser's own
 * waits for this: a part of the page still waiting for its turn (lib/hydrate-later.tsx) must render
 * as the server did. Returns a function that cancels the call.
 */
export function afterServerRender(done: () => void): () => void {
  if (!serverRender()) {
    done();
    return () => undefined;
  }
  whenCleared.add(done);
  return () => whenCleared.delete(done);
}

export function serverRender(): ServerRender | undefined {
  return rendering?.();
}
