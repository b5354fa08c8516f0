import { sql } from "drizzle-orm";
import { isUuid } from "#server/db/ids.ts";
import type { EventSummary } from "#shared/events.ts";
import { decisionAt, type GameOnState, type GameOnView } from "#shared/game-on.ts";
import { event } from "#server/db/schema.ts";

/**
 * Spots taken per role, counted in SQL next to each event row (no N+1): a spot being paid for
 * (pending_payment, promoting) already counts against capacity (docs/registrations-and-payments.md,
 * "Invariants", 1), and a registration holds one spot for the player and one per guest (docs/guests.md).
 */
const spotsTaken = (role: "player" | "goalkeeper") =>
  // "event"."id" spelled out: drizzle would print a bare "id", which the subquery reads as r.id.
  sql<number>`(select coalesce(sum(1 + r.guest_count), 0) from "registration" r where r.event_id = "event"."id" and r.role = ${sql.raw(`'${role}'`)} and r.status in ('confirmed', 'pending_payment', 'promoting'))`.mapWith(
    Number,
  );

/** Parties on the player waitlist: the home card's "Full · join the waitlist (3 waiting)" (the same for every viewer). */
const playersWaiting = sql<number>`(select count(*) from "registration" r where r.event_id = "event"."id" and r.role = 'player' and r.status = 'waitlisted')`.mapWith(Number);

/** The columns of an EventSummary, for `db.select(summaryColumns).from(event)`. */
export const summaryColumns = {
  id: event.id,
  title: event.title,
  startsAt: event.startsAt,
  endsAt: event.endsAt,
  timeZone: event.timeZone,
  durationMinutes: event.durationMinutes,
  locationName: event.locationName,
  latitude: event.latitude,
  longitude: event.longitude,
  field: event.field,
  costCents: event.costCents,
  maxPlayers: event.maxPlayers,
  includeGoalkeepers: event.includeGoalkeepers,
  goalkeeperCostCents: event.goalkeeperCostCents,
  maxGoalkeepers: event.maxGoalkeepers,
  maxGuestsPerPlayer: event.maxGuestsPerPlayer,
  status: event.status,
  seriesId: event.seriesId,
  registrationOpensAt: event.registrationOpensAt,
  regularsOpenAt: event.regularsOpenAt,
  playersCount: spotsTaken("player"),
  goalkeepersCount: spotsTaken("goalkeeper"),
  playersWaiting,
  gameOnMinPlayers: event.gameOnMinPlayers,
  gameOnMinGoalkeepers: event.gameOnMinGoalkeepers,
  gameOnDecideHours: event.gameOnDecideHours,
  gameOnState: event.gameOnState,
  pitchCostCents: event.pitchCostCents,
  cancelReason: event.cancelReason,
};

export type SummaryRow = Omit<EventSummary, "startsAt" | "endsAt" | "registrationOpensAt" | "regularsOpenAt" | "gameOn"> & {
  startsAt: Date;
  endsAt: Date;
  registrationOpensAt: Date | null;
  regularsOpenAt: Date | null;
  gameOnMinPlayers: number | null;
  gameOnMinGoalkeepers: number | null;
  gameOnDecideHours: number;
  gameOnState: GameOnState | null;
  pitchCostCents: number | null;
};

/** A game-on game's part of its summary (docs/game-on.md); null for an ordinary game. */
export function gameOnViewOf(row: Pick<SummaryRow, "startsAt" | "gameOnMinPlayers" | "gameOnMinGoalkeepers" | "gameOnDecideHours" | "gameOnState" | "pitchCostCents">): GameOnView | null {
  if (row.gameOnMinPlayers === null || row.gameOnState === null) return null;
  return {
    minPlayers: row.gameOnMinPlayers,
    minGoalkeepers: row.gameOnMinGoalkeepers,
    decideHours: row.gameOnDecideHours,
    decidesAt: decisionAt(row).toISOString(),
    state: row.gameOnState,
    pitchCostCents: row.pitchCostCents,
  };
}

export function toEventSummary(row: SummaryRow): EventSummary {
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    locationName: row.locationName,
    latitude: row.latitude,
    longitude: row.longitude,
    field: row.field,
    costCents: row.costCents,
    maxPlayers: row.maxPlayers,
    includeGoalkeepers: row.includeGoalkeepers,
    goalkeeperCostCents: row.goalkeeperCostCents,
    maxGoalkeepers: row.maxGoalkeepers,
    maxGuestsPerPlayer: row.maxGuestsPerPlayer,
    status: row.status,
    seriesId: row.seriesId,
    registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
    regularsOpenAt: row.regularsOpenAt?.toISOString() ?? null,
    playersCount: row.playersCount,
    goalkeepersCount: row.goalkeepersCount,
    playersWaiting: row.playersWaiting,
    gameOn: gameOnViewOf(row),
    cancelReason: row.cancelReason,
  };
}

/** A game's id in a path, checked before it reaches a uuid column (a bad one is a 404, not a database error). */
export const isEventId = isUuid;
