import type { EventSummary } from "#shared/events.ts";

/**
 * One known game for the picture's tests, reference pictures and bench: Saturday 6 December 2031,
 * 19:00 in Montreal, 11 of 14 spots held, $10.00. `SAMPLE_NOW` is a week before it.
 */
export const SAMPLE_GAME: EventSummary = {
  id: "0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11",
  title: "Soccer du samedi",
  startsAt: "2031-12-07T00:00:00.000Z",
  endsAt: "2031-12-07T01:30:00.000Z",
  timeZone: "America/Toronto",
  durationMinutes: 90,
  locationName: "Parc Jarry",
  latitude: null,
  longitude: null,
  field: null,
  costCents: 1000,
  maxPlayers: 14,
  includeGoalkeepers: false,
  goalkeeperCostCents: 0,
  maxGoalkeepers: 0,
  maxGuestsPerPlayer: 0,
  status: "active",
  playersCount: 11,
  goalkeepersCount: 0,
  playersWaiting: 0,
  seriesId: null,
  registrationOpensAt: null,
  regularsOpenAt: null,
  gameOn: null,
  cancelReason: null,
};

export const SAMPLE_NOW = new Date("2031-12-01T00:00:00Z");
