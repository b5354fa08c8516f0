import { useQuery } from "#web/lib/use-query.ts";
import type { MyActiveRegistration, MyActiveRegistrationsResponse } from "#shared/my-registrations.ts";
import { api } from "#web/lib/api.ts";
import { EARLY_ANSWER_FRESH_MS, eventKeys } from "./query-keys.ts";

/** GET /api/me/registrations: the viewer's own spots and places, apart from the shared home list. */
export function fetchMyRegistrations(signal?: AbortSignal) {
  return api<MyActiveRegistrationsResponse>("/api/me/registrations", { signal });
}

/** The viewer's registrations by game, for the home cards' badges; empty until (or unless) they load. */
export function useMyRegistrations(): ReadonlyMap<string, MyActiveRegistration[]> | undefined {
  const query = useQuery({
    queryKey: eventKeys.myRegistrations(),
    queryFn: ({ signal }) => fetchMyRegistrations(signal),
    staleTime: EARLY_ANSWER_FRESH_MS,
    select: byEvent,
  });
  return query.data;
}

function byEvent(response: MyActiveRegistrationsResponse): ReadonlyMap<string, MyActiveRegistration[]> {
  const map = new Map<string, MyActiveRegistration[]>();
  for (const registration of response.registrations) map.set(registration.eventId, [...(map.get(registration.eventId) ?? []), registration]);
  return map;
}

/** The coming games whose regulars the viewer is one of (the same request; docs/decisions/036). */
export function useRegularOf(): ReadonlySet<string> | undefined {
  const query = useQuery({
    queryKey: eventKeys.myRegistrations(),
    queryFn: ({ signal }) => fetchMyRegistrations(signal),
    staleTime: EARLY_ANSWER_FRESH_MS,
    select: regularOf,
  });
  return query.data;
}

function regularOf(response: MyActiveRegistrationsResponse): ReadonlySet<string> {
  return new Set(response.regularOf ?? []);
}
