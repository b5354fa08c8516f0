import { eq } from "drizzle-orm";
import { event as eventTable } from "#server/db/schema.ts";
import { decideGame, gamesToDecide, holdsDueForPlacing, placeLateHold } from "./decide-game.ts";
import { nowOf, type RegistrationDeps } from "./deps.ts";

/** The game-on job's queue: every minute, the decisions due and the scheduled holds due (workers.ts). */
export const GAME_ON_QUEUE = "game-on-sweep";

/**
 * One run of the game-on job (docs/game-on.md): each scheduled hold whose time has come is placed,
 * then each game whose decision is due (or was left `deciding` by a crash) is decided. Every step
 * is applied once however often it runs, so a run that dies half-way is finished by the next. One
 * game's failure does not stop the others; it is logged and tried again next minute.
 */
export async function runGameOnSweep(deps: RegistrationDeps): Promise<{ placed: number; decided: number }> {
  const now = nowOf(deps);
  let placed = 0;
  for (const holdId of await holdsDueForPlacing(deps, now)) {
    try {
      await placeLateHold(deps, holdId);
      placed += 1;
    } catch (error) {
      console.error(`game on: placing hold ${holdId} failed; tried again next run`, error);
    }
  }
  let decided = 0;
  for (const eventId of await gamesToDecide(deps, now)) {
    try {
      const decision = await decideGame(deps, eventId);
      if (decision === "on" || decision === "called_off") decided += 1;
    } catch (error) {
      console.error(`game on: deciding ${eventId} failed; tried again next run`, error);
    }
  }
  return { placed, decided };
}

/**
 * At a worker's start: the decisions a crash left `deciding` are finished at once (workers.ts). The
 * minute job would finish them too, but only once pg-boss hands its singleton out again, up to two
 * minutes after a kill -9 (the dead run's expiry, then the maintenance that notices it), while players
 * wait to hear whether they play. Safe beside that job or another instance: every step of the decision
 * is applied once (decide-game.ts).
 */
export async function finishInterruptedDecisions(deps: RegistrationDeps): Promise<number> {
  const deciding = await deps.database.db.select({ id: eventTable.id }).from(eventTable).where(eq(eventTable.gameOnState, "deciding"));
  let finished = 0;
  for (const { id } of deciding) {
    try {
      if ((await decideGame(deps, id)) === "on") finished += 1;
    } catch (error) {
      console.error(`game on: finishing the decision of ${id} at start failed; the minute job tries again`, error);
    }
  }
  return finished;
}
