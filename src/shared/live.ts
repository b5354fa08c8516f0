import type { EventSummary } from "./events.ts";
import type { MyActiveRegistration } from "./my-registrations.ts";

/**
 * Live updates (docs/live-updates.md). The stream of one game (`GET /api/events/:id/stream`) sends
 * unnamed messages whose data is the page as `GET /api/events/:id` answers it (an `EventDetail`)
 * and whose id is the game's version. The home list's stream (`GET /api/events/stream`) sends:
 */
export interface LiveGameChange {
  /** `event: game`: one game's card as the home list shows it (cancelled or over: it leaves the list)... */
  event: EventSummary;
  /** ...and the viewer's own places in it, as `GET /api/me/registrations` would list them. */
  mine: MyActiveRegistration[];
}

/** `event: reset` (no data worth reading): changes may have been missed; read the lists again. */
export const LIVE_RESET_EVENT = "reset";
export const LIVE_GAME_EVENT = "game";
