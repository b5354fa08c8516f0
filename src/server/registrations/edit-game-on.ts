import { and, eq, inArray } from "drizzle-orm";
import type { CreateEventData } from "#shared/events.ts";
import { decisionAt } from "#shared/game-on.ts";
import { errorText } from "#shared/i18n/error-key.ts";
import type { Tx } from "#server/db/client.ts";
import { cardHold, payment } from "#server/db/schema.ts";
import type { EventRow } from "#server/events/game-lock.ts";
import { AppError } from "#server/http/errors.ts";

type GameOnColumns = Pick<EventRow, "gameOnMinPlayers" | "gameOnMinGoalkeepers" | "gameOnDecideHours" | "gameOnState" | "pitchCostCents">;

/**
 * What an edit makes of a game's game-on settings (docs/game-on.md, "Editing"), under the game's lock:
 * - before the decision (open) the minimum and the hours may change, the decision staying ahead;
 *   turning it off is refused while cards are held (they would be neither captured nor released);
 * - an ordinary game becomes game-on only while nobody has been charged for it (a charge cannot
 *   become a hold);
 * - once decided (or deciding), the settings are what was decided on and cannot change.
 */
export async function gameOnAfterEdit(tx: Tx, locked: EventRow, input: CreateEventData, startsAt: Date, now: Date): Promise<GameOnColumns> {
  const wanted = {
    gameOnMinPlayers: input.gameOnMinPlayers,
    gameOnMinGoalkeepers: input.gameOnMinPlayers === null ? null : input.gameOnMinGoalkeepers,
    gameOnDecideHours: input.gameOnDecideHours,
    pitchCostCents: input.gameOnMinPlayers === null ? null : input.pitchCostCents,
  };
  const same =
    wanted.gameOnMinPlayers === locked.gameOnMinPlayers &&
    wanted.gameOnMinGoalkeepers === locked.gameOnMinGoalkeepers &&
    wanted.gameOnDecideHours === locked.gameOnDecideHours &&
    wanted.pitchCostCents === locked.pitchCostCents;
  const decisionAhead = () => {
    if (decisionAt({ startsAt, gameOnDecideHours: wanted.gameOnDecideHours }).getTime() <= now.getTime()) {
      throw new AppError("validation", errorText("errors.gameOn.decisionPast"), { gameOnDecideHours: errorText("errors.gameOn.decisionPast") });
    }
  };
  if (locked.gameOnState !== null && locked.gameOnState !== "open") {
    // Decided: the settings stay what was decided on (a split pitch's price is the share decided).
    if (!same) throw new AppError("rule", errorText("errors.gameOn.alreadyDecided"));
    return { ...wanted, gameOnState: locked.gameOnState };
  }
  if (locked.gameOnState === "open") {
    if (wanted.gameOnMinPlayers === null) {
      const [held] = await tx.db
        .select({ id: cardHold.id })
        .from(cardHold)
        .where(and(eq(cardHold.eventId, locked.id), inArray(cardHold.status, ["scheduled", "pending", "requires_action", "held"])))
        .limit(1);
      if (held) throw new AppError("rule", errorText("errors.gameOn.cardsHeld"));
      return { ...wanted, gameOnState: null };
    }
    // The start moved or the hours changed: the decision must still lie ahead.
    if (!same || startsAt.getTime() !== locked.startsAt.getTime()) decisionAhead();
    return { ...wanted, gameOnState: "open" };
  }
  if (wanted.gameOnMinPlayers === null) return { ...wanted, gameOnState: null };
  const [charged] = await tx.db.select({ id: payment.id }).from(payment).where(and(eq(payment.eventId, locked.id), eq(payment.kind, "charge"))).limit(1);
  if (charged) throw new AppError("rule", errorText("errors.gameOn.alreadyCharged"));
  decisionAhead();
  return { ...wanted, gameOnState: "open" };
}
