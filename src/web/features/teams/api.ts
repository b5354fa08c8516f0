import type { PublishedTeams, TeamsScore, TeamsSheet, TeamsSuggestions } from "#shared/teams.ts";
import { api } from "#web/lib/api.ts";

/** Teams' calls: /api/admin/events/:id/teams for admins (the server checks it, server/teams/routes.ts), and the players' view. */

const base = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/teams`;

export function fetchTeamsSheet(eventId: string, signal?: AbortSignal) {
  return api<TeamsSheet>(base(eventId), { signal });
}

/** Who plays in one team (draft.ts, `Kept`): sent with every suggestion and save, enforced by the server. */
export type KeptBody = {
  together: string[][];
  guestsApart: string[];
};

export function fetchSuggestions(eventId: string, body: { teamCount: number; locks: Record<string, number> } & KeptBody) {
  return api<TeamsSuggestions>(`${base(eventId)}/suggestions`, { method: "POST", body });
}

export function putTeams(eventId: string, body: { teams: string[][]; locks: Record<string, number>; publish: boolean } & KeptBody) {
  return api<TeamsSheet>(base(eventId), { method: "PUT", body });
}

export function putScores(eventId: string, scores: TeamsScore[]) {
  return api<TeamsSheet>(`${base(eventId)}/scores`, { method: "PUT", body: { scores } });
}

export function putStars(eventId: string, registrationId: string, stars: number | null) {
  return api<TeamsSheet>(`${base(eventId)}/stars/${encodeURIComponent(registrationId)}`, { method: "PUT", body: { stars } });
}

export function fetchPublishedTeams(eventId: string, signal?: AbortSignal) {
  return api<PublishedTeams>(`/api/events/${encodeURIComponent(eventId)}/teams`, { signal });
}
