/**
 * How full a game is, in the words every screen uses: the link preview and the signed-out visitor's
 * card (public facts), the home cards' "Full" badge and the event page's waitlist buttons
 * (docs/product-rules.md, "Full games"). Pure and free of zod, so the login screen can load it.
 */
import type { Language } from "./language.ts";

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

/**
 * What a newcomer most wants to know: can I still get a spot? Uses the original product's banner texts
 * for finished games. In French too, for link previews and the shared picture (the viewer's language).
 */
export function availabilityText(event: AvailabilityFacts, now: Date, language: Language = "en"): string {
  const words = AVAILABILITY_WORDS[language];
  if (event.status === "cancelled") return words.cancelled;
  if (new Date(event.endsAt).getTime() < now.getTime()) return words.completed;
  const left = event.maxPlayers - event.playersCount;
  if (left <= 0) return words.full;
  return words.left(left);
}

const AVAILABILITY_WORDS: Record<Language, { cancelled: string; completed: string; full: string; left(count: number): string }> = {
  en: { cancelled: "Event Cancelled", completed: "Event Completed", full: "Full, waitlist open", left: (n) => (n === 1 ? "1 spot left" : `${n} spots left`) },
  fr: {
    cancelled: "Partie annulée",
    completed: "Partie terminée",
    full: "Complet, liste d’attente ouverte",
    left: (n) => (n === 1 ? "1 place restante" : `${n} places restantes`),
  },
};
