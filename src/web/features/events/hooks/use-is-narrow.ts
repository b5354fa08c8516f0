import { useSyncExternalStore } from "react";

/** SPEC §9: the mobile layout applies at 640px or less. */
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
