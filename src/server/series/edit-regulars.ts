import { eq, sql } from "drizzle-orm";
import type { EditSeriesRegularsResponse, RegularsRule } from "#shared/series.ts";
import { series } from "#server/db/schema.ts";
import { AppError } from "#server/http/errors.ts";
import { LIVE_CHANNEL } from "#server/events/live-messages.ts";
import { nowOf, type RegistrationDeps } from "#server/registrations/deps.ts";
import { type SeriesRow, withSeriesLock } from "./generate-games.ts";
import { findSeries, SERIES_NOT_FOUND, seriesView } from "./get-series.ts";
import { translate } from "#server/i18n/translate.ts";
import { errorText } from "#shared/i18n/error-key.ts";

/** Its English, what the tests compare; thrown by key ("errors.series.endedRegulars"). */
export const SERIES_ENDED_REGULARS = translate("en", "errors.series.endedRegulars");

/**
 * An admin changes a series' "Regulars first" rule, or turns it on or off (docs/series.md, "Regulars
 * first"). Under the series' lock, as every change of the template: the series' row takes the rule,
 * and each of its games not cancelled and not open yet (`registration_opens_at` ahead) gets its
 * window recomputed as generation computes it (the opening − the head start, or none when the rule is
 * off), in the same transaction, so a generation running now either made its games before (and they
 * are changed here) or reads the new rule. Games already open keep what they had.
 *
 * Each changed game's version is bumped and NOTIFYed just before COMMIT, as a game's edit does
 * (events/announce.ts): open pages and every instance's caches hear of it. A game whose window now
 * starts later than now has its regulars' announcement claimed again at the new start (the mail's
 * ledger keeps anyone already told from being told twice). A game counts as changed when its window
 * moved, appeared or went, or, with a window, when the rule's other numbers changed (its page shows
 * the regulars' share). Returns the series and how many games changed.
 *
 * Unlike a change of a game's lists, this one statement writes several games' rows in one transaction
 * (docs/registrations-and-payments.md, "Lock order": one game per transaction). It cannot deadlock
 * with them: it holds no game's row while waiting for another lock than these rows, and a join holds
 * only its one game's row (and its user's, which this never touches); it writes no registration.
 */
export async function editSeriesRegulars(deps: RegistrationDeps, options: { seriesId: string; rule: RegularsRule | null }): Promise<EditSeriesRegularsResponse> {
  const { db } = deps.database;
  await findSeries(db, options.seriesId);
  const now = nowOf(deps);
  const { rule } = options;
  const games = await withSeriesLock(db, [options.seriesId], async (tx, [row]) => {
    if (!row) throw new AppError("not_found", SERIES_NOT_FOUND);
    if (row.status === "ended") throw new AppError("rule", errorText("errors.series.endedRegulars"));
    const ruleChanged = !sameRule(ruleOf(row), rule);
    if (ruleChanged) {
      await tx
        .update(series)
        .set(
          rule
            ? { regularsWindowMinutes: rule.windowMinutes, regularsMinGames: rule.minGames, regularsOfLast: rule.ofLast, regularsMaxPercent: rule.maxPercent }
            : { regularsWindowMinutes: null },
        )
        .where(eq(series.id, row.id));
    }
    // The window as generation sets it (generate-games.ts): the game's own opening − the head start.
    const window = rule ? sql`(registration_opens_at - make_interval(mins => ${rule.windowMinutes}::int))` : sql`null::timestamptz`;
    const { rows } = await tx.execute<{ id: string }>(sql`
      with changed as (
        update "event"
           set regulars_open_at = ${window},
               regulars_announced_at = case when ${window} > ${now} then null else regulars_announced_at end,
               version = version + 1
         where series_id = ${row.id} and status = 'active' and registration_opens_at > ${now}
           and (regulars_open_at is distinct from ${window} or (${ruleChanged}::boolean and ${window} is not null))
        returning id, version
      )
      select id, pg_notify(${LIVE_CHANNEL}, json_build_object('type', 'event', 'eventId', id, 'version', version)::text) from changed
    `);
    return rows.length;
  });
  // Home lists and the pages' shared parts in this process; other instances drop theirs on the NOTIFY.
  if (games > 0) deps.listCache?.invalidate();
  return { series: seriesView(await findSeries(db, options.seriesId)), games };
}

function ruleOf(row: SeriesRow): RegularsRule | null {
  if (row.regularsWindowMinutes === null) return null;
  return { windowMinutes: row.regularsWindowMinutes, minGames: row.regularsMinGames, ofLast: row.regularsOfLast, maxPercent: row.regularsMaxPercent };
}

function sameRule(a: RegularsRule | null, b: RegularsRule | null): boolean {
  if (!a || !b) return a === b;
  return a.windowMinutes === b.windowMinutes && a.minGames === b.minGames && a.ofLast === b.ofLast && a.maxPercent === b.maxPercent;
}
