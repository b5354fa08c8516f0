import { z } from "zod";
import { hasControlCharactersOrLineBreaks } from "./text.ts";

/**
 * +1 guests (docs/guests.md): a player may bring up to the game's `maxGuestsPerPlayer` guests, named
 * by first name (and optionally last name). A guest has no account and gets no mail; the party holds
 * 1 + guests spots, pays price × (1 + guests) in one charge, waits and is promoted as one.
 */

/** The most guests per player an organiser may allow; 0 (the default) turns guests off. */
export const MAX_GUESTS_PER_PLAYER = 5;
export const GUEST_NAME_MAX = 40;

export const GUEST_FIRST_NAME_REQUIRED = "Give each guest a first name.";
export const GUEST_NAME_TOO_LONG = `A guest's name must be at most ${GUEST_NAME_MAX} characters.`;
export const GUEST_NAME_NOT_ALLOWED = "A guest's name contains characters that are not allowed.";
export const GUESTS_OFF = "This game does not take guests.";
export const GUESTS_PLAYERS_ONLY = "Guests can only join as players.";
export const PARTY_LARGER_THAN_GAME = "Your party is larger than this game.";
export const GUEST_NOT_FOUND = "This guest is not in your party.";
export const GUEST_LIMIT_MESSAGE = `Guests per player must be between 0 and ${MAX_GUESTS_PER_PLAYER}`;

/** The refusal for a party over the game's limit. */
export function tooManyGuests(max: number): string {
  return max === 1 ? "You can bring at most 1 guest to this game." : `You can bring at most ${max} guests to this game.`;
}

/** A guest's name is one line: no control characters, and no line breaks either (a trailing one is trimmed). */
const guestName = (schema: z.ZodString) =>
  schema.max(GUEST_NAME_MAX, GUEST_NAME_TOO_LONG).refine((value) => !hasControlCharactersOrLineBreaks(value), GUEST_NAME_NOT_ALLOWED);

/** One guest as the join form sends it: names trimmed, a first name required, the last optional. */
export const guestSchema = z.object(
  {
    firstName: guestName(z.string({ error: GUEST_FIRST_NAME_REQUIRED }).trim().min(1, GUEST_FIRST_NAME_REQUIRED)),
    lastName: guestName(z.string().trim()).optional().transform((value) => value || undefined),
  },
  { error: GUEST_FIRST_NAME_REQUIRED },
);
export type GuestInput = z.input<typeof guestSchema>;

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
