import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { EventDetail } from "#shared/events.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";
import { afterServerRender } from "#web/lib/server-render.ts";
import { newerEvent } from "./apply-changes.ts";
import { openLiveStream } from "./live-stream.ts";

/**
 * Keeps one game's page current from its live stream: each message is the page as the viewer sees
 * it (their own place included), written into the query cache. Returns whether the stream is open,
 * so the page polls only while it is not (a stream that cannot connect, or has dropped and is
 * reconnecting; every reconnect begins with a fresh snapshot).
 */
export function useLiveEvent(id: string): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let source: EventSource | null = null;
    // Once a page the server rendered is wholly hydrated: the stream begins with the page as it is
    // now, and a newer one drawn while parts still wait for their turn is not the server's HTML
    // (lib/hydrate-later.tsx).
    const cancel = afterServerRender(() => {
      source = openLiveStream(`/api/events/${encodeURIComponent(id)}/stream`);
      if (!source) return;
      source.onopen = () => setOpen(true);
      source.onerror = () => {
        setOpen(false);
        // A refusal (404, 401, 429) is final for EventSource: polling carries on alone.
      };
      source.onmessage = (message: MessageEvent<string>) => {
        let next: EventDetail;
        try {
          next = JSON.parse(message.data) as EventDetail;
        } catch {
          return;
        }
        queryClient.setQueryData<EventDetail>(eventKeys.detail(id), (current) => newerEvent(current, next));
      };
    });
    return () => {
      cancel();
      source?.close();
      setOpen(false);
    };
  }, [id, queryClient]);
  return open;
}
