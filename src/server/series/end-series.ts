import { and, asc, eq, gt } from "drizzle-orm";
import type { EndSeriesResponse } from "#shared/series.ts";
import { event, series } from "#server/db/schema.ts";
import { nowOf, type RegistrationDeps } from "#server/registrations/deps.ts";
import { cancelEvent } from "#server/registrations/cancel-event.ts";
import { withSeriesLock } from "./generate-games.ts";
import { findSeries, seriesView } from "./get-series.ts";

/**
 * An admin ends a series: no game is generated any more, and every game still to kick off is cancelled
 * through the admin cancel (cancelEvent: full refunds, waitlists closed, everyone mailed, the
 * organiser's message quoted). Games under way or over keep their history. Ending again finishes the
 * cancels of a first attempt that stopped half-way (each cancel is once-only; docs/series.md, "Ending").
 */
export async function endSeries(deps: RegistrationDeps, options: { seriesId: string; message?: string }): Promise<EndSeriesResponse> {
  const { db } = deps.database;
  await findSeries(db, options.seriesId);
  const now = nowOf(deps);
  // Under the series' lock: a generation running now has committed its games (found below) or sees the end.
  const upcoming = await withSeriesLock(db, [options.seriesId], async (tx, [row]) => {
    if (row?.status === "active") await tx.update(series).set({ status: "ended", endedAt: now }).where(eq(series.id, options.seriesId));
    return tx
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.seriesId, options.seriesId), eq(event.status, "active"), gt(event.startsAt, now)))
      .orderBy(asc(event.startsAt));
  });
  let cancelled = 0;
  // One game at a time, each under its own lock (never two games in one transaction).
  for (const game of upcoming) if (await cancelEvent(deps, { eventId: game.id, message: options.message })) cancelled += 1;
  const ended = await findSeries(db, options.seriesId);
  return { series: seriesView(ended), cancelled };
}
