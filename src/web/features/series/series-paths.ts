import { paths } from "#web/lib/paths.ts";

/**
 * The weekly series' routes, in the organiser's console (admins; docs/series.md). Kept out of
 * lib/paths.ts, whose object is in the first paint's code (its 95 KB budget); the event page and
 * the game forms, in chunks of their own, write the same `${paths.console}/series/{id}`.
 */
export const seriesPaths = {
  list: `${paths.console}/series`,
  one: (id: string) => `${paths.console}/series/${encodeURIComponent(id)}`,
} as const;
