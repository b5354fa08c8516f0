/**
 * SPEC §3: when an event has no organizer (e.g. the account was deleted), this fixed name and
 * email are shown as its contact.
 */
export const FALLBACK_ORGANIZER = {
  name: "Kickoff Organizer",
  email: "organizer@kickoff.app",
} as const;
