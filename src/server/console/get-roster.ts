import type { GameRoster, RosterEntry } from "../../shared/console.ts";
import { type FeeRule, processingFeeCents } from "../../shared/money.ts";
import type { Database } from "../db/client.ts";
import { isEventId } from "../events/event-summary.ts";
import { EVENT_NOT_FOUND } from "../events/get-event.ts";
import { AppError } from "../http/errors.ts";

/**
 * One game's roster for its organiser: who, in which role and state, when they joined, whether they
 * came from the waitlist, what they paid, the fee, what went back, the card, check-in and no-shows;
 * both waitlists in order; totals from the ledger. Two indexed queries.
 */
export async function getRoster(database: Database, options: { eventId: string; now: Date; currency: string; feeRule: FeeRule }): Promise<GameRoster> {
  if (!isEventId(options.eventId)) throw new AppError("not_found", EVENT_NOT_FOUND);
  const [event] = (
    await database.pool.query<{ id: string; title: string; starts_at: Date; time_zone: string; status: "active" | "cancelled"; max_players: number; max_goalkeepers: number; include_goalkeepers: boolean }>(
      `select id, title, starts_at, time_zone, status, max_players, max_goalkeepers, include_goalkeepers from event where id = $1`,
      [options.eventId],
    )
  ).rows;
  if (!event) throw new AppError("not_found", EVENT_NOT_FOUND);

  const { rows } = await database.pool.query<{
    id: string;
    user_id: string | null;
    first_name: string | null;
    last_name: string | null;
    role: RosterEntry["role"];
    status: RosterEntry["status"];
    created_at: Date;
    promoted_at: Date | null;
    waitlisted_at: Date | null;
    closed_reason: string | null;
    card_label: string | null;
    checked_in_at: Date | null;
    no_show_at: Date | null;
    paid_cents: number;
    refund_cents: number | null;
    refund_status: RosterEntry["refundStatus"];
    no_shows_90_days: number;
  }>(
    `select r.id, r.user_id, u.first_name, u.last_name, r.role, r.status, r.created_at, r.promoted_at, r.waitlisted_at, r.closed_reason, r.card_label,
            r.checked_in_at, r.no_show_at,
            coalesce((select sum(p.amount_cents) from payment p where p.registration_id = r.id and p.kind = 'charge' and p.status = 'succeeded'), 0)::int as paid_cents,
            (select p.amount_cents from payment p where p.registration_id = r.id and p.kind = 'refund') as refund_cents,
            (select p.status from payment p where p.registration_id = r.id and p.kind = 'refund') as refund_status,
            (select count(*) from registration o where o.user_id = r.user_id and o.no_show_at >= $2::timestamptz - interval '90 days')::int as no_shows_90_days
       from registration r left join "user" u on u.id = r.user_id
      where r.event_id = $1
      order by r.position`,
    [event.id, options.now],
  );

  // The roster is everyone who held a spot at some point; a place only ever on a waitlist is not.
  const heldASpot = (row: (typeof rows)[number]) =>
    row.status !== "waitlisted" && row.closed_reason !== "promoted_other_role" && (row.waitlisted_at === null || row.promoted_at !== null);
  const entries = rows.map((row): RosterEntry & { waiting: boolean; held: boolean } => ({
    registrationId: row.id,
    name: row.user_id ? `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() : "Deleted account",
    role: row.role,
    status: row.status,
    joinedAt: row.created_at.toISOString(),
    promoted: row.promoted_at !== null,
    paidCents: row.paid_cents,
    feeCents: row.paid_cents > 0 ? processingFeeCents(row.paid_cents, options.feeRule) : 0,
    refundCents: row.refund_cents ?? 0,
    refundStatus: row.refund_status,
    card: row.card_label,
    checkedIn: row.checked_in_at !== null,
    noShow: row.no_show_at !== null,
    noShows90Days: row.user_id ? row.no_shows_90_days : 0,
    waiting: row.status === "waitlisted",
    held: heldASpot(row),
  }));
  const strip = ({ waiting: _waiting, held: _held, ...entry }: RosterEntry & { waiting: boolean; held: boolean }): RosterEntry => entry;
  const roster = entries.filter((entry) => entry.held).map(strip);
  const sum = (pick: (entry: RosterEntry) => number) => roster.reduce((total, entry) => total + pick(entry), 0);
  const totals = { paidCents: sum((e) => e.paidCents), feeCents: sum((e) => e.feeCents), refundCents: sum((e) => (e.refundStatus === "failed" ? 0 : e.refundCents)) };
  return {
    event: {
      id: event.id,
      title: event.title,
      startsAt: event.starts_at.toISOString(),
      timeZone: event.time_zone,
      status: event.status,
      maxPlayers: event.max_players,
      maxGoalkeepers: event.include_goalkeepers ? event.max_goalkeepers : 0,
    },
    currency: options.currency,
    roster,
    waitlists: {
      player: entries.filter((entry) => entry.waiting && entry.role === "player").map(strip),
      goalkeeper: entries.filter((entry) => entry.waiting && entry.role === "goalkeeper").map(strip),
    },
    totals: { ...totals, netCents: totals.paidCents - totals.feeCents - totals.refundCents },
  };
}
