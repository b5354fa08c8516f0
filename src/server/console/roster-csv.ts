import type { GameRoster, RosterEntry } from "#shared/console.ts";
import { centsCell, toCsv } from "./csv.ts";

/**
 * A game's roster and both waitlists as CSV, in the order the console shows them: one line per
 * person, a guest named with their player ("Sam (guest of Pia Pitch)") and the party's size on each
 * of its lines; a waitlist place is the party's.
 */
export function rosterCsv(roster: GameRoster): string {
  const line = (list: string, entry: RosterEntry, place: number | null) => [
    list,
    place,
    entry.guest ? `${entry.name} (guest of ${entry.guest.of})` : entry.name,
    entry.partySize,
    entry.role,
    entry.guest?.removed ? "removed" : entry.status,
    entry.joinedAt,
    entry.promoted ? "yes" : "no",
    centsCell(entry.paidCents),
    centsCell(entry.feeCents),
    centsCell(entry.refundCents),
    entry.refundStatus,
    entry.card,
    entry.checkedIn ? "yes" : "no",
    entry.noShow ? "yes" : "no",
    entry.noShows90Days,
  ];
  return toCsv(
    ["List", "Waitlist place", "Name", "Party size", "Role", "Status", "Joined", "From the waitlist", "Paid", "Fee", "Refund", "Refund status", "Card", "Checked in", "No-show", "No-shows (90 days)"],
    [
      ...roster.roster.map((entry) => line("Roster", entry, null)),
      ...roster.waitlists.player.map((entry) => line("Player waitlist", entry, entry.place)),
      ...roster.waitlists.goalkeeper.map((entry) => line("Goalkeeper waitlist", entry, entry.place)),
    ],
  );
}
