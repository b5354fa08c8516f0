import type { ConsoleOverview } from "../../shared/console.ts";
import type { Period } from "../../shared/console-period.ts";
import { type FeeRule, processingFeeCents } from "../../shared/money.ts";
import type { Database } from "../db/client.ts";

/**
 * The console's overview of a period (docs/product-rules.md, "Organiser's console"). Games are those
 * whose kick-off falls in the period; money is the ledger rows written in it, so the daily chart adds
 * up to the totals and every figure comes from the rows `npm run reconcile` checks. Each part is one
 * indexed query; nothing is scanned outside the period.
 */
export async function getOverview(
  database: Database,
  options: { period: Period; now: Date; currency: string; feeRule: FeeRule },
): Promise<ConsoleOverview> {
  const { period, now } = options;
  const range = [period.start, period.end];
  const query = async <T extends Record<string, unknown>>(text: string, values: unknown[]) => (await database.pool.query<T>(text, values)).rows;

  // Four independent reads, sent together: on PostgreSQL they run side by side on the pool's
  // connections; the embedded database takes them in turn on its one connection.
  const [perGame, [people], ledger, daily] = await Promise.all([
    query<{ id: string; title: string; starts_at: Date; status: "active" | "cancelled"; players_held: number; max_players: number; goalkeepers_held: number; max_goalkeepers: number }>(
      `select e.id, e.title, e.starts_at, e.status, e.max_players,
              case when e.include_goalkeepers then e.max_goalkeepers else 0 end as max_goalkeepers,
              coalesce(held.players, 0)::int as players_held, coalesce(held.goalkeepers, 0)::int as goalkeepers_held
         from event e
         left join lateral (
           select count(*) filter (where r.role = 'player') as players, count(*) filter (where r.role = 'goalkeeper') as goalkeepers
             from registration r where r.event_id = e.id and r.status = 'confirmed'
         ) held on true
        where e.starts_at >= $1 and e.starts_at < $2
        order by e.starts_at`,
      range,
    ),
    query<{ distinct_players: number; late_cancels: number; no_shows: number; waitlist_joins: number; promotions: number }>(
      `with rows as (
         select r.user_id, r.id, r.status, r.closed_reason, r.waitlisted_at, r.promoted_at, r.updated_at, r.no_show_at, e.status as event_status, e.starts_at
           from registration r join event e on e.id = r.event_id
          where e.starts_at >= $1 and e.starts_at < $2
       )
       select (select count(*) from (select distinct coalesce(user_id, id::text) from rows
                                      where status = 'confirmed' and event_status = 'active' and starts_at <= $3) players)::int as distinct_players,
              count(*) filter (where closed_reason = 'user_left' and status in ('cancelled', 'refunded') and (waitlisted_at is null or promoted_at is not null)
                               and updated_at >= starts_at - interval '48 hours')::int as late_cancels,
              count(*) filter (where no_show_at is not null)::int as no_shows,
              count(*) filter (where waitlisted_at is not null)::int as waitlist_joins,
              count(*) filter (where promoted_at is not null)::int as promotions
         from rows`,
      [...range, now],
    ),
    // Money: every ledger row written in the period, by kind, status and (for refunds, the only rows
    // that need it) why the spot was closed. Charges, most of the rows, are summed without the join.
    query<{ kind: "charge" | "refund"; status: string; off_session: boolean; closed_reason: string | null; amount_cents: number; rows: number }>(
      `select p.kind, p.status, p.off_session, null::text as closed_reason, p.amount_cents, count(*)::int as rows
         from payment p
        where p.created_at >= $1 and p.created_at < $2 and p.kind = 'charge'
        group by 1, 2, 3, 5
       union all
       select p.kind, p.status, p.off_session, r.closed_reason::text, p.amount_cents, count(*)::int as rows
         from payment p join registration r on r.id = p.registration_id
        where p.created_at >= $1 and p.created_at < $2 and p.kind = 'refund'
        group by 1, 2, 3, 4, 5`,
      range,
    ),
    query<{ date: string; collected_cents: number; refunded_cents: number; registrations: number }>(
      `with days as (
         select to_char(day, 'YYYY-MM-DD') as date from generate_series($3::date, $4::date, interval '1 day') as day
       ), money as (
         select to_char(p.created_at at time zone $5, 'YYYY-MM-DD') as date,
                sum(p.amount_cents) filter (where p.kind = 'charge' and p.status = 'succeeded')::int as collected_cents,
                sum(p.amount_cents) filter (where p.kind = 'refund' and p.status = 'succeeded')::int as refunded_cents
           from payment p where p.created_at >= $1 and p.created_at < $2 group by 1
       ), joins as (
         select to_char(r.created_at at time zone $5, 'YYYY-MM-DD') as date, count(*)::int as registrations
           from registration r where r.created_at >= $1 and r.created_at < $2 group by 1
       )
       select days.date, coalesce(money.collected_cents, 0) as collected_cents, coalesce(money.refunded_cents, 0) as refunded_cents,
              coalesce(joins.registrations, 0) as registrations
         from days left join money using (date) left join joins using (date)
        order by days.date`,
      [...range, period.from, period.to, period.timeZone],
    ),
  ]);
  const isPast = (game: (typeof perGame)[number]) => game.starts_at.getTime() <= now.getTime();
  const games = {
    held: perGame.filter((game) => game.status === "active" && isPast(game)).length,
    cancelled: perGame.filter((game) => game.status === "cancelled").length,
    upcoming: perGame.filter((game) => game.status === "active" && !isPast(game)).length,
  };
  const played = perGame.filter((game) => game.status === "active" && isPast(game));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  const total = (match: (row: (typeof ledger)[number]) => boolean) => sum(ledger.filter(match).map((row) => row.amount_cents * row.rows));
  const count = (match: (row: (typeof ledger)[number]) => boolean) => sum(ledger.filter(match).map((row) => row.rows));
  const charged = (row: (typeof ledger)[number]) => row.kind === "charge" && row.status === "succeeded";
  const refunded = (row: (typeof ledger)[number]) => row.kind === "refund" && row.status === "succeeded";
  const grossCents = total(charged);
  // The processor keeps its fee on every charge, refunded or not.
  const feesCents = sum(ledger.filter(charged).map((row) => processingFeeCents(row.amount_cents, options.feeRule) * row.rows));
  const refunds = {
    playerCancelsCents: total((row) => refunded(row) && (row.closed_reason === "user_left" || row.closed_reason === "account_deleted")),
    adminCancelsCents: total((row) => refunded(row) && row.closed_reason === "event_cancelled"),
    otherCents: total((row) => refunded(row) && !["user_left", "account_deleted", "event_cancelled"].includes(row.closed_reason ?? "")),
    pendingCents: total((row) => row.kind === "refund" && row.status === "pending"),
    failedCents: total((row) => row.kind === "refund" && row.status === "failed"),
  };

  return {
    period: { from: period.from, to: period.to, timeZone: period.timeZone },
    currency: options.currency,
    games,
    fill: {
      players: { held: sum(played.map((game) => game.players_held)), capacity: sum(played.map((game) => game.max_players)) },
      goalkeepers: { held: sum(played.map((game) => game.goalkeepers_held)), capacity: sum(played.map((game) => game.max_goalkeepers)) },
    },
    distinctPlayers: people!.distinct_players,
    money: {
      grossCents,
      charges: count(charged),
      feesCents,
      refunds,
      netCents: grossCents - feesCents - refunds.playerCancelsCents - refunds.adminCancelsCents - refunds.otherCents - refunds.pendingCents,
    },
    waitlist: {
      joins: people!.waitlist_joins,
      promotions: people!.promotions,
      automaticCharges: count((row) => charged(row) && row.off_session),
      failedAutomaticCharges: count((row) => row.kind === "charge" && row.status === "failed" && row.off_session),
    },
    lateCancels: people!.late_cancels,
    noShows: people!.no_shows,
    daily: daily.map((day) => ({ date: day.date, collectedCents: day.collected_cents, refundedCents: day.refunded_cents, registrations: day.registrations })),
    perGame: perGame.map((game) => ({
      id: game.id,
      title: game.title,
      startsAt: game.starts_at.toISOString(),
      status: game.status,
      playersHeld: game.players_held,
      maxPlayers: game.max_players,
      goalkeepersHeld: game.goalkeepers_held,
      maxGoalkeepers: game.max_goalkeepers,
    })),
  };
}
