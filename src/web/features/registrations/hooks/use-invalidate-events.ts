import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { eventKeys } from "#web/features/events/hooks/query-keys.ts";

/**
 * After any join or cancel, whatever the answer: every list under ['events'] (the event page, the
 * home lists, Your Events) may have changed, a declined payment included (its held spot is released).
 */
export function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: eventKeys.all }), [queryClient]);
}
