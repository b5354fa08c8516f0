import type { Attendance, EventSummary, YourEvent, YourEventsResponse, YourPart } from "./events.ts";
import type { ClosedReason, RegistrationStatus } from "./registrations.ts";

/**
 * How a user stands in one event, as Your Events sees it. `closed_by_cancel` is a spot or waitlist
 * place the admin's cancel closed: the user was playing or waiting when the game was called off.
 */
export type Participation = YourPart["participation"];

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
  /** What check-in recorded for this registration, if anything. */
  attendance?: Attendance | null;
  /** The registration's role and money, shown beside the event (a player spot, free, unless told). */
  part?: Partial<Omit<YourPart, "participation">>;
}

/** Checked in wins over a no-show mark (a late arrival's check-in clears it anyway); neither: unknown. */
export function attendanceOf(checkedInAt: Date | string | null, noShowAt: Date | string | null): Attendance | null {
  if (checkedInAt !== null) return "checked_in";
  if (noShowAt !== null) return "no_show";
  return null;
}

/**
 * Your Events (docs/product-rules.md, "Your Events"), in this order: a cancelled event the user
 * plays or waits in → Canceled/Refunded; else the user was refunded → Refunded; else the event ends
 * now or later → Current (Playing and/or On Waitlist), otherwise Completed (Played and/or
 * Waitlisted). A user both playing and waitlisted appears in both lists of a section. Current events
 * are soonest first, the others newest first.
 */
export function classifyYourEvents(registrations: YourRegistration[], now: Date): YourEventsResponse {
  const byEvent = new Map<string, { event: EventSummary; parts: YourPart[]; attendance: Attendance | null }>();
  for (const { event, participation, attendance, part } of registrations) {
    const entry = byEvent.get(event.id) ?? { event, parts: [], attendance: null };
    entry.parts.push({ role: "player", priceCents: 0, paidCents: 0, refundedCents: null, waitlistPosition: null, ...part, participation });
    // Only the spot played counts: a waitlist place is never checked in.
    if (participation === "playing" && attendance) entry.attendance = attendance;
    byEvent.set(event.id, entry);
  }

  const result: YourEventsResponse = {
    current: { playing: [], waitlisted: [] },
    completed: { played: [], waitlisted: [] },
    refunded: [],
    cancelled: [],
  };
  for (const { event, parts, attendance } of byEvent.values()) {
    const has = (kind: Participation) => parts.some((part) => part.participation === kind);
    // Each list shows the registrations that put the event in it; the cancelled and refunded ones all of theirs.
    const only = (...kinds: Participation[]): YourEvent => ({ ...event, mine: parts.filter((part) => kinds.includes(part.participation)) });
    const all: YourEvent = { ...event, mine: parts };
    const playing = has("playing");
    const waitlisted = has("waitlisted");
    if (event.status === "cancelled" && (playing || waitlisted || has("closed_by_cancel"))) {
      result.cancelled.push(all);
    } else if (has("refunded")) {
      result.refunded.push(all);
    } else if (new Date(event.endsAt).getTime() >= now.getTime()) {
      if (playing) result.current.playing.push(only("playing"));
      if (waitlisted) result.current.waitlisted.push(only("waitlisted"));
    } else {
      // A past game shows the player's attendance when check-in recorded one (docs/product-rules.md, "Check-in").
      const played = only("playing");
      if (playing) result.completed.played.push(attendance ? { ...played, attendance } : played);
      if (waitlisted) result.completed.waitlisted.push(only("waitlisted"));
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
