import { checkSplit, type TeamsCandidate, teamStrength, winChances } from "#shared/teams.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";

/**
 * The teams on the admin's screen before they are published: the split, the locks, and what a swap
 * or a lock does to them. Pure, so the screen shows at once what the server will check again.
 */
export interface Draft {
  /** Member ids per team: a player's registration id, a guest's own id (shared/teams.ts, TeamsCandidate). */
  teams: string[][];
  locks: Record<string, number>;
}

export function teamOf(draft: Draft, memberId: string): number {
  return draft.teams.findIndex((team) => team.includes(memberId));
}

/** Locks a player (or a guest) to the team they are in now, or unlocks them. */
export function toggleLock(draft: Draft, memberId: string): Draft {
  const locks = { ...draft.locks };
  if (memberId in locks) delete locks[memberId];
  else locks[memberId] = teamOf(draft, memberId);
  return { ...draft, locks };
}

/**
 * Why two players cannot swap, or null: they must be in different teams and both outfield players
 * or both goalkeepers (a keeper for an outfield player would leave a team without its keeper).
 */
export function swapRefusal(draft: Draft, candidates: readonly TeamsCandidate[], a: string, b: string): string | null {
  const role = (id: string) => candidates.find((candidate) => candidate.memberId === id)?.role;
  if (teamOf(draft, a) === teamOf(draft, b)) return t("admin.teams.sameTeam");
  if (role(a) !== role(b)) return t("admin.teams.sameRole");
  return null;
}

/** The two players change teams; a lock goes along with its player (the admin moved them on purpose). */
export function swapPlayers(draft: Draft, a: string, b: string): Draft {
  const teamA = teamOf(draft, a);
  const teamB = teamOf(draft, b);
  const teams = draft.teams.map((team, index) => team.map((id) => (index === teamA && id === a ? b : index === teamB && id === b ? a : id)));
  const locks = { ...draft.locks };
  if (a in locks) locks[a] = teamB;
  if (b in locks) locks[b] = teamA;
  return { teams, locks };
}

export interface DraftFigures {
  strengths: number[];
  winChances: number[];
  /** Why the server would refuse these teams (in the screens' language), or null. */
  refusal: string | null;
}

export function draftFigures(draft: Draft, candidates: readonly TeamsCandidate[]): DraftFigures {
  const byId = new Map(candidates.map((candidate) => [candidate.memberId, candidate]));
  const rated = draft.teams.map((team) => team.flatMap((id) => byId.get(id) ?? []));
  return {
    strengths: rated.map(teamStrength),
    winChances: winChances(rated),
    refusal: refusalOf(checkSplit({ teams: draft.teams, pool: candidates, locks: draft.locks })),
  };
}

// The split's rules and their words are shared with the server (shared/teams.ts).
function refusalOf(english: string | null): string | null {
  return english === null ? null : sharedMessage(english);
}

/** Re-roll: the split after the one shown among the best few (the first when the one shown is not among them). */
export function nextSplit(splits: readonly string[][][], shown: readonly string[][]): string[][] | null {
  if (splits.length === 0) return null;
  const key = (teams: readonly (readonly string[])[]) => JSON.stringify(teams.map((team) => [...team].sort()));
  const at = splits.findIndex((split) => key(split) === key(shown));
  return splits[(at + 1) % splits.length]!;
}

/**
 * Who must play in one team (docs/teams-and-ratings.md, "Kept together"): the guests let play apart
 * from the player who brought them, and the pairs the organiser keeps together. Sent with every
 * suggestion and save; the server enforces both (server/teams/kept-together.ts).
 */
export interface Kept {
  guestsApart: string[];
  together: string[][];
}

/** On opening saved teams: a guest saved in another team than their player was let apart. */
export function keptOfSaved(teams: readonly (readonly string[])[] | undefined, candidates: readonly TeamsCandidate[]): Kept {
  const teamOf = (id: string) => teams?.findIndex((team) => team.includes(id)) ?? -1;
  const guestsApart = candidates.flatMap((candidate) => {
    if (!candidate.guestOf || !teams) return [];
    const [guest, host] = [teamOf(candidate.memberId), teamOf(candidate.guestOf.registrationId)];
    return guest >= 0 && host >= 0 && guest !== host ? [candidate.memberId] : [];
  });
  return { guestsApart, together: [] };
}

/** What the teams shown break of "kept together", in the screen's words (the server says the same on a save), or null. */
export function keptRefusal(draft: Draft, candidates: readonly TeamsCandidate[], kept: Kept, name: (id: string) => string): string | null {
  for (const candidate of candidates) {
    if (!candidate.guestOf || kept.guestsApart.includes(candidate.memberId)) continue;
    const host = teamOf(draft, candidate.guestOf.registrationId);
    if (host >= 0 && teamOf(draft, candidate.memberId) !== host) return t("admin.teams.together.guestAway", { guest: name(candidate.memberId), host: candidate.guestOf.name });
  }
  for (const [a, b] of kept.together) {
    if (teamOf(draft, a!) !== teamOf(draft, b!)) return t("admin.teams.together.pairAway", { a: name(a!), b: name(b!) });
  }
  return null;
}
