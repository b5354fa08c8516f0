import type { EventDetail, UpcomingEventsResponse } from "#shared/events.ts";
import type { LiveGameChange } from "#shared/live.ts";
import type { MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";

/**
 * The newer of two answers for one game's page: a stream message and a fetch can cross (a fetch
 * sent before a change may land after the change's message), and the page must not step back.
 */
export function newerEvent(current: EventDetail | undefined, next: EventDetail): EventDetail {
  if (current && current.id === next.id && current.version > next.version) return current;
  // The stream carries the shared page with the viewer's places; what is read for the viewer alone
  // (their standing with the regulars, their "Tell me when it opens") is kept from the last read.
  if (current && current.id === next.id) {
    const standing = current.regularsWindow?.viewerStanding;
    const keepReminder = next.openingReminder === undefined && current.openingReminder !== undefined;
    const keepStanding = next.regularsWindow !== undefined && standing !== undefined && next.regularsWindow.viewerStanding === undefined;
    if (!keepReminder && !keepStanding) return next;
    return {
      ...next,
      ...(next.openingReminder === undefined && current.openingReminder !== undefined && { openingReminder: current.openingReminder }),
      ...(next.regularsWindow && standing && !next.regularsWindow.viewerStanding && { regularsWindow: { ...next.regularsWindow, viewerStanding: standing } }),
    };
  }
  return next;
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

/** How often a page with an open stream still asks, in case the stream stalls unseen (a proxy holding it). */
export const LIVE_SAFETY_REFRESH_MS = 60_000;

/** The page's polling interval given whether its stream is open: the usual one without it, a slow one beside it. */
export function refreshBesideStream(interval: number | false, streamOpen: boolean): number | false {
  if (interval === false || !streamOpen) return interval;
  return Math.max(interval, LIVE_SAFETY_REFRESH_MS);
}
