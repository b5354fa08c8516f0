import type { GameRoster, RosterEntry } from "../../shared/console.ts";
import { centsCell, toCsv } from "./csv.ts";

/** A game's roster and both waitlists as CSV, in the order the console shows them. */
export function rosterCsv(roster: GameRoster): string {
  const line = (list: string, entry: RosterEntry, place: number | null) => [
    list,
    place,
    entry.name,
    entry.role,
    entry.status,
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
    ["List", "Waitlist place", "Name", "Role", "Status", "Joined", "From the waitlist", "Paid", "Fee", "Refund", "Refund status", "Card", "Checked in", "No-show", "No-shows (90 days)"],
    [
      ...roster.roster.map((entry) => line("Roster", entry, null)),
      ...roster.waitlists.player.map((entry, index) => line("Player waitlist", entry, index + 1)),
      ...roster.waitlists.goalkeeper.map((entry, index) => line("Goalkeeper waitlist", entry, index + 1)),
    ],
  );
}
