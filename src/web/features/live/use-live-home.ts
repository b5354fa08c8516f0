import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { afterServerRender } from "#web/lib/server-render.ts";

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
    // Once a page the server rendered is wholly hydrated: the stream's first act is to read the list
    // again, and a newer list drawn while cards still wait for their turn is not the server's HTML
    // (lib/hydrate-later.tsx; a game another player created meanwhile was reported as a mismatch).
    const cancel = afterServerRender(() => {
      import("./follow-home.ts")
        .then(({ followHome }) => {
          if (!stopped) stop = followHome(queryClient);
        })
        .catch(() => undefined);
    });
    return () => {
      stopped = true;
      cancel();
      stop?.();
    };
  }, [queryClient]);
}
