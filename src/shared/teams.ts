import type { RegistrationRole } from "./registrations.ts";
import { errorKey, type ErrorText, errorText } from "./i18n/error-key.ts";
import type { SharedKey } from "./i18n/catalogs/areas.ts";

/**
 * Fair teams at the pitch (docs/teams-and-ratings.md): the rules as pure functions, so the admin's
 * screen shows what the server will accept (sizes, keepers, the clock) and the server enforces the same.
 */

const MINUTE = 60_000;

/** Teams can be made from this long before kick-off (when check-in opens). */
export const TEAMS_OPEN_BEFORE_START_MS = 60 * MINUTE;
export const MIN_TEAMS = 2;
export const MAX_TEAMS = 4;
/** A team needs at least this many players (3 or 4 teams are for big games). */
export const MIN_PLAYERS_PER_TEAM = 2;
/** A score is two whole numbers from 0 to 99. */
export const MAX_GOALS = 99;
/** Short games in one result: more is a typing slip. */
export const MAX_SCORES = 20;

/** The model's defaults (Weng-Lin, as the openskill library sets them). */
export const DEFAULT_MU = 25;
export const DEFAULT_SIGMA = 25 / 3;
const BETA = DEFAULT_SIGMA / 2;

/** The organiser's rough rating: 1 to 5 stars move a new player's starting mu. */
export const MIN_STARS = 1;
export const MAX_STARS = 5;
export function muFromStars(stars: number | null): number {
  return stars === null ? DEFAULT_MU : DEFAULT_MU + (stars - 3) * 4;
}

/**
 * What the players call each team: the side with the bibs and the side without (more teams, more
 * colours). In English, as the published teams' answer names them (data, like a player's name); the
 * screens word `teamNameText` in the reader's language (the "shared" area's `shared.teams.name`).
 */
export function teamName(index: number, teamCount: number): string {
  if (teamCount <= 2) return index === 0 ? "Bibs" : "No bibs";
  return ["Orange bibs", "No bibs", "Blue bibs", "Yellow bibs"][index] ?? `Team ${index + 1}`;
}

/** A team's name by key, for the screens: `shared.teams.name` chooses the same words as `teamName`. */
export function teamNameText(index: number, teamCount: number): ErrorText {
  const team = teamCount <= 2 ? (index === 0 ? "bibs" : "noBibs") : (["orange", "noBibs", "blue", "yellow"][index] ?? "numbered");
  return errorText("shared.teams.name", { team, number: index + 1 });
}

export const TEAMS_MESSAGES = {
  notYet: errorKey("shared.teams.notYet"),
  cancelled: errorKey("shared.teams.cancelled"),
  resultsTooEarly: errorKey("shared.teams.resultsTooEarly"),
  notPublished: errorKey("shared.teams.notPublished"),
  tooFewPlayers: errorKey("shared.teams.tooFewPlayers"),
  notAPlayer: errorKey("shared.teams.notAPlayer"),
  twice: errorKey("shared.teams.twice"),
  unevenSizes: errorKey("shared.teams.unevenSizes"),
  unevenKeepers: errorKey("shared.teams.unevenKeepers"),
  lockBroken: errorKey("shared.teams.lockBroken"),
  missing: errorKey("shared.teams.missing"),
  unknownTeam: errorKey("shared.teams.unknownTeam"),
  sameTeam: errorKey("shared.teams.sameTeam"),
  // A guest in the teams who no longer plays (docs/teams-and-ratings.md, "Guests"): which rule, said on a save.
  guestRemoved: errorKey("shared.teams.guestRemoved"),
  guestPartyGone: errorKey("shared.teams.guestPartyGone"),
  guestHostNotCheckedIn: errorKey("shared.teams.guestHostNotCheckedIn"),
  guestNoRating: errorKey("shared.teams.guestNoRating"),
} as const;

export type TeamsWindowState = "not_yet" | "open" | "cancelled";

export interface TeamsGame {
  startsAt: string | Date;
  status: "active" | "cancelled";
}

/** Teams: from 60 minutes before kick-off on, as long as the game is not cancelled. */
export function teamsWindow(game: TeamsGame, now: Date): { state: TeamsWindowState; opensAt: string } {
  const opensAt = new Date(game.startsAt).getTime() - TEAMS_OPEN_BEFORE_START_MS;
  const state: TeamsWindowState = game.status === "cancelled" ? "cancelled" : now.getTime() < opensAt ? "not_yet" : "open";
  return { state, opensAt: new Date(opensAt).toISOString() };
}

/** Results: from kick-off on. */
export function canEnterResults(game: TeamsGame, now: Date): boolean {
  return game.status !== "cancelled" && now.getTime() >= new Date(game.startsAt).getTime();
}

export interface RatedPlayer {
  mu: number;
  sigma: number;
}

/** A team's strength as the model adds it up: the sum of its players' mu. */
export function teamStrength(players: readonly RatedPlayer[]): number {
  return players.reduce((sum, player) => sum + player.mu, 0);
}

/**
 * Each team's predicted chance of winning, the way openskill's predictWin computes it (pairwise
 * normal probabilities, averaged): the screen updates it after a swap without asking the server.
 * teams.test.ts checks it against the library.
 */
export function winChances(teams: readonly (readonly RatedPlayer[])[]): number[] {
  const n = teams.length;
  const pairs = (n * (n - 1)) / 2;
  const sums = teams.map((team) => ({ mu: teamStrength(team), variance: team.reduce((sum, player) => sum + player.sigma ** 2, 0) }));
  const wins = new Array<number>(n).fill(0);
  // Each pair once: one side's chance, and the rest to the other, so the chances add up to 1.
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const a = sums[i]!;
      const b = sums[j]!;
      const p = normalCdf((a.mu - b.mu) / Math.sqrt(n * BETA ** 2 + a.variance + b.variance));
      wins[i]! += p;
      wins[j]! += 1 - p;
    }
  }
  return wins.map((total) => total / pairs);
}

/** The standard normal distribution (Abramowitz and Stegun 7.1.26 for erf: error below 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** A member of the pool as the split's rules see it: their member id (a registration's or a guest's) and role. */
export interface SheetPlayer {
  memberId: string;
  role: RegistrationRole;
}

/**
 * Whether a split keeps the rules: everyone in `pool` exactly once, nobody else, goalkeepers spread
 * (counts per team within one), outfield sizes within one, locks kept. Null when it does; else the
 * refusal's words.
 */
export function checkSplit(options: {
  teams: readonly (readonly string[])[];
  pool: readonly SheetPlayer[];
  locks: Readonly<Record<string, number>>;
  minPerTeam?: number;
}): SharedKey | null {
  const { teams, pool, locks, minPerTeam = MIN_PLAYERS_PER_TEAM } = options;
  const roles = new Map(pool.map((player) => [player.memberId, player.role]));
  if (pool.length < teams.length * minPerTeam) return TEAMS_MESSAGES.tooFewPlayers;
  const seen = new Set<string>();
  for (const team of teams) {
    for (const id of team) {
      if (!roles.has(id)) return TEAMS_MESSAGES.notAPlayer;
      if (seen.has(id)) return TEAMS_MESSAGES.twice;
      seen.add(id);
    }
  }
  if (seen.size !== roles.size) return TEAMS_MESSAGES.missing;
  const within = (counts: number[]) => Math.max(...counts) - Math.min(...counts) <= 1;
  if (!within(teams.map((team) => team.filter((id) => roles.get(id) === "goalkeeper").length))) return TEAMS_MESSAGES.unevenKeepers;
  if (!within(teams.map((team) => team.filter((id) => roles.get(id) === "player").length))) return TEAMS_MESSAGES.unevenSizes;
  for (const [id, team] of Object.entries(locks)) if (!teams[team]?.includes(id)) return TEAMS_MESSAGES.lockBroken;
  return null;
}

/**
 * One player on the admin's screen: their rating with its uncertainty (admins only). A +1 guest is a
 * candidate of their own (docs/teams-and-ratings.md, "Guests"): an outfield player at the default
 * rating, never rated, named with the player who brought them.
 */
export interface TeamsCandidate {
  /**
   * The id teams, locks and swaps name: the registration's id for a player, the guest's id
   * (registration_guest) for a guest. Both are UUIDs from different tables: never the same.
   */
  memberId: string;
  /** A player's full name; a guest's own name ("Sam"), shown with `guestOf`. */
  name: string;
  /** For a guest: the party they came with (the player's registration and name); null for a player. */
  guestOf: TeamsHost | null;
  role: RegistrationRole;
  checkedIn: boolean;
  mu: number;
  sigma: number;
  /** Games rated so far. */
  games: number;
  /** The organiser's rough rating, or null. */
  stars: number | null;
  /** False for a deleted account or a guest: they play but are not rated. */
  rated: boolean;
}

/** The player who brought a guest. */
export interface TeamsHost {
  registrationId: string;
  name: string;
}

/**
 * Why someone in the saved teams is no longer in the pool: their spot (or, for a guest, their
 * player's) is no longer confirmed, they (or their player) are not checked in while check-in has
 * started, or the guest was removed from the party.
 */
export type TeamsGoneReason = "not_confirmed" | "not_checked_in" | "guest_removed";

/** Someone in the saved teams who no longer plays: the teams no longer match the players. */
export interface TeamsGoneMember {
  memberId: string;
  name: string;
  guestOf: TeamsHost | null;
  reason: TeamsGoneReason;
}

export interface TeamsScore {
  /** Team indexes (0-based). */
  teams: [number, number];
  goals: [number, number];
}

/** GET /api/admin/events/:id/teams (admins). */
export interface TeamsSheet {
  event: { id: string; title: string; startsAt: string; endsAt: string; status: "active" | "cancelled" };
  window: { state: TeamsWindowState; opensAt: string };
  canEnterResults: boolean;
  /** "checked_in" once anyone is checked in; before that, the confirmed players. */
  poolSource: "checked_in" | "confirmed";
  candidates: TeamsCandidate[];
  /**
   * The teams saved (a draft or published; member ids), or null. `gone`: who in them no longer plays
   * (a guest removed, a party cancelled, someone not checked in), for the screen to name.
   */
  saved: { teams: string[][]; locks: Record<string, number>; publishedAt: string | null; gone: TeamsGoneMember[] } | null;
  scores: TeamsScore[];
}

/** POST /api/admin/events/:id/teams/suggestions */
export interface TeamsSuggestions {
  splits: { teams: string[][]; strengths: number[]; winChances: number[] }[];
  searched: number;
  exhaustive: boolean;
  ms: number;
}

/** GET /api/events/:id/teams (players): names and colours, never a number that ranks anyone. */
export interface PublishedTeams {
  published: boolean;
  /** `guestOf`: for a +1 guest, the name of the player who brought them ("Sam (guest of Pia Pitch)" on the page). */
  teams: { name: string; players: { name: string; role: RegistrationRole; guestOf?: string }[] }[];
  /** The viewer's own team's index, or null. */
  yours: number | null;
  scores: TeamsScore[];
}
