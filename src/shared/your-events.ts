import type { EventSummary, YourEventsResponse } from "./events.ts";
import type { ClosedReason, RegistrationStatus } from "./registrations.ts";

/**
 * How a user stands in one event, as Your Events sees it. `closed_by_cancel` is a spot or waitlist
 * place the admin's cancel closed: the user was playing or waiting when the game was called off.
 */
export type Participation = "playing" | "waitlisted" | "refunded" | "closed_by_cancel";

/**
 * A spot held (or being paid for) is playing; a registration closed by the game's cancellation
 * still counts as taking part in it; a refund the user asked for by leaving is refunded; anything
 * else closed (left without refund, a failed payment) no longer puts the event in any section.
 */
export function participationOf(status: RegistrationStatus, closedReason: ClosedReason | null = null): Participation | null {
  if (closedReason === "event_cancelled") return "closed_by_cancel";
  switch (status) {
    case "confirmed":
    case "pending_payment":
    case "promoting":
      return "playing";
    case "waitlisted":
      return "waitlisted";
    case "refunded":
      return "refunded";
    case "cancelled":
    case "payment_failed":
      return null;
  }
}

/** One of the user's registrations with its event. A user may have two per event (player and goalkeeper). */
export interface YourRegistration {
  event: EventSummary;
  participation: Participation;
}

/**
 * Your Events (docs/product-rules.md, "Your Events"), in this order: a cancelled event the user
 * plays or waits in → Canceled/Refunded; else the user was refunded → Refunded; else the event ends
 * now or later → Current (Playing and/or On Waitlist), otherwise Completed (Played and/or
 * Waitlisted). A user both playing and waitlisted appears in both lists of a section. Current events
 * are soonest first, the others newest first.
 */
export function classifyYourEvents(registrations: YourRegistration[], now: Date): YourEventsResponse {
  const byEvent = new Map<string, { event: EventSummary; kinds: Set<Participation> }>();
  for (const { event, participation } of registrations) {
    const entry = byEvent.get(event.id) ?? { event, kinds: new Set<Participation>() };
    entry.kinds.add(participation);
    byEvent.set(event.id, entry);
  }

  const result: YourEventsResponse = {
    current: { playing: [], waitlisted: [] },
    completed: { played: [], waitlisted: [] },
    refunded: [],
    cancelled: [],
  };
  for (const { event, kinds } of byEvent.values()) {
    const playing = kinds.has("playing");
    const waitlisted = kinds.has("waitlisted");
    if (event.status === "cancelled" && (playing || waitlisted || kinds.has("closed_by_cancel"))) {
      result.cancelled.push(event);
    } else if (kinds.has("refunded")) {
      result.refunded.push(event);
    } else if (new Date(event.endsAt).getTime() >= now.getTime()) {
      if (playing) result.current.playing.push(event);
      if (waitlisted) result.current.waitlisted.push(event);
    } else {
      if (playing) result.completed.played.push(event);
      if (waitlisted) result.completed.waitlisted.push(event);
    }
  }

  const soonestFirst = (a: EventSummary, b: EventSummary) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id);
  const newestFirst = (a: EventSummary, b: EventSummary) => soonestFirst(b, a);
  result.current.playing.sort(soonestFirst);
  result.current.waitlisted.sort(soonestFirst);
  result.completed.played.sort(newestFirst);
  result.completed.waitlisted.sort(newestFirst);
  result.refunded.sort(newestFirst);
  result.cancelled.sort(newestFirst);
  return result;
}
