/**
 * How full a game is, in the words every screen uses: the link preview and the signed-out visitor's
 * card (public facts), the home cards' "Full" badge and the event page's waitlist buttons
 * (docs/product-rules.md, "Full games"). Pure and free of zod, so the login screen can load it.
 */

export interface AvailabilityFacts {
  status: "active" | "cancelled";
  endsAt: string;
  maxPlayers: number;
  /** Spots held by players (confirmed or being paid for), as the server counts them. */
  playersCount: number;
}

/** Every spot of a role is held (a spot being paid for counts, as the server counts it). */
export function isFull(held: number, max: number): boolean {
  return held >= max;
}

/** What a newcomer most wants to know: can I still get a spot? Uses the original product's banner texts for finished games. */
export function availabilityText(event: AvailabilityFacts, now: Date): string {
  if (event.status === "cancelled") return "Event Cancelled";
  if (new Date(event.endsAt).getTime() < now.getTime()) return "Event Completed";
  const left = event.maxPlayers - event.playersCount;
  if (left <= 0) return "Full, waitlist open";
  return left === 1 ? "1 spot left" : `${left} spots left`;
}
