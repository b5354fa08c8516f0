import type { QueryClient } from "@tanstack/react-query";
import type { UpcomingEventsResponse } from "#shared/events.ts";
import { LIVE_GAME_EVENT, LIVE_RESET_EVENT, type LiveGameChange } from "#shared/live.ts";
import type { MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";
import { openLiveStream } from "./live-stream.ts";

/**
 * Follows the home stream (docs/live-updates.md): each message is one changed game's card and the
 * viewer's places in it. Each time the stream opens (the first time and after a drop) the list is
 * read again, as changes may have fallen in between. Returns what stops it. Loaded after the first
 * screen by `useLiveHome` (its own chunk: the home page's first script has a budget).
 */
export function followHome(queryClient: QueryClient): () => void {
  const source = openLiveStream("/api/events/stream");
  if (!source) return () => undefined;
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
}

/**
 * The home list with one game's card replaced by its live one. A game cancelled or over leaves the
 * list (the server's list holds neither); `unknown` is true for a coming game the list does not have
 * yet (just created): the list is then read again, to get it in its place.
 */
export function applyGameToUpcoming(
  list: UpcomingEventsResponse | undefined,
  change: LiveGameChange,
  now: number = Date.now(),
): { list: UpcomingEventsResponse | undefined; unknown: boolean } {
  if (!list) return { list, unknown: false };
  const { event } = change;
  const listed = event.status === "active" && Date.parse(event.endsAt) >= now;
  const index = list.events.findIndex((candidate) => candidate.id === event.id);
  if (index === -1) return { list, unknown: listed };
  const events = listed ? list.events.map((candidate, at) => (at === index ? event : candidate)) : list.events.filter((_, at) => at !== index);
  return { list: { ...list, events }, unknown: false };
}

/** The viewer's places with those in the changed game replaced by the live ones. */
export function applyGameToMine(mine: MyActiveRegistrationsResponse | undefined, change: LiveGameChange): MyActiveRegistrationsResponse | undefined {
  if (!mine) return mine;
  const others = mine.registrations.filter((registration) => registration.eventId !== change.event.id);
  // Being a regular does not move with one game's lists: kept as the viewer's own request said it.
  return { ...mine, registrations: [...others, ...change.mine] };
}

