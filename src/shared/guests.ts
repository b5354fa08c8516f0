import { errorKey, type ErrorText, errorText } from "./i18n/error-key.ts";

/**
 * +1 guests (docs/guests.md): a player may bring up to the game's `maxGuestsPerPlayer` guests, named
 * by first name (and optionally last name). A guest has no account and gets no mail; the party holds
 * 1 + guests spots, pays price × (1 + guests) in one charge, waits and is promoted as one.
 */

/** The most guests per player an organiser may allow; 0 (the default) turns guests off. */
export const MAX_GUESTS_PER_PLAYER = 5;
export const GUEST_NAME_MAX = 40;

export const GUEST_FIRST_NAME_REQUIRED = errorKey("shared.guests.firstNameRequired");
export const GUEST_NAME_TOO_LONG = errorKey("shared.guests.nameTooLong", { max: GUEST_NAME_MAX });
export const GUEST_NAME_NOT_ALLOWED = errorKey("shared.guests.nameNotAllowed");
export const GUESTS_OFF = errorKey("shared.guests.off");
export const GUESTS_PLAYERS_ONLY = errorKey("shared.guests.playersOnly");
export const PARTY_LARGER_THAN_GAME = errorKey("shared.guests.partyLargerThanGame");
export const GUEST_NOT_FOUND = errorKey("shared.guests.notFound");
export const GUEST_LIMIT_MESSAGE = errorKey("shared.guests.limitRange", { max: MAX_GUESTS_PER_PLAYER });

/** The refusal for a party over the game's limit. */
export function tooManyGuests(max: number): ErrorText {
  return errorText("shared.guests.tooMany", { max });
}

// The guest as the join form sends it (its zod schema) is in guest-schema.ts: the game's page loads
// it only when a guest is added (docs/server-rendering.md, "What the first modules evaluate").
export type { GuestInput } from "./guest-schema.ts";

/** A guest as pages show it: "Sam" or "Sam Smith". */
export interface GuestView {
  id: string;
  name: string;
}

export function guestDisplayName(guest: { firstName: string; lastName?: string | null }): string {
  return guest.lastName ? `${guest.firstName} ${guest.lastName}` : guest.firstName;
}

/** How a party's price is counted: one share per head, the player included. Integer cents. */
export function partyAmountCents(priceCents: number, guests: number): number {
  return priceCents * (1 + guests);
}

/** DELETE /api/events/:id/registrations/me/guests/:guestId */
export interface RemoveGuestResponse {
  /** What goes back to the card for this guest's share: share − fee, 0 for a free game or a waitlisted party. */
  refundCents: number;
}
