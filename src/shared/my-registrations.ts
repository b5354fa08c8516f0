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
}

/**
 * The badge a home card shows for the viewer's own state in that game: a spot first ("You're
 * playing", "You're in goal", or its payment still running), else the best waitlist place
 * ("Waitlisted #2"); null when the viewer is not in the game.
 */
export function myStateBadge(registrations: readonly MyActiveRegistration[]): string | null {
  const spot = registrations.find((registration) => registration.status !== "waitlisted");
  if (spot) {
    if (spot.status !== "confirmed") return "Payment processing";
    return spot.role === "goalkeeper" ? "You're in goal" : "You're playing";
  }
  const places = registrations.map((registration) => registration.waitlistPosition).filter((place): place is number => place !== null);
  if (places.length > 0) return `Waitlisted #${Math.min(...places)}`;
  return registrations.length > 0 ? "Waitlisted" : null;
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
