import type { RegistrationRole } from "./registrations.ts";

/**
 * GET /api/me/registrations: the viewer's spots and waitlist places in games not yet over and not
 * cancelled, for the badges of the home cards. Asked for apart from the home list, which is one
 * answer shared by every viewer (docs/caches-and-sessions.md).
 */
export interface MyActiveRegistration {
  eventId: string;
  role: RegistrationRole;
  status: "pending_payment" | "promoting" | "confirmed" | "waitlisted";
  /** 1-based place in its waitlist while waitlisted, else null (the event page counts it the same way). */
  waitlistPosition: number | null;
}

export interface MyActiveRegistrationsResponse {
  registrations: MyActiveRegistration[];
  /**
   * Coming series games not open to everyone yet whose regulars the viewer is one of, so their card
   * says "You're a regular: join now" rather than "Regulars only" (docs/decisions/036). Absent: none.
   */
  regularOf?: string[];
}

/**
 * The viewer's own state in a game, for the badge of its home card: a spot first (its payment still
 * running, or confirmed as a player or a goalkeeper), else the best waitlist place (null when the
 * waitlist has not numbered it); null when the viewer is not in the game. The web words it in the
 * reader's language; myStateBadge below is the English.
 */
export type MyState = { kind: "processing" } | { kind: "playing"; role: RegistrationRole } | { kind: "waitlisted"; place: number | null };

export function myState(registrations: readonly MyActiveRegistration[]): MyState | null {
  const spot = registrations.find((registration) => registration.status !== "waitlisted");
  if (spot) return spot.status === "confirmed" ? { kind: "playing", role: spot.role } : { kind: "processing" };
  const places = registrations.map((registration) => registration.waitlistPosition).filter((place): place is number => place !== null);
  if (places.length > 0) return { kind: "waitlisted", place: Math.min(...places) };
  return registrations.length > 0 ? { kind: "waitlisted", place: null } : null;
}

/** The badge in English: "You're playing", "You're in goal", "Payment processing", "Waitlisted #2". */
export function myStateBadge(registrations: readonly MyActiveRegistration[]): string | null {
  const state = myState(registrations);
  if (!state) return null;
  if (state.kind === "processing") return "Payment processing";
  if (state.kind === "playing") return state.role === "goalkeeper" ? "You're in goal" : "You're playing";
  return state.place === null ? "Waitlisted" : `Waitlisted #${state.place}`;
}

/**
 * The viewer's waitlist place was lost because the automatic charge failed when a spot opened (a
 * declined card, a card that asked for authentication, or no usable card at all): the event page
 * says so and offers to join again (docs/registrations-and-payments.md, "Promotion"). Only the
 * latest such place per role counts, and only until the viewer joins that role again.
 */
export interface FailedAutoCharge {
  role: RegistrationRole;
  /** What the card was to be charged. */
  amountCents: number;
  /** The processor's message ("Your card was declined."), or null when no charge could be tried. */
  reason: string | null;
}
