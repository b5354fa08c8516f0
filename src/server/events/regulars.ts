import { eq, sql } from "drizzle-orm";
import { HELD_STATUSES } from "#shared/registrations.ts";
import type { RegularStanding } from "#shared/events.ts";
import type { RegularsRule } from "#shared/series.ts";
import type { Db } from "#server/db/client.ts";
import { type event, series } from "#server/db/schema.ts";

type GameRow = Pick<typeof event.$inferSelect, "id" | "seriesId" | "startsAt" | "registrationOpensAt" | "regularsOpenAt">;

/**
 * Who the regulars of a series' game are (docs/series.md, "Regulars first"): those who held a spot
 * in at least `minGames` of the series' last `ofLast` games, and were not marked no-show in both of
 * the last two games they held a spot in.
 *
 * "The last games" are the series' games not cancelled that kicked off before this game and before
 * `now`: a game still to be played says nothing yet about who turns up. "Held a spot" is a
 * registration of either role that still holds it (a spot given up before kick-off does not count;
 * a no-show still held it). One statement (`countsOf`); `userId` narrows it to one person for a join.
 */
export async function regularsOf(db: Db, game: GameRow, rule: Pick<RegularsRule, "minGames" | "ofLast">, now: Date, userId?: string): Promise<string[]> {
  const counts = await countsOf(db, game, rule.ofLast, now, userId);
  return counts.filter((person) => standingFrom(person, rule).status === "regular").map((person) => person.userId);
}

/**
 * Where one person stands with a series' regulars, for their own page and cards (docs/series.md,
 * "What each person is told"): from the same counts as `regularsOf`, so the two never disagree, with
 * the reason when they are not one: never held a spot in the series (a newcomer), too few of the
 * last games, or enough games but marked no-show in both of their last two.
 */
export async function regularStandingOf(db: Db, game: GameRow, rule: Pick<RegularsRule, "minGames" | "ofLast">, now: Date, userId: string): Promise<RegularStanding> {
  const [counts] = await countsOf(db, game, rule.ofLast, now, userId);
  return standingFrom(counts, rule);
}

interface SeriesCounts {
  userId: string;
  /** Spots held in the series' last `ofLast` games. */
  recent: number;
  /** Of the last two games they held a spot in, those they were marked no-show in. */
  noShows: number;
}

function standingFrom(counts: SeriesCounts | undefined, rule: Pick<RegularsRule, "minGames" | "ofLast">): RegularStanding {
  // Someone with no row never held a spot in the series' earlier games.
  if (!counts) return { status: "newcomer" };
  if (counts.recent >= rule.minGames) return counts.noShows >= 2 ? { status: "noShows" } : { status: "regular" };
  return { status: "fewGames", played: counts.recent, minGames: rule.minGames, ofLast: rule.ofLast };
}

/** Each person who held a spot in the series' earlier games (or only `userId`), with the counts the rule reads. */
async function countsOf(db: Db, game: GameRow, ofLast: number, now: Date, userId?: string): Promise<SeriesCounts[]> {
  if (!game.seriesId) return [];
  const before = new Date(Math.min(game.startsAt.getTime(), now.getTime()));
  const held = sql.join(
    HELD_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ user_id: string; recent: number | string; no_shows: number | string }>(sql`
    with recent as (
      select id from event
       where series_id = ${game.seriesId} and status <> 'cancelled' and starts_at < ${before}
       order by starts_at desc
       limit ${ofLast}
    ), played as (
      select r.user_id, e.id as event_id, e.starts_at, bool_or(r.no_show_at is not null) as no_show
        from registration r
        join event e on e.id = r.event_id
       where e.series_id = ${game.seriesId} and e.status <> 'cancelled' and e.starts_at < ${before}
         and r.status in (${held}) and r.user_id is not null
         ${userId === undefined ? sql`` : sql`and r.user_id = ${userId}`}
       group by r.user_id, e.id, e.starts_at
    ), ranked as (
      select played.*, row_number() over (partition by user_id order by starts_at desc) as nth from played
    )
    select user_id,
           count(*) filter (where event_id in (select id from recent)) as recent,
           count(*) filter (where nth <= 2 and no_show) as no_shows
      from ranked
     group by user_id
  `);
  return rows.map((row) => ({ userId: row.user_id, recent: Number(row.recent), noShows: Number(row.no_shows) }));
}

/** The regulars' rule of a game's series, or null when the game has no window. */
export async function regularsRuleOf(db: Db, game: GameRow): Promise<RegularsRule | null> {
  if (!game.seriesId || !game.regularsOpenAt) return null;
  const [row] = await db
    .select({ windowMinutes: series.regularsWindowMinutes, minGames: series.regularsMinGames, ofLast: series.regularsOfLast, maxPercent: series.regularsMaxPercent })
    .from(series)
    .where(eq(series.id, game.seriesId));
  if (!row || row.windowMinutes === null) return null;
  return { ...row, windowMinutes: row.windowMinutes };
}

/** Whether only regulars may join the game at `now`: inside its window, before the opening. */
export function inRegularsWindow(game: GameRow, now: Date): boolean {
  return (
    game.regularsOpenAt !== null &&
    game.regularsOpenAt.getTime() <= now.getTime() &&
    game.registrationOpensAt !== null &&
    game.registrationOpensAt.getTime() > now.getTime()
  );
}

/** What a regular's join carries to the game's lock: the share of each role that the window may fill. */
export interface RegularPass {
  maxPercent: number;
}

/**
 * Before a join, outside the lock: during the game's window, whether this person is one of its
 * regulars (their pass), else undefined. Outside the window nobody needs one, and nothing is read.
 */
export async function regularPassFor(db: Db, game: GameRow, userId: string, now: Date): Promise<RegularPass | undefined> {
  if (!inRegularsWindow(game, now)) return undefined;
  const rule = await regularsRuleOf(db, game);
  if (!rule) return undefined;
  const found = await regularsOf(db, game, rule, now, userId);
  return found.includes(userId) ? { maxPercent: rule.maxPercent } : undefined;
}
