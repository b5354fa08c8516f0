import { errorKey } from "./i18n/error-key.ts";

/**
 * Whether a game takes joins yet: a series' game opens at its `registrationOpensAt` (docs/series.md);
 * any other game (null) since it was created. The server checks it on every join (join-batch.ts); the
 * page only mirrors it. A file of its own: the event page's code needs it, not the series' schemas.
 */
export function isRegistrationOpen(event: { registrationOpensAt: string | null }, now: Date): boolean {
  return event.registrationOpensAt === null || Date.parse(event.registrationOpensAt) <= now.getTime();
}

/** A join before the opening by someone who is not one of the series' regulars (the server's 422). */
export const REGULARS_ONLY = errorKey("shared.registration.regularsOnly");
/** A regular's join in the window once the regulars' share of the role is held (the server's 422). */
export const REGULARS_SPOTS_TAKEN = errorKey("shared.registration.regularsSpotsTaken");

/**
 * The most spots of a role regulars may hold in their window: their share of it, rounded down, so
 * that newcomers always keep the rest (a single goalkeeper spot at 70 % is not theirs to take early).
 */
export function regularsSpots(capacity: number, maxPercent: number): number {
  return Math.floor((capacity * maxPercent) / 100);
}

/** Whether only regulars may join now: inside the window before the public opening. */
export function isRegularsWindow(event: { registrationOpensAt: string | null; regularsOpenAt: string | null }, now: Date): boolean {
  return event.regularsOpenAt !== null && Date.parse(event.regularsOpenAt) <= now.getTime() && !isRegistrationOpen(event, now);
}
