import type { EventDetail, Participant } from "#shared/events.ts";
import type { MyRegistration } from "#shared/registrations.ts";

/** The tests' clock: every event below is placed relative to it. */
export const NOW = new Date("2026-05-01T12:00:00Z");
export const HOUR = 60 * 60 * 1000;

export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

export function people(count: number, prefix = "user"): Participant[] {
  return Array.from({ length: count }, (_, index) => ({ userId: `${prefix}-${index}`, name: `Person ${index}` }));
}

/** A paid game two days ahead, 10 players and 2 goalkeepers, nobody registered. */
export function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: "event-1",
    version: 0,
    title: "Friday Football",
    startsAt: at(48 * HOUR),
    endsAt: at(50 * HOUR),
    timeZone: "UTC",
    durationMinutes: 120,
    locationName: "Riverside Park",
    latitude: 0,
    longitude: 0,
    field: null,
    notes: null,
    costCents: 1000,
    maxPlayers: 10,
    includeGoalkeepers: true,
    goalkeeperCostCents: 500,
    maxGoalkeepers: 2,
    maxGuestsPerPlayer: 0,
    status: "active",
    playersCount: 0,
    goalkeepersCount: 0,
    playersWaiting: 0,
    seriesId: null,
    registrationOpensAt: null,
    regularsOpenAt: null,
    gameOn: null,
    cancelReason: null,
    organizer: null,
    players: [],
    goalkeepers: [],
    playerWaitList: [],
    goalkeeperWaitList: [],
    refundedUsers: [],
    mine: [],
    ...overrides,
  };
}

export function mine(overrides: Partial<MyRegistration> = {}): MyRegistration {
  const status = overrides.status ?? "confirmed";
  // A spot held or given back was paid at its price, unless the test says otherwise.
  const paidCents = status === "confirmed" || status === "refunded" ? (overrides.amountCents ?? 1000) : 0;
  return { id: `reg-${Math.random().toString(36).slice(2)}`, role: "player", status, amountCents: 1000, waitlistPosition: null, refundedCents: null, paidCents, backCents: overrides.refundedCents ?? 0, ...overrides };
}
