/**
 * Whether a game takes joins yet: a series' game opens at its `registrationOpensAt` (docs/series.md);
 * any other game (null) since it was created. The server checks it on every join (join-batch.ts); the
 * page only mirrors it. A file of its own: the event page's code needs it, not the series' schemas.
 */
export function isRegistrationOpen(event: { registrationOpensAt: string | null }, now: Date): boolean {
  return event.registrationOpensAt === null || Date.parse(event.registrationOpensAt) <= now.getTime();
}
