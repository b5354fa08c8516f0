/** Cache keys of the events feature; creating an event invalidates everything under `all`. */
export const eventKeys = {
  all: ["events"] as const,
  upcoming: () => ["events", "upcoming"] as const,
  completed: (page: number) => ["events", "completed", page] as const,
  detail: (id: string) => ["events", "detail", id] as const,
  mine: () => ["events", "mine"] as const,
  /** The viewer's own spots and places for the home cards: under `all`, so every join or cancel refreshes it. */
  myRegistrations: () => ["events", "my-registrations"] as const,
};

/**
 * How long an answer counts as fresh for the screens that early-start.ts asks for ahead: the
 * screen then takes the answer fetched a moment before instead of asking again as it appears.
 * Changes still refresh at once (they invalidate), and so do focus and the event page's polling.
 */
export const EARLY_ANSWER_FRESH_MS = 5_000;
