import { useEffect, useState } from "react";
import { afterServerRender, serverRender } from "#web/lib/server-render.ts";

/** The current time, refreshed every `intervalMs`, so "Today" and "completed" move on with the clock. */
export function useNow(intervalMs = 60_000): Date {
  // Hydrating a page the server rendered, its time first, so the texts match (docs/server-rendering.md).
  const [rendered] = useState(() => serverRender()?.now);
  const [now, setNow] = useState(() => new Date(rendered ?? Date.now()));
  useEffect(() => {
    // Once the whole page is hydrated: a part still waiting for its turn renders with the render's time.
    const cancel = rendered === undefined ? () => undefined : afterServerRender(() => setNow(new Date()));
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => {
      cancel();
      window.clearInterval(timer);
    };
  }, [intervalMs, rendered]);
  return now;
}
