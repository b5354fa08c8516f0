import { useEffect, useState } from "react";
import { viewerTimeZone } from "#web/features/events/format.ts";
import { afterServerRender, serverRender } from "#web/lib/server-render.ts";

/**
 * The current time, refreshed every `intervalMs`, so "Today" and "completed" move on with the clock:
 * never more than `intervalMs` behind it.
 */
export function useNow(intervalMs = 60_000): Date {
  // Hydrating a page the server rendered, its time first, so the texts match (docs/server-rendering.md).
  const [rendered] = useState(() => serverRender()?.now);
  const [renderedZone] = useState(() => serverRender()?.device.timeZone);
  const [now, setNow] = useState(() => new Date(rendered ?? Date.now()));
  useEffect(() => {
    let first: number | undefined;
    // Once the whole page is hydrated (a part still waiting for its turn renders with the render's
    // time), the render's time is kept until it is `intervalMs` old, as any time shown here is: moved
    // at once, it drew the whole screen again in the last task of the page's load, the longest on a
    // phone (home: every card), for a clock a few seconds on. At once if this device's zone is not
    // the one the page was rendered in: its times are drawn again in the device's.
    const cancel =
      rendered === undefined
        ? () => undefined
        : afterServerRender(() => {
            const wait = viewerTimeZone() === renderedZone ? rendered + intervalMs - Date.now() : 0;
            first = window.setTimeout(() => setNow(new Date()), Math.max(0, wait));
          });
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => {
      cancel();
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [intervalMs, rendered, renderedZone]);
  return now;
}
