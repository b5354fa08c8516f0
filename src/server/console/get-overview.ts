import type { ConsoleOverview } from "#shared/console.ts";
import type { Period } from "#shared/console-period.ts";
import { type LedgerGroup, type RefundClass, refundClassOf } from "#shared/ledger.ts";
import { type FeeRule, processingFeeCents } from "#shared/money.ts";
import type { Database } from "#server/db/client.ts";
import { factsOfPeriod } from "./summed-days.ts";

/**
 * The console's overview of a period (docs/product-rules.md, "Organiser's console"). Games are those
 * whose kick-off falls in the period; money is the ledger rows written in it, so the daily chart adds
 * up to the totals and every figure comes from the rows `npm run reconcile` checks. The period is
 * read day by day: closed days from their stored sums, the others from the rows
 * (docs/console-rollups.md).
 */
export async function getOverview(
  database: Database,
  options: { period: Period; now: Date; currency: string; feeRule: FeeRule },
): Promise<ConsoleOverview> {
  const { period, now } = options;
  const days = await factsOfPeriod(database, period, now);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const perGame = days.flatMap((day) => day.games);
  const ledger = days.flatMap((day) => day.ledger);

  const isPast = (game: (typeof perGame)[number]) => Date.parse(game.startsAt) <= now.getTime();
  const played = perGame.filter((game) => game.status === "active" && isPast(game));
  const games = {
    held: played.length,
    cancelled: perGame.filter((game) => game.status === "cancelled").length,
    upcoming: perGame.filter((game) => game.status === "active" && !isPast(game)).length,
  };

  const total = (match: (row: LedgerGroup) => boolean, rows: LedgerGroup[] = ledger) => sum(rows.filter(match).map((row) => row.amountCents * row.rows));
  const count = (match: (row: LedgerGroup) => boolean) => sum(ledger.filter(match).map((row) => row.rows));
  const charged = (row: LedgerGroup) => row.kind === "charge" && row.status === "succeeded";
  const refunded = (row: LedgerGroup) => row.kind === "refund" && row.status === "succeeded";
  const grossCents = total(charged);
  // The processor keeps its fee on every charge, refunded or not.
  const feesCents = sum(ledger.filter(charged).map((row) => processingFeeCents(row.amountCents, options.feeRule) * row.rows));
  // Each refund counts in the class of its own reason (src/shared/ledger.ts): a removed guest is the player's choice.
  const refundedAs = (wanted: RefundClass) => (row: LedgerGroup) => refunded(row) && row.reason !== null && refundClassOf(row.reason) === wanted;
  const refunds = {
    playerCancelsCents: total(refundedAs("playerCancels")),
    adminCancelsCents: total(refundedAs("adminCancels")),
    otherCents: total(refundedAs("other")),
    pendingCents: total((row) => row.kind === "refund" && row.status === "pending"),
    failedCents: total((row) => row.kind === "refund" && row.status === "failed"),
  };

  return {
    period: { from: period.from, to: period.to, timeZone: period.timeZone },
    currency: options.currency,
    games,
    fill: {
      players: { held: sum(played.map((game) => game.playersHeld)), capacity: sum(played.map((game) => game.maxPlayers)) },
      goalkeepers: { held: sum(played.map((game) => game.goalkeepersHeld)), capacity: sum(played.map((game) => game.maxGoalkeepers)) },
    },
    distinctPlayers: new Set(days.flatMap((day) => day.playerIds)).size,
    money: {
      grossCents,
      charges: count(charged),
      feesCents,
      refunds,
      netCents: grossCents - feesCents - refunds.playerCancelsCents - refunds.adminCancelsCents - refunds.otherCents - refunds.pendingCents,
    },
    waitlist: {
      joins: sum(days.map((day) => day.waitlistJoins)),
      promotions: sum(days.map((day) => day.promotions)),
      automaticCharges: count((row) => charged(row) && row.offSession),
      failedAutomaticCharges: count((row) => row.kind === "charge" && row.status === "failed" && row.offSession),
    },
    lateCancels: sum(days.map((day) => day.lateCancels)),
    noShows: sum(days.map((day) => day.noShows)),
    daily: days.map((day) => ({ date: day.date, collectedCents: total(charged, day.ledger), refundedCents: total(refunded, day.ledger), registrations: day.registrations })),
    perGame,
  };
}
