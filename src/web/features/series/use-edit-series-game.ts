import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { CreateEventInput } from "#shared/events.ts";
import type { EditScope, EditSeriesGamesResponse } from "#shared/series.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";

/** PATCH /api/admin/series/:id/games/:eventId: this game, or this and the following ones. */
export function useEditSeriesGame(seriesId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput & { scope: EditScope }) =>
      api<EditSeriesGamesResponse>(`/api/admin/series/${encodeURIComponent(seriesId)}/games/${encodeURIComponent(eventId)}`, { method: "PATCH", body: { ...input } }),
    // The series' screens read afresh when opened (api.ts).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
