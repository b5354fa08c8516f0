import type { EventDetail } from "#shared/events.ts";

/**
 * The newer of two answers for one game's page: a stream message and a fetch can cross (a fetch
 * sent before a change may land after the change's message), and the page must not step back.
 */
export function newerEvent(current: EventDetail | undefined, next: EventDetail): EventDetail {
  if (current && current.id === next.id && current.version > next.version) return current;
  // The stream carries the shared page with the viewer's places; what is read for the viewer alone
  // (their standing with the regulars, their "Tell me when it opens" and "if a spot opens") is kept from the last read.
  if (current && current.id === next.id) {
    const standing = current.regularsWindow?.viewerStanding;
    const keepReminder = next.openingReminder === undefined && current.openingReminder !== undefined;
    const keepStanding = next.regularsWindow !== undefined && standing !== undefined && next.regularsWindow.viewerStanding === undefined;
    const keepWatch = next.spotWatch === undefined && current.spotWatch !== undefined;
    if (!keepReminder && !keepStanding && !keepWatch) return next;
    return {
      ...next,
      ...(keepWatch && { spotWatch: current.spotWatch }),
      ...(next.openingReminder === undefined && current.openingReminder !== undefined && { openingReminder: current.openingReminder }),
      ...(next.regularsWindow && standing && !next.regularsWindow.viewerStanding && { regularsWindow: { ...next.regularsWindow, viewerStanding: standing } }),
    };
  }
  return next;
}

/** How often a page with an open stream still asks, in case the stream stalls unseen (a proxy holding it). */
export const LIVE_SAFETY_REFRESH_MS = 60_000;

/** The page's polling interval given whether its stream is open: the usual one without it, a slow one beside it. */
export function refreshBesideStream(interval: number | false, streamOpen: boolean): number | false {
  if (interval === false || !streamOpen) return interval;
  return Math.max(interval, LIVE_SAFETY_REFRESH_MS);
}
