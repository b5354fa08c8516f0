import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { ReminderSettings } from "#shared/calendar.ts";
import { api } from "#web/lib/api.ts";

const remindersKey = ["account", "game-reminders"] as const;

/** GET /api/me/reminders: whether the 24-hour and 2-hour reminders are on. */
export function useGameReminders() {
  return useQuery({ queryKey: remindersKey, queryFn: ({ signal }) => api<ReminderSettings>("/api/me/reminders", { signal }) });
}

/** PATCH /api/me/reminders; the switch shows the new state at once and goes back if the server refuses. */
export function useSetGameReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameReminders: boolean) => api<ReminderSettings>("/api/me/reminders", { method: "PATCH", body: { gameReminders } }),
    onMutate: (gameReminders) => {
      const before = queryClient.getQueryData<ReminderSettings>(remindersKey);
      queryClient.setQueryData<ReminderSettings>(remindersKey, { gameReminders });
      return { before };
    },
    onError: (_error, _value, context) => {
      if (context?.before) queryClient.setQueryData(remindersKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });
}
