import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { TeamsScore, TeamsSheet } from "#shared/teams.ts";
import { fetchPublishedTeams, fetchSuggestions, fetchTeamsSheet, putScores, putStars, putTeams } from "#web/features/teams/api.ts";

export const teamsKeys = {
  sheet: (eventId: string) => ["teams", eventId] as const,
  published: (eventId: string) => ["published-teams", eventId] as const,
};

/** The admin's teams screen: the sheet, and the writes that answer it. */
export function useTeamsSheet(eventId: string) {
  const queryClient = useQueryClient();
  const key = teamsKeys.sheet(eventId);
  const sheet = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchTeamsSheet(eventId, signal) });
  const onSheet = {
    onSuccess: (next: TeamsSheet) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({ queryKey: teamsKeys.published(eventId) });
    },
  };
  const suggest = useMutation({ mutationFn: (body: Parameters<typeof fetchSuggestions>[1]) => fetchSuggestions(eventId, body) });
  const save = useMutation({ mutationFn: (body: Parameters<typeof putTeams>[1]) => putTeams(eventId, body), ...onSheet });
  const scores = useMutation({ mutationFn: (next: TeamsScore[]) => putScores(eventId, next), ...onSheet });
  const stars = useMutation({ mutationFn: ({ registrationId, value }: { registrationId: string; value: number | null }) => putStars(eventId, registrationId, value), ...onSheet });
  return { sheet, suggest, save, scores, stars };
}

/** The players' view of a game's published teams (enabled once teams can exist). */
export function usePublishedTeams(eventId: string, enabled: boolean) {
  return useQuery({ queryKey: teamsKeys.published(eventId), queryFn: ({ signal }) => fetchPublishedTeams(eventId, signal), enabled, refetchInterval: 60_000 });
}
