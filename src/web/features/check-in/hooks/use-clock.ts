import { useEffect, useState } from "react";

/**
 * The time, every `intervalMs`: the window opens and closes while the screen is open. Its own few
 * lines rather than events/hooks/use-now.ts: sharing that module with this chunk splits it out of
 * the one the home screen loads, and the first paint of / would grow for a screen only admins open.
 */
export function useClock(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
