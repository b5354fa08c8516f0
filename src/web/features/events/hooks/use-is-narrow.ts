import { useSyncExternalStore } from "react";

/** SPEC §9: the mobile layout applies at 640px or less. */
const NARROW_QUERY = "(max-width: 640px)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(NARROW_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
}
