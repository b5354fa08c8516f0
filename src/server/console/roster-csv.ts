import type { GameRoster, RosterEntry } from "#shared/console.ts";
import { dateInZone, wallClockAt } from "#shared/zoned-time.ts";
import { centsCell, toCsv } from "./csv.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** "2027-07-07 19:05" on the game's clocks: the CSV's times, as the console's screen and the payments CSV write them. */
export function stampInZone(iso: string, timeZone: string): string {
  const wall = wallClockAt(Date.parse(iso), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The roster file's name: the game's day on its own calendar (a 7 PM game in Toronto is not the next day's). */
export function rosterFileName(roster: GameRoster): string {
  return `roster-${dateInZone(new Date(roster.event.startsAt), roster.event.timeZone)}.csv`;
}

/**
 * A game's roster and both waitlists as CSV, in the order the console shows them: one line per
 * person, a guest named with their player ("Sam (guest of Pia Pitch)") and the party's size on each
 * of its lines; a waitlist place is the party's. Times are on the game's clocks, its zone named in the
 * header.
 */
export function rosterCsv(roster: GameRoster): string {
  const line = (list: string, entry: RosterEntry, place: number | null) => [
    list,
    place,
    entry.guest ? `${entry.name} (guest of ${entry.guest.of})` : entry.name,
    entry.partySize,
    entry.role,
    entry.guest?.removed ? "removed" : entry.status,
    stampInZone(entry.joinedAt, roster.event.timeZone),
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
    ["List", "Waitlist place", "Name", "Party size", "Role", "Status", `Joined (${roster.event.timeZone})`, "From the waitlist", "Paid", "Fee", "Refund", "Refund status", "Card", "Checked in", "No-show", "No-shows (90 days)"],
    [
      ...roster.roster.map((entry) => line("Roster", entry, null)),
      ...roster.waitlists.player.map((entry) => line("Player waitlist", entry, entry.place)),
      ...roster.waitlists.goalkeeper.map((entry) => line("Goalkeeper waitlist", entry, entry.place)),
    ],
  );
}
