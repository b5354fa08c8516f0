import { useId, type ReactNode } from "react";
import type { ConsoleOverview } from "../../../../shared/console.ts";
import { formatCents } from "../../../i18n/format-money.ts";
import { percent, plural } from "../figures.ts";

/**
 * The period's figures in cards, each a named region with a definition list (term, figure and,
 * where it helps, what the figure is made of). What each figure counts: docs/product-rules.md,
 * "Organiser's console".
 */
export function OverviewFigures({ overview }: { overview: ConsoleOverview }) {
  const money = (cents: number) => formatCents(cents, overview.currency);
  const { games, fill, waitlist } = overview;
  const { refunds } = overview.money;
  const refundedCents = refunds.playerCancelsCents + refunds.adminCancelsCents + refunds.otherCents;
  const spots = (part: { held: number; capacity: number }) => (part.capacity > 0 ? `${part.held} of ${plural(part.capacity, "spot")}` : "No spots in played games");

  return (
    <div className="grid min-w-0 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard title="Games">
        <Figure term="Held" value={games.held} />
        <Figure term="Cancelled" value={games.cancelled} />
        <Figure term="Upcoming" value={games.upcoming} />
      </FigureCard>
      <FigureCard title="Fill rate" note="Spots held in the games already played.">
        <Figure term="Players" value={percent(fill.players.held, fill.players.capacity) ?? "—"} detail={spots(fill.players)} />
        <Figure term="Goalkeepers" value={percent(fill.goalkeepers.held, fill.goalkeepers.capacity) ?? "—"} detail={spots(fill.goalkeepers)} />
        <Figure term="Distinct players" value={overview.distinctPlayers} />
      </FigureCard>
      <FigureCard title="Money" note="Payments made in the period. Net is gross less fees and the refunds made or on their way.">
        <Figure term="Gross collected" value={money(overview.money.grossCents)} detail={`From ${plural(overview.money.charges, "charge")}`} />
        <Figure term="Processing fees" value={money(overview.money.feesCents)} />
        <Figure term="Refunded" value={money(refundedCents)} />
        <Figure term="Net" value={money(overview.money.netCents)} strong />
      </FigureCard>
      <FigureCard title="Refunds">
        <Figure term="Player cancels" value={money(refunds.playerCancelsCents)} />
        <Figure term="Admin cancels" value={money(refunds.adminCancelsCents)} />
        <Figure term="Other" value={money(refunds.otherCents)} detail="A charge that landed after its spot was released" />
        <Figure term="Pending" value={money(refunds.pendingCents)} />
        <Figure term="Failed" value={money(refunds.failedCents)} detail={refunds.failedCents > 0 ? "See Needs attention" : undefined} />
      </FigureCard>
      <FigureCard title="Waitlist" note="Joined a waitlist, then promoted to a spot, then charged automatically.">
        <Figure term="Waitlist joins" value={waitlist.joins} />
        <Figure term="Promotions" value={waitlist.promotions} />
        <Figure term="Automatic charges" value={waitlist.automaticCharges} />
        <Figure term="Automatic charges failed" value={waitlist.failedAutomaticCharges} />
      </FigureCard>
      <FigureCard title="Attendance">
        <Figure term="Late cancels" value={overview.lateCancels} detail="Gave up a spot 24 to 48 hours before kick-off" />
        <Figure term="No-shows" value={overview.noShows} />
      </FigureCard>
    </div>
  );
}

function FigureCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {title}
      </h3>
      <dl className="flex flex-col divide-y divide-slate-100">{children}</dl>
      {note && <p className="text-xs text-slate-600">{note}</p>}
    </section>
  );
}

/** One figure: its term and value on one line, and below them what it is made of. */
function Figure({ term, value, detail, strong = false }: { term: string; value: ReactNode; detail?: string; strong?: boolean }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-1.5">
      <dt className="text-slate-700">{term}</dt>
      <dd className={`text-right tabular-nums ${strong ? "text-lg font-bold text-green-900" : "font-semibold text-slate-900"}`}>
        {typeof value === "number" ? value.toLocaleString("en-US") : value}
      </dd>
      {detail && <dd className="col-span-2 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}
