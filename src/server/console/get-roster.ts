import type { GameRoster, RosterEntry } from "#shared/console.ts";
import { guestDisplayName } from "#shared/guests.ts";
import { type MemberMoney, partyMemberMoney } from "#shared/ledger.ts";
import type { FeeRule } from "#shared/money.ts";
import { holdsSpot } from "#shared/registrations.ts";
import type { Database } from "#server/db/client.ts";
import { isEventId } from "#server/events/event-summary.ts";
import { EVENT_NOT_FOUND } from "#server/events/get-event.ts";
import { AppError } from "#server/http/errors.ts";
import { ledgerByRegistration, type PartyGuestRow, partyGuestsOf } from "#server/money/read-money.ts";

/**
 * One game's roster for its organiser: one line per person (each player, then each of their
 * guests, docs/guests.md), in which role and state, when they joined, whether they came from the
 * waitlist, their part of what was paid, the fee and what went back (the money read,
 * docs/money.md), the card, check-in and no-shows; both waitlists in order, a party's guests with
 * it; totals that add the lines, which add up to the game's ledger.
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

  const [{ rows }, ledger] = await Promise.all([
    database.pool.query<{
      id: string;
      user_id: string | null;
      first_name: string | null;
      last_name: string | null;
      role: RosterEntry["role"];
      status: RosterEntry["status"];
      guest_count: number;
      created_at: Date;
      promoted_at: Date | null;
      waitlisted_at: Date | null;
      closed_reason: string | null;
      card_label: string | null;
      checked_in_at: Date | null;
      no_show_at: Date | null;
      no_shows_90_days: number;
    }>(
      `select r.id, r.user_id, u.first_name, u.last_name, r.role, r.status, r.guest_count, r.created_at, r.promoted_at, r.waitlisted_at, r.closed_reason,
              r.card_label, r.checked_in_at, r.no_show_at,
              (select count(*) from registration o where o.user_id = r.user_id and o.no_show_at >= $2::timestamptz - interval '90 days')::int as no_shows_90_days
         from registration r left join "user" u on u.id = r.user_id
        where r.event_id = $1
        order by r.position`,
      [event.id, options.now],
    ),
    ledgerByRegistration(database.db, { eventId: event.id }),
  ]);
  const parties = await partyGuestsOf(database.db, rows.map((row) => row.id));

  type Row = (typeof rows)[number];
  // The roster is everyone who held a spot at some point; a place only ever on a waitlist is not.
  const heldASpot = (row: Row) =>
    row.status !== "waitlisted" && row.closed_reason !== "promoted_other_role" && (row.waitlisted_at === null || row.promoted_at !== null);
  // A guest taken out while the party waited never held a spot: out before the party was promoted.
  const guestHeldASpot = (row: Row, guest: PartyGuestRow) => guest.status === "active" || guest.refundedCents !== null || wasInWhenHeld(row, guest);

  const roster: RosterEntry[] = [];
  const waiting: { player: (RosterEntry & { place: number })[]; goalkeeper: (RosterEntry & { place: number })[] } = { player: [], goalkeeper: [] };
  for (const row of rows) {
    const guests = parties.get(row.id) ?? [];
    const money = partyMemberMoney(ledger.get(row.id) ?? [], guests, options.feeRule);
    const playerName = row.user_id ? `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() : "Deleted account";
    const line = (name: string, part: MemberMoney, guest?: RosterEntry["guest"]): RosterEntry => ({
      registrationId: row.id,
      name,
      ...(guest && { guest }),
      partySize: 1 + row.guest_count,
      role: row.role,
      status: row.status,
      joinedAt: row.created_at.toISOString(),
      promoted: row.promoted_at !== null,
      paidCents: part.paidCents,
      feeCents: part.feeCents,
      refundCents: part.refundCents,
      refundStatus: part.refundStatus,
      card: guest ? null : row.card_label,
      // Guests are checked in and marked with their player (docs/guests.md).
      checkedIn: row.checked_in_at !== null,
      noShow: row.no_show_at !== null,
      noShows90Days: guest || !row.user_id ? 0 : row.no_shows_90_days,
    });
    const guestLine = (guest: PartyGuestRow) =>
      line(guestDisplayName(guest), money.guests.get(guest.id) ?? NOTHING, {
        id: guest.id,
        of: playerName,
        removed: guest.status === "removed",
      });
    if (row.status === "waitlisted") {
      const list = waiting[row.role];
      const place = new Set(list.map((entry) => entry.registrationId)).size + 1;
      list.push({ ...line(playerName, money.player), place });
      for (const guest of guests.filter((candidate) => candidate.status === "active")) list.push({ ...guestLine(guest), place });
      continue;
    }
    if (!heldASpot(row)) continue;
    roster.push(line(playerName, money.player));
    for (const guest of guests) if (guestHeldASpot(row, guest)) roster.push(guestLine(guest));
  }

  const sum = (pick: (entry: RosterEntry) => number) => roster.reduce((total, entry) => total + pick(entry), 0);
  const totals = { paidCents: sum((e) => e.paidCents), feeCents: sum((e) => e.feeCents), refundCents: sum((e) => (e.refundStatus === "failed" ? 0 : e.refundCents)) };
  const heldBy = (role: RosterEntry["role"]) => roster.filter((entry) => entry.role === role && holdsSpot(entry.status) && !entry.guest?.removed).length;
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
    held: { players: heldBy("player"), goalkeepers: heldBy("goalkeeper") },
    waitlists: waiting,
    totals: { ...totals, netCents: totals.paidCents - totals.feeCents - totals.refundCents },
  };
}

const NOTHING: MemberMoney = { paidCents: 0, feeCents: 0, refundCents: 0, backCents: 0, refundStatus: null };

/** A guest removed from a free spot (no refund recorded): in the party while it held, unless out before its promotion. */
function wasInWhenHeld(row: { waitlisted_at: Date | null; promoted_at: Date | null }, guest: { removedAt: Date | null }): boolean {
  if (row.waitlisted_at === null) return true;
  if (row.promoted_at === null) return false;
  return guest.removedAt === null || guest.removedAt.getTime() > row.promoted_at.getTime();
}
