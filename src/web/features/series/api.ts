import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { EditSeriesRegularsResponse, EndSeriesResponse, SeriesDetailResponse, SeriesListResponse, SeriesRegularsInput } from "#shared/series.ts";
import { api } from "#web/lib/api.ts";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";

/**
 * The series' screens' reads and the end of a series (docs/series.md). Creating one and editing its
 * games are in use-create-series.ts and use-edit-series-game.ts, so that each of those screens' chunks
 * carries only its own (the first paint's code lists every shared chunk, within its budget).
 */
export const seriesKeys = {
  all: ["series"] as const,
  list: () => [...seriesKeys.all, "list"] as const,
  detail: (id: string) => [...seriesKeys.all, "detail", id] as const,
};

const base = "/api/admin/series";

export function useSeriesList() {
  return useQuery({ queryKey: seriesKeys.list(), queryFn: ({ signal }) => api<SeriesListResponse>(base, { signal }), refetchOnMount: "always" });
}

export function useSeries(id: string) {
  // Read afresh on every visit: creating a series and editing its games elsewhere do not touch this cache.
  return useQuery({ queryKey: seriesKeys.detail(id), queryFn: ({ signal }) => api<SeriesDetailResponse>(`${base}/${encodeURIComponent(id)}`, { signal }), refetchOnMount: "always" });
}

/** POST /api/admin/series/:id/end: no more games; the future ones cancelled with full refunds. */
export function useEndSeries(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api<EndSeriesResponse>(`${base}/${encodeURIComponent(seriesId)}/end`, { method: "POST", body: { message } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/**
 * PUT /api/admin/series/:id/regulars: the series' Regulars first rule, or null to turn it off; the
 * games not open yet take it (their windows move), so the series' page and the games are read again.
 */
export function useEditSeriesRegulars(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (regulars: SeriesRegularsInput["regulars"]) =>
      api<EditSeriesRegularsResponse>(`${base}/${encodeURIComponent(seriesId)}/regulars`, { method: "PUT", body: { regulars } }),
    onSuccess: (answer) => {
      // The rule shows at once; the games' windows come with the read that follows.
      queryClient.setQueryData<SeriesDetailResponse>(seriesKeys.detail(seriesId), (current) => current && { ...current, series: answer.series });
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
