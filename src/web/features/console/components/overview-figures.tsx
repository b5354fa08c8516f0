import { useId, type ReactNode } from "react";
import type { ConsoleOverview } from "#shared/console.ts";
import { formatCents } from "#web/i18n/format-money.ts";
import { t } from "#web/i18n/i18n.ts";
import { count, percent } from "#web/features/console/figures.ts";

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
  const spots = (part: { held: number; capacity: number }) =>
    part.capacity > 0 ? t("admin.figures.spots", { held: count(part.held), capacity: part.capacity }) : t("admin.figures.noSpots");

  return (
    <div className="grid min-w-0 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard title={t("admin.figures.games")}>
        <Figure term={t("admin.figures.held")} value={games.held} />
        <Figure term={t("admin.figures.cancelled")} value={games.cancelled} />
        <Figure term={t("admin.figures.upcoming")} value={games.upcoming} />
      </FigureCard>
      <FigureCard title={t("admin.figures.fill")} note={t("admin.figures.fillNote")}>
        <Figure term={t("admin.players")} value={percent(fill.players.held, fill.players.capacity) ?? "—"} detail={spots(fill.players)} />
        <Figure term={t("admin.goalkeepers")} value={percent(fill.goalkeepers.held, fill.goalkeepers.capacity) ?? "—"} detail={spots(fill.goalkeepers)} />
        <Figure term={t("admin.figures.distinctPlayers")} value={overview.distinctPlayers} />
      </FigureCard>
      <FigureCard title={t("admin.figures.money")} note={t("admin.figures.moneyNote")}>
        <Figure term={t("admin.figures.gross")} value={money(overview.money.grossCents)} detail={t("admin.figures.charges", { count: overview.money.charges })} />
        <Figure term={t("admin.figures.fees")} value={money(overview.money.feesCents)} />
        <Figure term={t("admin.figures.refunded")} value={money(refundedCents)} />
        <Figure term={t("admin.figures.net")} value={money(overview.money.netCents)} strong />
      </FigureCard>
      <FigureCard title={t("admin.figures.refunds")}>
        <Figure term={t("admin.figures.playerCancels")} value={money(refunds.playerCancelsCents)} />
        <Figure term={t("admin.figures.adminCancels")} value={money(refunds.adminCancelsCents)} />
        <Figure term={t("admin.figures.other")} value={money(refunds.otherCents)} detail={t("admin.figures.otherDetail")} />
        <Figure term={t("admin.figures.pending")} value={money(refunds.pendingCents)} />
        <Figure term={t("admin.figures.failed")} value={money(refunds.failedCents)} detail={refunds.failedCents > 0 ? t("admin.figures.failedDetail") : undefined} />
      </FigureCard>
      <FigureCard title={t("admin.figures.waitlist")} note={t("admin.figures.waitlistNote")}>
        <Figure term={t("admin.figures.joins")} value={waitlist.joins} />
        <Figure term={t("admin.figures.promotions")} value={waitlist.promotions} />
        <Figure term={t("admin.figures.automaticCharges")} value={waitlist.automaticCharges} />
        <Figure term={t("admin.figures.automaticFailed")} value={waitlist.failedAutomaticCharges} />
      </FigureCard>
      <FigureCard title={t("admin.figures.attendance")}>
        <Figure term={t("admin.figures.lateCancels")} value={overview.lateCancels} detail={t("admin.figures.lateCancelsDetail")} />
        <Figure term={t("admin.figures.noShows")} value={overview.noShows} />
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
        {typeof value === "number" ? count(value) : value}
      </dd>
      {detail && <dd className="col-span-2 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}
