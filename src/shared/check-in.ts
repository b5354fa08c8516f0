import type { RegistrationRole } from "./registrations.ts";
import { errorKey } from "./i18n/error-key.ts";
import type { SharedKey } from "./i18n/catalogs/areas.ts";

/**
 * Check-in at the pitch (docs/product-rules.md, "Check-in"): the rules as pure functions of the game
 * and a clock, so the browser shows what the server will accept and the server enforces the same.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Check-in opens this long before kick-off... */
export const CHECK_IN_OPENS_BEFORE_START_MS = 60 * MINUTE;
/** ...and closes this long after the game's end. */
export const CHECK_IN_CLOSES_AFTER_END_MS = 6 * HOUR;
/** "Mark the rest as no-show" and its undo: from kick-off until this long after the end. */
export const NO_SHOWS_UNTIL_AFTER_END_MS = 24 * HOUR;

export interface CheckInGame {
  startsAt: string | Date;
  endsAt: string | Date;
  status: "active" | "cancelled";
}

export type CheckInWindowState = "not_yet" | "open" | "closed" | "cancelled";

export interface CheckInWindow {
  state: CheckInWindowState;
  opensAt: string;
  closesAt: string;
}

const ms = (value: string | Date) => new Date(value).getTime();

/** The window: open from 60 minutes before kick-off (included) until 6 hours after the end (excluded). */
export function checkInWindow(game: CheckInGame, now: Date): CheckInWindow {
  const opensAt = ms(game.startsAt) - CHECK_IN_OPENS_BEFORE_START_MS;
  const closesAt = ms(game.endsAt) + CHECK_IN_CLOSES_AFTER_END_MS;
  const at = now.getTime();
  const state: CheckInWindowState = game.status === "cancelled" ? "cancelled" : at < opensAt ? "not_yet" : at < closesAt ? "open" : "closed";
  return { state, opensAt: new Date(opensAt).toISOString(), closesAt: new Date(closesAt).toISOString() };
}

export function isCheckInOpen(game: CheckInGame, now: Date): boolean {
  return checkInWindow(game, now).state === "open";
}

export interface NoShowRules {
  /** "Mark the rest as no-show": from kick-off (included) until 24 hours after the end (excluded). */
  canMark: boolean;
  /** Undo: until 24 hours after the end, as long as there is something to undo. */
  canUndo: boolean;
  from: string;
  until: string;
}

export function noShowRules(game: CheckInGame, now: Date): NoShowRules {
  const from = ms(game.startsAt);
  const until = ms(game.endsAt) + NO_SHOWS_UNTIL_AFTER_END_MS;
  const at = now.getTime();
  const active = game.status !== "cancelled";
  return { canMark: active && at >= from && at < until, canUndo: active && at < until, from: new Date(from).toISOString(), until: new Date(until).toISOString() };
}

/** The server's refusals, worded for the organiser at the pitch. */
export const CHECK_IN_MESSAGES = {
  notYet: errorKey("shared.checkIn.notYet"),
  closed: errorKey("shared.checkIn.closed"),
  cancelled: errorKey("shared.checkIn.cancelled"),
  notConfirmed: errorKey("shared.checkIn.notConfirmed"),
  registrationNotFound: errorKey("shared.checkIn.registrationNotFound"),
  noShowsTooEarly: errorKey("shared.checkIn.noShowsTooEarly"),
  noShowsTooLate: errorKey("shared.checkIn.noShowsTooLate"),
} as const;

/** What the window's state says on the server and on the screen. */
export function checkInClosedMessage(state: CheckInWindowState): SharedKey | null {
  if (state === "not_yet") return CHECK_IN_MESSAGES.notYet;
  if (state === "closed") return CHECK_IN_MESSAGES.closed;
  if (state === "cancelled") return CHECK_IN_MESSAGES.cancelled;
  return null;
}

/** One confirmed player or goalkeeper on the check-in list. */
export interface CheckInPerson {
  registrationId: string;
  name: string;
  role: RegistrationRole;
  checkedIn: boolean;
  checkedInAt: string | null;
  noShow: boolean;
  /**
   * The +1 guests this player brought (docs/guests.md), by name: they arrive, are checked in and marked
   * no-show with the player, who answers for them; they count in the figures.
   */
  guests: string[];
}

/** GET /api/admin/events/:id/check-in; the no-show routes answer it too. */
export interface CheckInList {
  event: { id: string; title: string; startsAt: string; endsAt: string; status: "active" | "cancelled" };
  window: CheckInWindow;
  noShows: NoShowRules & { marked: number };
  counts: CheckInCounts;
  people: CheckInPerson[];
}

export interface CheckInCounts {
  checkedIn: number;
  expected: number;
}

/** PUT /api/admin/events/:id/check-in/:registrationId */
export interface CheckInAnswer {
  person: CheckInPerson;
  counts: CheckInCounts;
  /** False when the registration already was in that state: a repeat is a no-op. */
  changed: boolean;
}

export function countCheckedIn(people: readonly Pick<CheckInPerson, "checkedIn" | "guests">[]): CheckInCounts {
  const heads = (person: Pick<CheckInPerson, "guests">) => 1 + (person.guests?.length ?? 0);
  return { checkedIn: people.filter((person) => person.checkedIn).reduce((sum, person) => sum + heads(person), 0), expected: people.reduce((sum, person) => sum + heads(person), 0) };
}
