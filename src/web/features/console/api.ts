import type { AnalyticsReport } from "#shared/analytics.ts";
import type { AttentionItem, ConsoleOverview, GameRoster } from "#shared/console.ts";
import { api } from "#web/lib/api.ts";
import { apiUrl } from "#web/lib/app-origin.ts";
import type { DayRange } from "./period.ts";

/** The console's calls to /api/admin (admins only; the server checks it on every route, server/console/routes.ts). */

export interface PeriodParams extends DayRange {
  timeZone: string;
}

const periodQuery = ({ from, to, timeZone }: PeriodParams) => new URLSearchParams({ from, to, tz: timeZone }).toString();
const eventPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

/** GET /api/admin/overview?from&to&tz */
export function fetchOverview(period: PeriodParams, signal?: AbortSignal) {
  return api<ConsoleOverview>(`/api/admin/overview?${periodQuery(period)}`, { signal });
}

/** GET /api/admin/events/:id/roster */
export function fetchRoster(eventId: string, signal?: AbortSignal) {
  return api<GameRoster>(`${eventPath(eventId)}/roster`, { signal });
}

/** GET /api/admin/attention */
export async function fetchAttention(signal?: AbortSignal) {
  return (await api<{ items: AttentionItem[] }>("/api/admin/attention", { signal })).items;
}

/** The CSV downloads are plain links: the browser saves what the server sends (its file name included). */
export function rosterCsvUrl(eventId: string): string {
  return apiUrl(`${eventPath(eventId)}/roster.csv`);
}

export function paymentsCsvUrl(period: PeriodParams): string {
  return apiUrl(`/api/admin/payments.csv?${periodQuery(period)}`);
}

/** GET /api/admin/analytics?from&to: first-party analytics, its days in the server's zone (`period.timeZone` of the answer). */
export function fetchAnalytics(period: DayRange, signal?: AbortSignal) {
  return api<AnalyticsReport>(`/api/admin/analytics?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`, { signal });
}
