import { useId, type ReactNode } from "react";
import type { GameRoster, RosterEntry } from "#shared/console.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t, type MessageKey } from "#web/i18n/i18n.ts";
import { attendanceWord, dateTime, refundStatusWord, roleWord, statusWord } from "#web/features/console/figures.ts";
import { cell, TableScroll } from "./table-scroll.tsx";

/**
 * A game's roster for its organiser: everyone who held a spot, one line per person, guests with
 * their player (docs/product-rules.md, "Organiser's console"), both waitlists in order, and the
 * totals. The roster CSV has the same rows and columns.
 */
export function RosterTables({ roster }: { roster: GameRoster }) {
  const money = (cents: number) => formatCents(cents, roster.currency);
  const withGoalkeepers = roster.event.maxGoalkeepers > 0 || roster.waitlists.goalkeeper.length > 0;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Part title={t("admin.roster.title")}>
        {roster.roster.length === 0 ? (
          <p className="text-slate-700">{t("admin.roster.nobody")}</p>
        ) : (
          <TableScroll label={t("admin.roster.table")}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t("admin.roster.caption")}</caption>
              <thead>
                <tr>
                  {/* The names stay in view while the rest of a row scrolls by on a phone. */}
                  <th scope="col" className={`${cell.head} sticky left-0`}>
                    {t("admin.roster.name")}
                  </th>
                  {(["admin.roster.role", "admin.roster.status", "admin.roster.joined", "admin.roster.fromWaitlist"] as const).map((head) => (
                    <th key={head} scope="col" className={cell.head}>
                      {t(head)}
                    </th>
                  ))}
                  {(["admin.roster.paid", "admin.roster.fee", "admin.roster.refund"] as const).map((head) => (
                    <th key={head} scope="col" className={cell.headNumber}>
                      {t(head)}
                    </th>
                  ))}
                  {(["admin.roster.refundStatus", "admin.roster.card", "admin.roster.checkIn"] as const).map((head) => (
                    <th key={head} scope="col" className={cell.head}>
                      {t(head)}
                    </th>
                  ))}
                  <th scope="col" className={cell.headNumber}>
                    {t("admin.roster.noShows")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {roster.roster.map((entry) => (
                  <tr key={entry.guest?.id ?? entry.registrationId}>
                    <th scope="row" className={`${cell.body} sticky left-0 bg-white ${entry.guest ? "font-normal" : "font-semibold"}`}>
                      {personName(entry)}
                    </th>
                    <td className={cell.body}>{roleWord(entry.role)}</td>
                    <td className={cell.body}>{entry.guest?.removed ? t("admin.roster.guestRemoved") : statusWord(entry.status)}</td>
                    <td className={cell.body}>{dateTime(entry.joinedAt)}</td>
                    <td className={cell.body}>{t(entry.promoted ? "admin.roster.yes" : "admin.roster.no")}</td>
                    <td className={cell.number}>{money(entry.paidCents)}</td>
                    <td className={cell.number}>{money(entry.feeCents)}</td>
                    <td className={cell.number}>{entry.refundStatus ? money(entry.refundCents) : "—"}</td>
                    <td className={cell.body}>{refundStatusWord(entry.refundStatus) ?? "—"}</td>
                    <td className={cell.body}>{entry.card ?? "—"}</td>
                    <td className={cell.body}>{attendanceWord(entry)}</td>
                    <td className={cell.number}>{entry.noShows90Days}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Part>
      <Totals roster={roster} money={money} />
      <Part title={t("admin.roster.playerWaitlist")}>
        <Waitlist entries={roster.waitlists.player} label={t("admin.roster.playerWaitlistTable")} empty={t("admin.roster.noPlayersWaiting")} />
      </Part>
      {withGoalkeepers && (
        <Part title={t("admin.roster.goalkeeperWaitlist")}>
          <Waitlist entries={roster.waitlists.goalkeeper} label={t("admin.roster.goalkeeperWaitlistTable")} empty={t("admin.roster.noGoalkeepersWaiting")} />
        </Part>
      )}
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A guest is named with the player who brought them (docs/guests.md). */
function personName(entry: RosterEntry): string {
  return entry.guest ? t("admin.roster.guestOf", { name: entry.name, player: entry.guest.of }) : entry.name;
}

/** A waitlist in the order it is served: the first place is promoted first. */
function Waitlist({ entries, label, empty }: { entries: (RosterEntry & { place: number })[]; label: string; empty: string }) {
  if (entries.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <TableScroll label={label}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t("admin.roster.waitlistCaption")}</caption>
        <thead>
          <tr>
            <th scope="col" className={cell.headNumber}>
              {t("admin.roster.place")}
            </th>
            {(["admin.roster.name", "admin.roster.party", "admin.roster.joined", "admin.roster.card"] as const).map((head) => (
              <th key={head} scope="col" className={cell.head}>
                {t(head)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.guest?.id ?? entry.registrationId}>
              {/* A party waits at one place: its guests' lines repeat it. */}
              <td className={cell.number}>{entry.place}</td>
              <th scope="row" className={`${cell.body} ${entry.guest ? "font-normal" : "font-semibold"}`}>
                {personName(entry)}
              </th>
              <td className={cell.body}>{t("admin.roster.partySize", { count: entry.partySize })}</td>
              <td className={cell.body}>{dateTime(entry.joinedAt)}</td>
              <td className={cell.body}>{entry.card ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Totals({ roster, money }: { roster: GameRoster; money: (cents: number) => string }) {
  const headingId = useId();
  const { totals } = roster;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:max-w-md">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t("admin.roster.totals")}
      </h2>
      <dl className="flex flex-col divide-y divide-slate-100">
        {(
          [
            ["admin.roster.paid", totals.paidCents],
            ["admin.figures.fees", totals.feeCents],
            ["admin.roster.refunds", totals.refundCents],
            ["admin.figures.net", totals.netCents],
          ] as const satisfies readonly (readonly [MessageKey, number])[]
        ).map(([term, cents]) => (
          <div key={term} className="flex justify-between gap-3 py-1.5">
            <dt className="text-slate-700">{t(term)}</dt>
            <dd className={`tabular-nums ${term === "admin.figures.net" ? "text-lg font-bold text-green-900" : "font-semibold text-slate-900"}`}>{money(cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">{t("admin.roster.totalsNote")}</p>
    </section>
  );
}
