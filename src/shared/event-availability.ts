/**
 * A game's availability, decided once by the game core and read by every screen: the home cards,
 * the event page, the link preview and the signed-out visitor's card (docs/product-rules.md, "What
 * each viewer is told"; docs/decisions/036-one-availability-rule.md). `gameAvailability` is what
 * anyone can do (the same for every viewer, so it may sit in the shared, cached home list);
 * `viewerAvailability` adds the viewer's own part (their place, whether they are a regular), which
 * comes from their own request and never from a shared answer. Pure and free of zod, so the login
 * screen can load it.
 */
import type { Language } from "./language.ts";
import { type MyActiveRegistration, type MyState, myState } from "./my-registrations.ts";

export interface AvailabilityFacts {
  status: "active" | "cancelled";
  endsAt: string;
  /** Absent on older callers: the game is then taken as not started until its end. */
  startsAt?: string;
  maxPlayers: number;
  /** Spots held by players (confirmed or being paid for), as the server counts them. */
  playersCount: number;
  /** People (parties) on the player waitlist; absent counts as none. */
  playersWaiting?: number;
  registrationOpensAt?: string | null;
  regularsOpenAt?: string | null;
}

/**
 * What anyone may do with a game now, in the order the rule decides it: called off, over, under way,
 * not open yet (with the regulars' window still ahead or none), only regulars may join, every player
 * spot held, or open with spots left.
 */
export type Availability =
  | { kind: "cancelled" }
  | { kind: "finished" }
  | { kind: "started" }
  | { kind: "notOpen"; opensAt: string; regularsOpenAt: string | null }
  | { kind: "regularsOnly"; opensAt: string }
  | { kind: "full"; waiting: number }
  | { kind: "open"; left: number };

/** Every spot of a role is held (a spot being paid for counts, as the server counts it). */
export function isFull(held: number, max: number): boolean {
  return held >= max;
}

/** The one rule: the server's join checks say the same (join-batch.ts `checkOpen`, the start, the capacity). */
export function gameAvailability(event: AvailabilityFacts, now: Date): Availability {
  const at = now.getTime();
  if (event.status === "cancelled") return { kind: "cancelled" };
  if (Date.parse(event.endsAt) <= at) return { kind: "finished" };
  if (event.startsAt !== undefined && Date.parse(event.startsAt) <= at) return { kind: "started" };
  const opensAt = event.registrationOpensAt ?? null;
  if (opensAt !== null && Date.parse(opensAt) > at) {
    const regularsOpenAt = event.regularsOpenAt ?? null;
    if (regularsOpenAt !== null && Date.parse(regularsOpenAt) <= at) return { kind: "regularsOnly", opensAt };
    return { kind: "notOpen", opensAt, regularsOpenAt };
  }
  if (isFull(event.playersCount, event.maxPlayers)) return { kind: "full", waiting: event.playersWaiting ?? 0 };
  return { kind: "open", left: event.maxPlayers - event.playersCount };
}

/** What the viewer's own request says about them in one game (GET /api/me/registrations). */
export interface ViewerFacts {
  signedIn: boolean;
  /** Their spots and waitlist places in this game. */
  mine: readonly MyActiveRegistration[];
  /** A series game with regulars first: whether they are one of its regulars (false when unknown). */
  regular: boolean;
}

/** The button a card offers: none while nothing can be done yet. */
export type CardAction = "register" | "waitlist" | "moreInfo" | "none";

/**
 * What THIS viewer is told and offered: their own place first ("You're playing", "Waitlisted #2"),
 * else the game's availability as it applies to them (a regular in or before the window may join
 * early; anyone else waits for the opening).
 */
export type ViewerAvailability =
  | { kind: "mine"; state: MyState; action: "moreInfo" }
  | { kind: "regularJoinNow"; opensAt: string; action: "register" }
  | { kind: "regularFrom"; regularsOpenAt: string; action: "none" }
  | (Availability & { action: CardAction });

export function viewerAvailability(availability: Availability, viewer: ViewerFacts): ViewerAvailability {
  const state = myState(viewer.mine);
  const over = availability.kind === "cancelled" || availability.kind === "finished" || availability.kind === "started";
  if (state && !over) return { kind: "mine", state, action: "moreInfo" };
  switch (availability.kind) {
    case "cancelled":
    case "finished":
    case "started":
      return { ...availability, action: "moreInfo" };
    case "regularsOnly":
      return viewer.regular ? { kind: "regularJoinNow", opensAt: availability.opensAt, action: "register" } : { ...availability, action: "none" };
    case "notOpen":
      if (viewer.regular && availability.regularsOpenAt !== null) return { kind: "regularFrom", regularsOpenAt: availability.regularsOpenAt, action: "none" };
      return { ...availability, action: "none" };
    case "full":
      return { ...availability, action: "waitlist" };
    case "open":
      return { ...availability, action: "register" };
  }
}

/**
 * What a newcomer most wants to know: can I still get a spot? Uses the original product's banner texts
 * for finished games. In French too, for link previews and the shared picture (the viewer's language).
 */
export function availabilityText(event: AvailabilityFacts, now: Date, language: Language = "en"): string {
  const words = AVAILABILITY_WORDS[language];
  const availability = gameAvailability(event, now);
  switch (availability.kind) {
    case "cancelled":
      return words.cancelled;
    case "finished":
      return words.completed;
    case "started":
      return words.started;
    case "full":
      return words.full;
    case "open":
      return words.left(availability.left);
    // Not open yet: the spots that will be there (the preview names no time: it has no zone to say it in).
    case "notOpen":
    case "regularsOnly":
      return words.left(Math.max(0, event.maxPlayers - event.playersCount));
  }
}

const AVAILABILITY_WORDS: Record<Language, { cancelled: string; completed: string; started: string; full: string; left(count: number): string }> = {
  en: { cancelled: "Event Cancelled", completed: "Event Completed", started: "Under way", full: "Full, waitlist open", left: (n) => (n === 1 ? "1 spot left" : `${n} spots left`) },
  fr: {
    cancelled: "Partie annulée",
    completed: "Partie terminée",
    started: "En cours",
    full: "Complet, liste d’attente ouverte",
    left: (n) => (n === 1 ? "1 place restante" : `${n} places restantes`),
  },
};
