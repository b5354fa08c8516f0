import { type ErrorText, errorText } from "#shared/i18n/error-key.ts";
import { wordError } from "#server/i18n/error-language.ts";

/**
 * Splitting a game's players into fair teams (docs/teams-and-ratings.md, "Making teams"). Pure: the
 * same players, ratings and locks always give the same splits, in the same order.
 *
 * The rules every split keeps: goalkeepers are spread first (their counts per team differ by at most
 * one, so with two keepers and two teams one each), outfield players likewise (team sizes differ by
 * at most one), a locked player stays in the team they are locked to, and players kept together
 * (a guest with the player who brought them, two friends the organiser keeps together: `together`)
 * share a team. Among those splits the
 * best minimise the gap between the strongest and the weakest team's strength (the sum of the
 * players' mu, as the rating model adds them up).
 *
 * While the splits number at most `exhaustiveLimit`, every one is looked at (a depth-first search
 * that places players one at a time; teams with nothing pinned are interchangeable, so a player may
 * open only the first empty one of them). Above, a heuristic: deterministic starts (a snake draft,
 * then seeded shuffles) each improved by the best swap or move of two players until none helps.
 */

export type SplitRole = "player" | "goalkeeper";

export interface SplitPlayer {
  id: string;
  role: SplitRole;
  mu: number;
}

export interface SplitInput {
  players: readonly SplitPlayer[];
  teamCount: number;
  /** Player id → team index (0-based): that player stays there. */
  locks?: Readonly<Record<string, number>>;
  /**
   * Groups of player ids that must share a team, whichever it is (groups that share a player merge).
   * A group with a locked member goes to that member's team. Refused with a SplitError when no split
   * of even sizes can keep them (docs/teams-and-ratings.md, "Kept together").
   */
  together?: readonly (readonly string[])[];
  /** How many of the best distinct splits to return (for re-roll). */
  keep?: number;
  /** Above this many splits the heuristic runs instead of the exhaustive search. */
  exhaustiveLimit?: number;
}

export interface Split {
  /** Player ids per team: goalkeepers first, then by id. */
  teams: string[][];
  strengths: number[];
  /** Strongest minus weakest team's strength: what the search minimises. */
  gap: number;
}

export interface SplitResult {
  splits: Split[];
  /** Complete splits scored: every split when exhaustive, the ones tried by the heuristic else. */
  searched: number;
  exhaustive: boolean;
}

export const DEFAULT_KEEP = 5;
/** Two teams of 20 outfield players and two keepers is 184,756 splits: searched in full (bench/teams.ts). */
export const DEFAULT_EXHAUSTIVE_LIMIT = 200_000;
const HEURISTIC_STARTS = 24;

/** Why a split cannot be made, by key (the "errors" area); its `message` is the English. */
export class SplitError extends Error {
  override name = "SplitError";
  constructor(readonly text: ErrorText) {
    super(wordError(text, "en"));
  }
}

interface Group {
  /** Indexes into the sorted players. */
  members: number[];
  /** Per team: locked members already there. */
  locked: number[];
  floor: number;
  /** Teams that get one more than `floor`. */
  extra: number;
}

/** Splits `players` into `teamCount` teams; throws SplitError when the locks cannot be kept with balanced sizes. */
export function splitTeams(input: SplitInput): SplitResult {
  const { teamCount } = input;
  const keep = input.keep ?? DEFAULT_KEEP;
  const limit = input.exhaustiveLimit ?? DEFAULT_EXHAUSTIVE_LIMIT;
  if (!Number.isInteger(teamCount) || teamCount < 2) throw new SplitError(errorText("errors.teams.atLeastTwo"));
  const ids = new Set<string>();
  for (const player of input.players) {
    if (ids.has(player.id)) throw new SplitError(errorText("errors.teams.listedTwice", { id: player.id }));
    ids.add(player.id);
  }
  if (input.players.length < teamCount) throw new SplitError(errorText("errors.teams.needPlayers", { teams: String(teamCount), players: String(teamCount) }));

  // Stable order: keepers first (placed first, so their spread is settled early), then by id.
  const players = [...input.players].sort((a, b) => roleOrder(a.role) - roleOrder(b.role) || compareIds(a.id, b.id));
  const lockOf = players.map((player) => {
    const team = input.locks?.[player.id];
    if (team === undefined) return -1;
    if (!Number.isInteger(team) || team < 0 || team >= teamCount) throw new SplitError(errorText("errors.teams.lockNamesUnknownTeam", { team: String(team + 1) }));
    return team;
  });
  for (const id of Object.keys(input.locks ?? {})) if (!ids.has(id)) throw new SplitError(errorText("errors.teams.lockedNotAPlayer", { id }));

  // The locks alone first, so that a lock's own fault is said as such.
  (["goalkeeper", "player"] as const).forEach((role) => groupOf(players, lockOf, role, teamCount));
  const bundleOf = bundlesOf(players, input.together ?? [], teamCount);
  const pinned = pinBundles(lockOf, bundleOf);
  let groups: Group[];
  try {
    groups = (["goalkeeper", "player"] as const).map((role) => groupOf(players, pinned, role, teamCount));
  } catch (error) {
    // The locks were fine alone: it is their bundles that overfill a team.
    if (error instanceof SplitError) throw new SplitError(errorText("errors.teams.togetherImpossible"));
    throw error;
  }
  const context: Context = { players, lockOf: pinned, groups, teamCount, keep, bundleOf };
  const count = countSplits(context);
  const result = count <= limit ? exhaustive(context) : heuristic(context);
  // Bundles that no split of even sizes can hold (three pairs for two teams of three, say).
  if (result.splits.length === 0) throw new SplitError(errorText("errors.teams.togetherImpossible"));
  return result;
}

/**
 * Each player's bundle (an index, or -1 when they are kept with nobody): the groups kept together,
 * merged where they share a player. A bundle with more of a role than one team can take is refused.
 */
function bundlesOf(players: SplitPlayer[], together: readonly (readonly string[])[], teamCount: number): number[] {
  const indexOf = new Map(players.map((player, index) => [player.id, index]));
  const parent = players.map((_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index]!)));
  const linked = new Set<number>();
  for (const group of together) {
    const members = group.map((id) => {
      const index = indexOf.get(id);
      if (index === undefined) throw new SplitError(errorText("errors.teams.togetherNotAPlayer", { id }));
      return index;
    });
    for (const index of members) {
      linked.add(index);
      parent[root(index)] = root(members[0]!);
    }
  }
  const roots = new Map<number, number>();
  const bundleOf = players.map((_, index) => {
    if (!linked.has(index)) return -1;
    const key = root(index);
    if (!roots.has(key)) roots.set(key, roots.size);
    return roots.get(key)!;
  });
  for (const role of ["goalkeeper", "player"] as const) {
    const total = players.filter((player) => player.role === role).length;
    const most = Math.ceil(total / teamCount);
    const perBundle = new Map<number, number>();
    players.forEach((player, index) => {
      if (player.role === role && bundleOf[index]! >= 0) perBundle.set(bundleOf[index]!, (perBundle.get(bundleOf[index]!) ?? 0) + 1);
    });
    for (const size of perBundle.values()) if (size > most) throw new SplitError(errorText("errors.teams.togetherTooBig", { count: String(size), most: String(most) }));
  }
  return bundleOf;
}

/** The locks with each bundle pinned where one of its members is locked; two members locked apart are refused. */
function pinBundles(lockOf: number[], bundleOf: number[]): number[] {
  const teamOfBundle = new Map<number, number>();
  bundleOf.forEach((bundle, index) => {
    if (bundle < 0 || lockOf[index]! < 0) return;
    const before = teamOfBundle.get(bundle);
    if (before !== undefined && before !== lockOf[index]) throw new SplitError(errorText("errors.teams.togetherLockedApart"));
    teamOfBundle.set(bundle, lockOf[index]!);
  });
  return lockOf.map((team, index) => (team >= 0 ? team : (teamOfBundle.get(bundleOf[index]!) ?? -1)));
}

interface Context {
  players: SplitPlayer[];
  /** The locks, and the bundles pinned by them. */
  lockOf: number[];
  groups: Group[];
  teamCount: number;
  keep: number;
  /** Per player: the bundle they are kept in, or -1. */
  bundleOf: number[];
}

const roleOrder = (role: SplitRole) => (role === "goalkeeper" ? 0 : 1);
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function groupOf(players: SplitPlayer[], lockOf: number[], role: SplitRole, teamCount: number): Group {
  const members = players.flatMap((player, index) => (player.role === role ? [index] : []));
  const locked = new Array<number>(teamCount).fill(0);
  for (const index of members) if (lockOf[index]! >= 0) locked[lockOf[index]!]! += 1;
  const floor = Math.floor(members.length / teamCount);
  const extra = members.length % teamCount;
  const ceil = extra > 0 ? floor + 1 : floor;
  const full = locked.filter((n) => n === ceil && extra > 0).length;
  if (locked.some((n) => n > ceil) || full > extra) {
    throw new SplitError(errorText(role === "goalkeeper" ? "errors.teams.locksTooManyGoalkeepers" : "errors.teams.locksUnbalanced"));
  }
  return { members, locked, floor, extra };
}

/** Teams with no locked player at all are interchangeable: a split and its relabelling are one. */
function freeTeams(context: Context): boolean[] {
  const free = new Array<boolean>(context.teamCount).fill(true);
  context.lockOf.forEach((team) => {
    if (team >= 0) free[team] = false;
  });
  return free;
}

/** How many distinct splits there are (an upper bound when some teams are interchangeable). */
function countSplits(context: Context): number {
  let total = 1;
  for (const group of context.groups) {
    const unlocked = group.members.filter((index) => context.lockOf[index]! < 0).length;
    // Ways to give each team its share: the multinomial of the free places, times the choices of
    // which teams take the extra players, bounded above without minding which are already full.
    let ways = factorial(unlocked);
    const capacities = group.locked.map((locked, team) => (team < group.extra ? group.floor + 1 : group.floor) - locked);
    for (const capacity of capacities) ways /= factorial(Math.max(0, capacity));
    total *= ways * binomial(context.teamCount, group.extra);
  }
  const interchangeable = freeTeams(context).filter(Boolean).length;
  return total / factorial(interchangeable);
}

function factorial(n: number): number {
  let result = 1;
  for (let k = 2; k <= n; k += 1) result *= k;
  return result;
}

function binomial(n: number, k: number): number {
  return factorial(n) / (factorial(k) * factorial(n - k));
}

/** The best splits seen, kept sorted by gap; a later split with the same gap comes after (first found wins). */
class Best {
  readonly items: { gap: number; assignment: Int8Array; key: string | null }[] = [];
  constructor(private readonly keep: number) {}
  worst(): number {
    return this.items.length < this.keep ? Infinity : this.items[this.items.length - 1]!.gap;
  }
  /** `key` names the split up to relabelling, for searches that may find one split twice (the heuristic). */
  offer(gap: number, assignment: Int8Array, key: string | null = null): void {
    if (gap >= this.worst()) return;
    if (key !== null && this.items.some((item) => item.key === key)) return;
    let at = this.items.length;
    while (at > 0 && this.items[at - 1]!.gap > gap) at -= 1;
    this.items.splice(at, 0, { gap, assignment: Int8Array.from(assignment), key });
    if (this.items.length > this.keep) this.items.pop();
  }
}

function exhaustive(context: Context): SplitResult {
  const { players, lockOf, groups, teamCount } = context;
  const best = new Best(context.keep);
  const assignment = new Int8Array(players.length).fill(-1);
  const strengths = new Float64Array(teamCount);
  const free = freeTeams(context);
  /** Per team: members placed, per group. */
  const counts = groups.map((group) => Int32Array.from(group.locked));
  const atCeil = groups.map((group, g) => counts[g]!.filter((n) => group.extra > 0 && n === group.floor + 1).length);
  /** Per team: how many players are in it so far (for the first-empty rule among interchangeable teams). */
  const sizes = new Int32Array(teamCount);
  lockOf.forEach((team, index) => {
    if (team < 0) return;
    assignment[index] = team;
    strengths[team]! += players[index]!.mu;
    sizes[team]! += 1;
  });
  const order = groups.flatMap((group, g) => group.members.filter((index) => lockOf[index]! < 0).map((index) => [index, g] as const));
  // Per bundle: the team its first placed member went to, and how many of it are placed.
  const bundleCount = Math.max(0, ...context.bundleOf) + 1;
  const bundleTeam = new Int8Array(bundleCount).fill(-1);
  const bundlePlaced = new Int32Array(bundleCount);
  let searched = 0;

  const place = (at: number): void => {
    if (at === order.length) {
      searched += 1;
      let max = -Infinity;
      let min = Infinity;
      for (let team = 0; team < teamCount; team += 1) {
        if (strengths[team]! > max) max = strengths[team]!;
        if (strengths[team]! < min) min = strengths[team]!;
      }
      best.offer(max - min, assignment);
      return;
    }
    const [index, g] = order[at]!;
    const group = groups[g]!;
    const count = counts[g]!;
    const bundle = context.bundleOf[index]!;
    // A bundle already begun goes on in the same team.
    const only = bundle >= 0 ? bundleTeam[bundle]! : -1;
    let openedEmpty = false;
    for (let team = 0; team < teamCount; team += 1) {
      if (only >= 0 && team !== only) continue;
      if (free[team] && sizes[team] === 0) {
        // Interchangeable empty teams: trying the first is enough.
        if (openedEmpty) continue;
        openedEmpty = true;
      }
      const n = count[team]!;
      if (n > group.floor || (n === group.floor && atCeil[g]! >= group.extra)) continue;
      count[team] = n + 1;
      if (n === group.floor) atCeil[g]! += 1;
      sizes[team]! += 1;
      strengths[team]! += players[index]!.mu;
      assignment[index] = team;
      if (bundle >= 0) {
        bundlePlaced[bundle]! += 1;
        bundleTeam[bundle] = team;
      }
      place(at + 1);
      if (bundle >= 0) {
        bundlePlaced[bundle]! -= 1;
        if (bundlePlaced[bundle] === 0) bundleTeam[bundle] = -1;
      }
      assignment[index] = -1;
      strengths[team]! -= players[index]!.mu;
      sizes[team]! -= 1;
      if (n === group.floor) atCeil[g]! -= 1;
      count[team] = n;
    }
  };
  place(0);
  return { splits: best.items.map((item) => toSplit(context, item.assignment)), searched, exhaustive: true };
}

/** A seeded generator (mulberry32): the heuristic's shuffles are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function heuristic(context: Context): SplitResult {
  const { players, lockOf, groups, teamCount } = context;
  const best = new Best(context.keep);
  let searched = 0;
  const random = seededRandom(20_26);

  const groupOfRole = (role: SplitRole) => (role === "goalkeeper" ? 0 : 1);
  // Bundles not pinned by a lock: placed first, each whole, then never swapped apart.
  const bundles = new Map<number, number[]>();
  context.bundleOf.forEach((bundle, index) => {
    if (bundle >= 0 && lockOf[index]! < 0) bundles.set(bundle, [...(bundles.get(bundle) ?? []), index]);
  });
  const bundleMu = (members: number[]) => members.reduce((sum, index) => sum + players[index]!.mu, 0);

  for (let start = 0; start < HEURISTIC_STARTS; start += 1) {
    const assignment = new Int8Array(players.length).fill(-1);
    lockOf.forEach((team, index) => {
      if (team >= 0) assignment[index] = team;
    });
    const counts = groups.map((group) => Array.from(group.locked));
    const strengths = teamStrengths(context, assignment);
    const put = (index: number, team: number) => {
      assignment[index] = team;
      counts[groupOfRole(players[index]!.role)]![team]! += 1;
      strengths[team]! += players[index]!.mu;
    };
    // The first start is a snake draft by strength; the others shuffle the order of picks.
    const blocks = [...bundles.values()];
    const bundleOrder = start === 0 ? blocks.sort((a, b) => bundleMu(b) - bundleMu(a)) : shuffle(blocks.map((_, i) => i), random).map((i) => blocks[i]!);
    let placedAll = true;
    for (const members of bundleOrder) {
      const need = [0, 0];
      for (const index of members) need[groupOfRole(players[index]!.role)]! += 1;
      let chosen = -1;
      for (let team = 0; team < teamCount; team += 1) {
        if (!groups.every((group, g) => fits(group, counts[g]!, team, need[g]!))) continue;
        if (chosen < 0 || strengths[team]! < strengths[chosen]!) chosen = team;
      }
      if (chosen < 0) {
        placedAll = false;
        break;
      }
      for (const index of members) put(index, chosen);
    }
    // This order of bundles left one with no room: another start may fit them.
    if (!placedAll) continue;
    groups.forEach((group, g) => {
      const unlocked = group.members.filter((index) => assignment[index]! < 0);
      const picks = start === 0 ? [...unlocked].sort((a, b) => players[b]!.mu - players[a]!.mu || a - b) : shuffle(unlocked, random);
      for (const index of picks) {
        let chosen = -1;
        for (let team = 0; team < teamCount; team += 1) {
          if (!fits(group, counts[g]!, team, 1)) continue;
          // Greedy: the weakest team with room takes the next pick.
          if (chosen < 0 || strengths[team]! < strengths[chosen]!) chosen = team;
        }
        put(index, chosen);
      }
    });
    // The swaps leave the bundles where they were placed, as they do the locked players.
    const fixed = lockOf.map((team, index) => (team >= 0 ? team : context.bundleOf[index]! >= 0 ? assignment[index]! : -1));
    searched += improveBySwaps({ ...context, lockOf: fixed }, assignment);
    best.offer(gapOf(teamStrengths(context, assignment)), assignment, canonicalKey(assignment, freeTeams(context)));
  }
  return { splits: best.items.map((item) => toSplit(context, item.assignment)), searched, exhaustive: false };
}

/** Whether `team` can take `k` more of a role and the sizes still differ by at most one. */
function fits(group: Group, count: number[], team: number, k: number): boolean {
  if (k === 0) return true;
  const next = count[team]! + k;
  if (next <= group.floor) return true;
  if (next > group.floor + 1 || group.extra === 0) return false;
  return count.filter((n, other) => other !== team && n === group.floor + 1).length < group.extra;
}

function shuffle(items: number[], random: () => number): number[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * Local search: the best swap of two unlocked players of the same role in different teams, or the
 * best move of one to a team with one fewer of that role (sizes stay within one), until no change
 * narrows the gap. Returns the splits scored.
 */
function improveBySwaps(context: Context, assignment: Int8Array): number {
  const { players, lockOf } = context;
  const strengths = teamStrengths(context, assignment);
  const roleCounts = (role: SplitRole) => {
    const count = new Array<number>(context.teamCount).fill(0);
    players.forEach((player, index) => {
      if (player.role === role) count[assignment[index]!]! += 1;
    });
    return count;
  };
  let scored = 0;
  for (;;) {
    const current = gapOf(strengths);
    let bestGap = current;
    let bestChange: (() => void) | null = null;
    for (let a = 0; a < players.length; a += 1) {
      if (lockOf[a]! >= 0) continue;
      const teamA = assignment[a]!;
      for (let b = a + 1; b < players.length; b += 1) {
        if (lockOf[b]! >= 0 || players[b]!.role !== players[a]!.role) continue;
        const teamB = assignment[b]!;
        if (teamA === teamB) continue;
        const delta = players[b]!.mu - players[a]!.mu;
        strengths[teamA]! += delta;
        strengths[teamB]! -= delta;
        const gap = gapOf(strengths);
        strengths[teamA]! -= delta;
        strengths[teamB]! += delta;
        scored += 1;
        if (gap < bestGap - 1e-12) {
          bestGap = gap;
          bestChange = () => {
            assignment[a] = teamB;
            assignment[b] = teamA;
            strengths[teamA]! += delta;
            strengths[teamB]! -= delta;
          };
        }
      }
      const count = roleCounts(players[a]!.role);
      for (let team = 0; team < context.teamCount; team += 1) {
        // A move keeps the sizes within one only from a team with one more to a team with one fewer.
        if (team === teamA || count[team]! + 1 !== count[teamA]!) continue;
        const mu = players[a]!.mu;
        strengths[teamA]! -= mu;
        strengths[team]! += mu;
        const gap = gapOf(strengths);
        strengths[teamA]! += mu;
        strengths[team]! -= mu;
        scored += 1;
        if (gap < bestGap - 1e-12) {
          bestGap = gap;
          bestChange = () => {
            assignment[a] = team;
            strengths[teamA]! -= mu;
            strengths[team]! += mu;
          };
        }
      }
    }
    if (!bestChange) return scored;
    bestChange();
  }
}

function teamStrengths(context: Context, assignment: Int8Array): number[] {
  const strengths = new Array<number>(context.teamCount).fill(0);
  context.players.forEach((player, index) => {
    if (assignment[index]! >= 0) strengths[assignment[index]!]! += player.mu;
  });
  return strengths;
}

function gapOf(strengths: readonly number[]): number {
  return Math.max(...strengths) - Math.min(...strengths);
}

/** One key per split up to relabelling the interchangeable teams: each such team is named by its first player. */
function canonicalKey(assignment: Int8Array, free: boolean[]): string {
  const rename = new Map<number, number>();
  let next = 100;
  return Array.from(assignment, (team) => {
    if (!free[team]) return team;
    if (!rename.has(team)) rename.set(team, next++);
    return rename.get(team)!;
  }).join(",");
}

function toSplit(context: Context, assignment: Int8Array): Split {
  const teams = Array.from({ length: context.teamCount }, () => [] as string[]);
  context.players.forEach((player, index) => teams[assignment[index]!]!.push(player.id));
  const strengths = teamStrengths(context, assignment);
  return { teams, strengths, gap: gapOf(strengths) };
}
