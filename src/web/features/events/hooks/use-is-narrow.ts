import { useSyncExternalStore } from "react";

/** The mobile layout applies at 640px or less (docs/product-rules.md, "Constants"). */
const NARROW_QUERY = "(max-width: 640px)";

let media: MediaQueryList | undefined;
const narrowMedia = () => (media ??= window.matchMedia(NARROW_QUERY));

function subscribe(onChange: () => void) {
  narrowMedia().addEventListener("change", onChange);
  return () => narrowMedia().removeEventListener("change", onChange);
}

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => narrowMedia().matches);
}
