import type { EventDetail } from "#shared/events.ts";
import { api } from "#web/lib/api.ts";

/**
 * GET /api/events/:id. Apart from `useEvent` (use-event.ts): the early start (early-start.ts) and the
 * server's render ask for a game with it, and the first script need not carry the page's hook.
 */
export async function fetchEvent(id: string, signal?: AbortSignal) {
  return (await api<{ event: EventDetail }>(`/api/events/${encodeURIComponent(id)}`, { signal })).event;
}
