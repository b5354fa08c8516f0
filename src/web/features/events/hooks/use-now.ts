import { useEffect, useState } from "react";
import { serverRender } from "#web/lib/server-render.ts";

/** The current time, refreshed every `intervalMs`, so "Today" and "completed" move on with the clock. */
export function useNow(intervalMs = 60_000): Date {
  // Hydrating a page the server rendered, its time first, so the texts match (docs/server-rendering.md).
  const [rendered] = useState(() => serverRender()?.now);
  const [now, setNow] = useState(() => new Date(rendered ?? Date.now()));
  useEffect(() => {
    if (rendered !== undefined) setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, rendered]);
  return now;
}
