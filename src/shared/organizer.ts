/**
 * When an event has no organizer (e.g. the account was deleted), this fixed name and email, the
 * original product's, are shown as its contact (docs/product-rules.md, "Accounts, profile and roles").
 */
export const FALLBACK_ORGANIZER = {
  name: "Kickoff Organizer",
  email: "organizer@kickoff.app",
} as const;
