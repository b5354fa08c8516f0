import type { EventDetail } from "#shared/events.ts";
import { holdsSpot } from "#shared/registrations.ts";

/**
 * Whether a game's page offers notifications on this device (docs/notifications.md, "What is pushed,
 * and when"): at the moments a push will matter to the viewer, never on a first visit. They wait for a
 * spot (a waitlist, "Tell me if a spot opens", "Tell me when it opens"), or they joined a game of a
 * series, whose next games open to them by push.
 */
export function offersPush(event: Pick<EventDetail, "mine" | "openingReminder" | "spotWatch" | "seriesId">): boolean {
  if (event.mine.some((registration) => registration.status === "waitlisted")) return true;
  if (event.openingReminder === true || event.spotWatch === true) return true;
  return event.seriesId !== null && event.mine.some((registration) => holdsSpot(registration.status));
}
