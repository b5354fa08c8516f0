import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { CreateEventInput } from "#shared/events.ts";
import type { RepeatInput, SeriesDetailResponse } from "#shared/series.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";

/** POST /api/admin/series: the Create New Event form with its repeat → 201 the series and its first games. */
export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput & { repeat: RepeatInput }) => api<SeriesDetailResponse>("/api/admin/series", { method: "POST", body: { ...input } }),
    // The series' screens read afresh when opened (api.ts); the new games are on the home list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
