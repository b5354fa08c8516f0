import type { CheckInAnswer, CheckInList } from "#shared/check-in.ts";
import { api } from "#web/lib/api.ts";

/** Check-in's calls to /api/admin/events/:id/check-in (admins only; the server checks it, server/check-in/routes.ts). */

const base = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/check-in`;

/** A tap that has had no answer in this long is given up and sent again (the PUT is idempotent). */
const TAP_TIMEOUT_MS = 10_000;

export function fetchCheckInList(eventId: string, signal?: AbortSignal) {
  return api<CheckInList>(base(eventId), { signal });
}

export function putCheckIn(eventId: string, registrationId: string, checkedIn: boolean) {
  return api<CheckInAnswer>(`${base(eventId)}/${encodeURIComponent(registrationId)}`, {
    method: "PUT",
    body: { checkedIn },
    signal: AbortSignal.timeout(TAP_TIMEOUT_MS),
  });
}

export function markNoShows(eventId: string) {
  return api<CheckInList>(`${base(eventId)}/no-shows`, { method: "POST", body: {} });
}

export function undoNoShows(eventId: string) {
  return api<CheckInList>(`${base(eventId)}/no-shows`, { method: "DELETE" });
}
