// Game on (docs/game-on.md, issue 33): a game played only when enough players come. The rules both
// sides read: when a game is decided, whether it is met, and what its page is told.
import { z } from "zod";
import { errorKey } from "./i18n/error-key.ts";
import type { HoldStatus } from "./holds.ts";
import { HOLD_PLACED_WITHIN_HOURS } from "./holds.ts";

/** How long before kick-off the decision may be taken (hours), and the default. */
export const DECIDE_HOURS = { min: 2, max: 168, default: 24 } as const;

export type GameOnState = "open" | "deciding" | "on" | "called_off";

/** What a game-on game's page is told (EventSummary.gameOn); null for an ordinary game. */
export interface GameOnView {
  /** Players needed (guests count), and goalkeepers (null: none needed). */
  minPlayers: number;
  minGoalkeepers: number | null;
  decideHours: number;
  /** ISO instant of the decision: kick-off − decideHours. */
  decidesAt: string;
  state: GameOnState;
  /** Split the pitch: its total cost shared by the players held at the decision (the price is then the most each pays); null: a set price. */
  pitchCostCents: number | null;
}

/** The viewer's card hold on a game-on game (MyRegistration.hold): "Your card is held for $10.00". */
export interface HoldView {
  status: HoldStatus;
  amountCents: number;
}

/** The game-on columns a rule reads, as the game's row or its summary carries them. */
export interface GameOnFields {
  startsAt: Date | string;
  gameOnMinPlayers: number | null;
  gameOnMinGoalkeepers: number | null;
  gameOnDecideHours: number;
}

export function isGameOnGame(game: Pick<GameOnFields, "gameOnMinPlayers">): boolean {
  return game.gameOnMinPlayers !== null;
}

/** The instant the game is decided: kick-off − decideHours. */
export function decisionAt(game: Pick<GameOnFields, "startsAt" | "gameOnDecideHours">): Date {
  return new Date(new Date(game.startsAt).getTime() - game.gameOnDecideHours * 3_600_000);
}

/**
 * When a join's hold is placed: now, when the decision is within a hold's life (HOLD_PLACED_WITHIN_HOURS);
 * else the card and consent are kept and a job places it from the returned instant (docs/game-on.md).
 */
export function holdPlacedFrom(game: Pick<GameOnFields, "startsAt" | "gameOnDecideHours">, now: Date): Date | null {
  const from = decisionAt(game).getTime() - HOLD_PLACED_WITHIN_HOURS * 3_600_000;
  return from > now.getTime() ? new Date(from) : null;
}

/** Whether the spots held meet the game's minimum (players count their guests). */
export function minimumMet(game: Pick<GameOnFields, "gameOnMinPlayers" | "gameOnMinGoalkeepers">, held: { players: number; goalkeepers: number }): boolean {
  return held.players >= (game.gameOnMinPlayers ?? 0) && held.goalkeepers >= (game.gameOnMinGoalkeepers ?? 0);
}

export { splitShareCents } from "./split-pitch.ts";

export const PITCH_NEEDS_GAME_ON = errorKey("shared.gameOn.pitchNeedsGameOn");
export const PITCH_NEEDS_PRICE = errorKey("shared.gameOn.pitchNeedsPrice");

export const MIN_PLAYERS_RANGE = errorKey("shared.gameOn.minPlayersRange");
export const MIN_GOALKEEPERS_RANGE = errorKey("shared.gameOn.minGoalkeepersRange");
export const DECIDE_HOURS_RANGE = errorKey("shared.gameOn.decideHoursRange", { min: DECIDE_HOURS.min, max: DECIDE_HOURS.max });

/**
 * The game-on part of the create and edit forms (and a series' template): off (`minPlayers` null or
 * absent), or a minimum of players (1 … the game's max), optionally of goalkeepers (0 … max
 * goalkeepers), and the hours before kick-off it is decided. Checked against the capacity by
 * `checkGameOnAgainstCapacity` once the capacity is known.
 */
export const gameOnInputSchema = z
  .object({
    // `error`: a blank or a word (NaN from the form, a string from a client) says the field's own message.
    gameOnMinPlayers: z.number({ error: MIN_PLAYERS_RANGE }).int(MIN_PLAYERS_RANGE).min(1, MIN_PLAYERS_RANGE).nullable().optional().default(null),
    gameOnMinGoalkeepers: z.number({ error: MIN_GOALKEEPERS_RANGE }).int(MIN_GOALKEEPERS_RANGE).min(0, MIN_GOALKEEPERS_RANGE).nullable().optional().default(null),
    gameOnDecideHours: z.number({ error: DECIDE_HOURS_RANGE }).int(DECIDE_HOURS_RANGE).min(DECIDE_HOURS.min, DECIDE_HOURS_RANGE).max(DECIDE_HOURS.max, DECIDE_HOURS_RANGE).optional().default(DECIDE_HOURS.default),
  });

export type GameOnInput = z.output<typeof gameOnInputSchema>;

/** The minimum cannot ask more than the game holds; a goalkeeper minimum needs goalkeeper spots. */
export function gameOnIssues(input: GameOnInput, capacity: { maxPlayers: number; includeGoalkeepers: boolean; maxGoalkeepers: number }): { path: string; message: string }[] {
  if (input.gameOnMinPlayers === null) return [];
  const issues: { path: string; message: string }[] = [];
  if (input.gameOnMinPlayers > capacity.maxPlayers) issues.push({ path: "gameOnMinPlayers", message: MIN_PLAYERS_RANGE });
  const goalkeepers = input.gameOnMinGoalkeepers ?? 0;
  if (goalkeepers > (capacity.includeGoalkeepers ? capacity.maxGoalkeepers : 0)) issues.push({ path: "gameOnMinGoalkeepers", message: MIN_GOALKEEPERS_RANGE });
  return issues;
}
