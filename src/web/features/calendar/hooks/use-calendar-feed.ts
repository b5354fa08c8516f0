import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { CalendarFeedCreated, CalendarFeedStatus } from "#shared/calendar.ts";
import { api } from "#web/lib/api.ts";

const calendarFeedKey = ["account", "calendar-feed"] as const;

/** GET /api/me/calendar-feed: whether a feed address exists (the address itself is only shown when made). */
export function useCalendarFeedStatus() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: ({ signal }) => api<CalendarFeedStatus>("/api/me/calendar-feed", { signal }) });
}

/** POST /api/me/calendar-feed: a new address; the previous one stops working at once. */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedCreated>("/api/me/calendar-feed", { method: "POST", body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
