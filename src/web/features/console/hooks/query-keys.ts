import type { PeriodParams } from "#web/features/console/api.ts";

/** Cache keys of the console; a retried refund invalidates everything under `all`. */
export const consoleKeys = {
  all: ["console"] as const,
  overview: (period: PeriodParams) => ["console", "overview", period.from, period.to, period.timeZone] as const,
  roster: (eventId: string) => ["console", "roster", eventId] as const,
  attention: () => ["console", "attention"] as const,
  analytics: (period: { from: string; to: string }) => ["console", "analytics", period.from, period.to] as const,
};
