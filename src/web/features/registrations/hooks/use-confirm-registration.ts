import { useMutation } from "#web/lib/use-mutation.ts";
import type { RegistrationView } from "#shared/registrations.ts";
import { api } from "#web/lib/api.ts";
import { useInvalidateEvents } from "./use-invalidate-events.ts";

/**
 * POST /api/events/:id/registrations/me/confirm, once the browser has finished the bank's
 * authentication: the server reads the outcome from the payment provider → 200 { registration },
 * or 402 with AUTHENTICATION_FAILED or the decline (the held spot is then released).
 */
export function confirmRegistration(eventId: string) {
  return api<{ registration: RegistrationView }>(`/api/events/${encodeURIComponent(eventId)}/registrations/me/confirm`, { method: "POST", body: {} });
}

export function useConfirmRegistration(eventId: string) {
  const invalidateEvents = useInvalidateEvents();
  return useMutation({ mutationFn: () => confirmRegistration(eventId), onSettled: invalidateEvents });
}
