import type { TeamsCandidate } from "#shared/teams.ts";
import { type ErrorText, errorText } from "#shared/i18n/error-key.ts";

/**
 * Who must play in one team (docs/teams-and-ratings.md, "Kept together"): each +1 guest with the
 * player who brought them, unless the organiser lets that guest play apart, and the groups the
 * organiser keeps together. The splitter keeps them (split-teams.ts, `together`); a save checks them.
 */
export interface KeptTogether {
  together?: readonly (readonly string[])[];
  guestsApart?: readonly string[];
}

/** The groups the split must keep whole: guests with their player, then the organiser's own. */
export function togetherGroups(pool: readonly TeamsCandidate[], kept: KeptTogether): string[][] {
  const apart = new Set(kept.guestsApart ?? []);
  const inPool = new Set(pool.map((candidate) => candidate.memberId));
  const guests = pool.flatMap((candidate) =>
    candidate.guestOf && !apart.has(candidate.memberId) && inPool.has(candidate.guestOf.registrationId) ? [[candidate.guestOf.registrationId, candidate.memberId]] : [],
  );
  return [...guests, ...(kept.together ?? []).map((group) => [...group])];
}

/** A member kept together who is not in the pool (the first one), or null. */
export function strangerKeptTogether(pool: readonly TeamsCandidate[], kept: KeptTogether): string | null {
  const inPool = new Set(pool.map((candidate) => candidate.memberId));
  return [...(kept.together ?? []).flat(), ...(kept.guestsApart ?? [])].find((id) => !inPool.has(id)) ?? null;
}

/** Why saved teams break a "kept together" rule (a guest away from their player first), or null. */
export function togetherRefusal(teams: readonly (readonly string[])[], pool: readonly TeamsCandidate[], kept: KeptTogether): ErrorText | null {
  const teamOf = new Map(teams.flatMap((team, index) => team.map((id) => [id, index] as const)));
  const apart = new Set(kept.guestsApart ?? []);
  for (const candidate of pool) {
    if (!candidate.guestOf || apart.has(candidate.memberId)) continue;
    const host = teamOf.get(candidate.guestOf.registrationId);
    if (host !== undefined && teamOf.get(candidate.memberId) !== host) return errorText("errors.teams.guestApart");
  }
  for (const group of kept.together ?? []) {
    if (new Set(group.map((id) => teamOf.get(id))).size > 1) return errorText("errors.teams.togetherApart");
  }
  return null;
}
