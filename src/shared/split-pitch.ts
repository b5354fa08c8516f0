// Apart from game-on.ts, which builds its zod schema when loaded: the game's page needs only this
// (docs/server-rendering.md, "What the first modules evaluate").

/**
 * Split the pitch (docs/game-on.md): what each player spot pays when `players` spots are held at the
 * decision: the pitch's cost divided by them, rounded up to the cent, never above the most per player
 * (`maxCents`, what was held). Rounding up keeps the captures within one cent a player of the total.
 */
export function splitShareCents(pitchCostCents: number, players: number, maxCents: number): number {
  if (players <= 0) return maxCents;
  return Math.min(maxCents, Math.ceil(pitchCostCents / players));
}
