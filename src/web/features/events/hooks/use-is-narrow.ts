import { useSyncExternalStore } from "react";
import { afterServerRender, serverRender } from "#web/lib/server-render.ts";

/** The mobile layout applies at 640px or less (docs/product-rules.md, "Constants"). */
const NARROW_QUERY = "(max-width: 640px)";

let media: MediaQueryList | undefined;
const narrowMedia = () => (media ??= window.matchMedia(NARROW_QUERY));

/** A change of width, and the end of the hydration, when the screen's own width takes over. */
function subscribe(onChange: () => void) {
  narrowMedia().addEventListener("change", onChange);
  const cancel = afterServerRender(onChange);
  return () => {
    cancel();
    narrowMedia().removeEventListener("change", onChange);
  };
}

/**
 * While a page the server rendered is made or hydrated: the width it was rendered for, until the
 * whole page is hydrated (docs/server-rendering.md; its parts hydrate in turns, and one still
 * waiting must render as the server did).
 */
const renderedNarrow = () => serverRender()?.device.narrow ?? narrowMedia().matches;

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, renderedNarrow, renderedNarrow);
}
