import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Keeps the home list's spot counts and the viewer's badges current from the home stream
 * (`follow-home.ts`). Its code is fetched once the screen is up, not in the home page's first script:
 * until then the list is as fresh as its answer. Should the code not arrive (offline), the list keeps
 * its usual refresh.
 */
export function useLiveHome(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    import("./follow-home.ts")
      .then(({ followHome }) => {
        if (!stopped) stop = followHome(queryClient);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient]);
}
