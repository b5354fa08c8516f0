import { splitShareCents } from "#shared/split-pitch.ts";
import type { EventDetail } from "#shared/events.ts";
import { formatInZone } from "#shared/time-zone-name.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";

/** When a game-on game is decided, on its own clock and with its zone named. */
export function decidesText(event: Pick<EventDetail, "gameOn" | "timeZone">): string {
  return event.gameOn ? formatInZone(event.gameOn.decidesAt, event.timeZone, currentLanguage()) : "";
}

/**
 * What a game-on game's page says of it (docs/game-on.md, "What the page is told"): "Game on at 10
 * players — 7 so far. Decided Wed, Dec 2, 7:00 PM.", then "Game on" or "Called off", and on a split
 * pitch what a spot costs with the minimum and with a full game. Null for an ordinary game.
 */
export function gameOnLines(event: EventDetail, currency: string): string[] | null {
  const gameOn = event.gameOn;
  if (!gameOn) return null;
  const lines: string[] = [];
  if (gameOn.state === "open") lines.push(t("event.gameOn.open", { min: gameOn.minPlayers, count: event.playersCount, decides: decidesText(event) }));
  if (gameOn.state === "open" && gameOn.minGoalkeepers) lines.push(t("event.gameOn.goalkeepers", { min: gameOn.minGoalkeepers, count: event.goalkeepersCount }));
  if (gameOn.state === "deciding") lines.push(t("event.gameOn.deciding"));
  if (gameOn.state === "on") lines.push(t("event.gameOn.on", { count: event.playersCount }));
  if (gameOn.state === "called_off") lines.push(event.cancelReason ? t("event.gameOn.calledOffWhy", { reason: event.cancelReason }) : t("event.gameOn.calledOff"));
  if (gameOn.pitchCostCents !== null && gameOn.state === "open") {
    const money = (cents: number) => formatCents(cents, currency);
    lines.push(
      t("event.gameOn.split", {
        atMin: money(splitShareCents(gameOn.pitchCostCents, gameOn.minPlayers, event.costCents)),
        min: gameOn.minPlayers,
        atMax: money(splitShareCents(gameOn.pitchCostCents, event.maxPlayers, event.costCents)),
        max: event.maxPlayers,
      }),
    );
  }
  return lines;
}

/** The viewer's own card hold, in words: "Your card is held for $10.00." (null: no hold to tell). */
export function myHoldText(event: EventDetail, currency: string): string | null {
  const hold = event.mine.find((registration) => registration.hold && registration.status === "confirmed")?.hold;
  if (!hold) return null;
  const amount = formatCents(hold.amountCents, currency);
  if (hold.status === "held") return t("event.gameOn.held", { amount, decides: decidesText(event) });
  if (hold.status === "scheduled") return t("event.gameOn.scheduled", { amount, decides: decidesText(event) });
  return null;
}
