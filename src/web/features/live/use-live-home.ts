import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { UpcomingEventsResponse } from "#shared/events.ts";
import { LIVE_GAME_EVENT, LIVE_RESET_EVENT, type LiveGameChange } from "#shared/live.ts";
import type { MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";
import { applyGameToMine, applyGameToUpcoming } from "./apply-changes.ts";
import { openLiveStream } from "./live-stream.ts";

/**
 * Keeps the home list's spot counts and the viewer's badges current from the home stream: each
 * message is one changed game's card and the viewer's places in it. Each time the stream opens (the
 * first time and after a drop) the list is read again, as changes may have fallen in between.
 */
export function useLiveHome(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = openLiveStream("/api/events/stream");
    if (!source) return;
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.upcoming() });
      void queryClient.invalidateQueries({ queryKey: eventKeys.myRegistrations() });
    };
    source.onopen = readAgain;
    source.addEventListener(LIVE_RESET_EVENT, readAgain);
    source.addEventListener(LIVE_GAME_EVENT, (message: MessageEvent<string>) => {
      let change: LiveGameChange;
      try {
        change = JSON.parse(message.data) as LiveGameChange;
      } catch {
        return;
      }
      let unknown = false;
      queryClient.setQueryData<UpcomingEventsResponse>(eventKeys.upcoming(), (list) => {
        const applied = applyGameToUpcoming(list, change);
        unknown = applied.unknown;
        return applied.list;
      });
      queryClient.setQueryData<MyActiveRegistrationsResponse>(eventKeys.myRegistrations(), (mine) => applyGameToMine(mine, change));
      if (unknown) void queryClient.invalidateQueries({ queryKey: eventKeys.upcoming() });
    });
    return () => source.close();
  }, [queryClient]);
}
