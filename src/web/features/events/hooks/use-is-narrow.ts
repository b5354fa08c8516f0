import { useSyncExternalStore } from "react";
import { serverRender } from "#web/lib/server-render.ts";

/** The mobile layout applies at 640px or less (docs/product-rules.md, "Constants"). */
const NARROW_QUERY = "(max-width: 640px)";

let media: MediaQueryList | undefined;
const narrowMedia = () => (media ??= window.matchMedia(NARROW_QUERY));

function subscribe(onChange: () => void) {
  narrowMedia().addEventListener("change", onChange);
  return () => narrowMedia().removeEventListener("change", onChange);
}

/** While a page the server rendered is made or hydrated: the width it was rendered for (docs/server-rendering.md). */
const renderedNarrow = () => serverRender()?.device.narrow ?? narrowMedia().matches;

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => narrowMedia().matches, renderedNarrow);
}
