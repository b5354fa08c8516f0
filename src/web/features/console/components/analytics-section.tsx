import { useId } from "react";
import type { AnalyticsReport, Device, Screen } from "#shared/analytics.ts";
import { Spinner } from "#web/components/spinner.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formatDate } from "#web/features/events/format.ts";
import { currentLanguage, t, type MessageKey } from "#web/i18n/i18n.ts";
import { bucketSeries, count, dayRange, longDay, shortDay, unitFor } from "#web/features/console/figures.ts";
import { useAnalytics } from "#web/features/console/hooks/use-analytics.ts";
import type { DayRange } from "#web/features/console/period.ts";
import { BarChart, CHART_COLORS } from "./bar-chart.tsx";
import { timeZoneName } from "#shared/time-zone-name.ts";

const SCREEN_WORDS: Record<Screen, MessageKey> = {
  home: "admin.visits.screenHome",
  event: "admin.visits.screenEvent",
  "your-events": "admin.visits.screenYourEvents",
  profile: "admin.visits.screenProfile",
  login: "admin.visits.screenLogin",
  other: "admin.visits.screenOther",
};

const DEVICE_WORDS: Record<Device, MessageKey> = { phone: "admin.visits.phone", tablet: "admin.visits.tablet", desktop: "admin.visits.desktop" };

/**
 * Visits in the console's period, from the app's own analytics (docs/decisions/018-first-party-analytics.md):
 * views and visitors per day, screens, where visits came from, devices, and each game's funnel
 * (opened → signed in → joined → paid). Days are the server's analytics zone, said when it is not
 * the browser's.
 */
export function AnalyticsSection({ period, timeZone }: { period: DayRange; timeZone: string }) {
  const analytics = useAnalytics(period);
  if (analytics.isPending) return <Spinner label={t("admin.visits.loading")} />;
  if (analytics.isError) return <QueryError title={t("admin.visits.loadFailed")} error={analytics.error} onRetry={() => void analytics.refetch()} />;
  const report = analytics.data;
  if (report.totals.views === 0 && report.totals.shares === 0) return <p className="text-slate-700">{t("admin.visits.none")}</p>;
  return <AnalyticsFigures report={report} viewerZone={timeZone} />;
}

function AnalyticsFigures({ report, viewerZone }: { report: AnalyticsReport; viewerZone: string }) {
  const unit = unitFor(report.period);
  const weekly = unit === "week";
  const buckets = bucketSeries(
    report.days.map((day) => ({ date: day.day, values: [day.views, day.visitors] })),
    unit,
  );
  const labels = buckets.map((bucket) => shortDay(bucket.from));
  const rows = buckets.map((bucket) => (unit === "week" ? dayRange(bucket.from, bucket.to) : longDay(bucket.from)));
  const views = buckets.map((bucket) => bucket.values[0] ?? 0);
  const visitors = buckets.map((bucket) => bucket.values[1] ?? 0);
  const referrer = (host: string | null) => host ?? t("admin.visits.noReferrer");
  const screenWord = (screen: Screen) => t(SCREEN_WORDS[screen]);
  const deviceWord = (device: Device) => t(DEVICE_WORDS[device]);
  // The games whose page was opened, most opened first (at most 100, server/analytics/get-analytics.ts).
  const games = report.games;
  const totalsId = useId();
  const gameLabel = (game: AnalyticsReport["games"][number]) => formatDate(game.startsAt, { timeZone: viewerZone, month: "short", day: "numeric" });
  const gameRow = (game: AnalyticsReport["games"][number]) =>
    `${game.title} (${formatDate(game.startsAt, { timeZone: viewerZone, month: "short", day: "numeric", year: "numeric" })})`;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <section aria-labelledby={totalsId} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:max-w-md">
        <h4 id={totalsId} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          {t("admin.visits.inPeriod")}
        </h4>
        <dl className="flex flex-col divide-y divide-slate-100">
          {(
            [
              [t("admin.visits.pageViews"), report.totals.views],
              [t("admin.visits.visitors"), report.totals.visitors],
              [t("admin.visits.shares"), report.totals.shares],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className="flex justify-between gap-3 py-1.5">
              <dt className="text-slate-700">{term}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{count(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-600">
          {t("admin.visits.countedDaily")}
          {report.period.timeZone !== viewerZone && ` ${t("admin.visits.daysIn", { zone: timeZoneName(report.period.timeZone, undefined, currentLanguage()) })}`}
        </p>
      </section>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <BarChart
          title={t(weekly ? "admin.visits.perWeek" : "admin.visits.perDay")}
          summary={t(weekly ? "admin.visits.summaryWeeks" : "admin.visits.summaryDays", { views: report.totals.views, visitors: report.totals.visitors, count: buckets.length })}
          labels={labels}
          rows={rows}
          rowHeader={t(weekly ? "admin.chart.week" : "admin.chart.day")}
          series={[
            { label: t("admin.visits.pageViews"), color: CHART_COLORS.blue, values: views, format: count },
            { label: t("admin.visits.visitors"), color: CHART_COLORS.orange, values: visitors, format: count },
          ]}
          yStep={1}
          formatY={count}
          total={(index) => count((index === 0 ? views : visitors).reduce((sum, value) => sum + value, 0))}
        />
        <BarChart
          title={t("admin.visits.perScreen")}
          summary={`${report.screens.map((screen) => `${screenWord(screen.screen)} ${count(screen.views)}`).join(", ")}.`}
          labels={report.screens.map((screen) => screenWord(screen.screen))}
          rows={report.screens.map((screen) => screenWord(screen.screen))}
          rowHeader={t("admin.visits.screen")}
          series={[{ label: t("admin.visits.pageViews"), color: CHART_COLORS.blue, values: report.screens.map((screen) => screen.views), format: count }]}
          yStep={1}
          formatY={count}
        />
        <BarChart
          title={t("admin.visits.referrers")}
          summary={t("admin.visits.referrersSummary", {
            list: report.referrers.map((row) => `${referrer(row.host)} ${count(row.visits)}`).join(", ") || t("admin.visits.referrersNone"),
          })}
          labels={report.referrers.map((row) => referrer(row.host))}
          rows={report.referrers.map((row) => referrer(row.host))}
          rowHeader={t("admin.visits.referrer")}
          series={[{ label: t("admin.visits.visits"), color: CHART_COLORS.green, values: report.referrers.map((row) => row.visits), format: count }]}
          yStep={1}
          formatY={count}
        />
        <BarChart
          title={t("admin.visits.devices")}
          summary={`${report.devices.map((row) => `${deviceWord(row.device)} ${count(row.visitors)}`).join(", ") || t("admin.visits.devicesNone")}.`}
          labels={report.devices.map((row) => deviceWord(row.device))}
          rows={report.devices.map((row) => deviceWord(row.device))}
          rowHeader={t("admin.visits.device")}
          series={[{ label: t("admin.visits.visitors"), color: CHART_COLORS.orange, values: report.devices.map((row) => row.visitors), format: count }]}
          yStep={1}
          formatY={count}
        />
        {games.length > 0 && (
          <div className="min-w-0 lg:col-span-2">
            <BarChart
              title={t("admin.visits.funnel")}
              summary={t("admin.visits.funnelSummary", { count: games.length })}
              labels={games.map(gameLabel)}
              rows={games.map(gameRow)}
              rowHeader={t("admin.game")}
              series={[
                { label: t("admin.visits.opened"), color: CHART_COLORS.blue, values: games.map((game) => game.opened), format: count },
                { label: t("admin.visits.signedIn"), color: CHART_COLORS.orange, values: games.map((game) => game.signedIn), format: count },
                { label: t("admin.visits.joined"), color: CHART_COLORS.green, values: games.map((game) => game.joined), format: count },
                { label: t("admin.visits.paid"), color: CHART_COLORS.purple, values: games.map((game) => game.paid), format: count },
              ]}
              yStep={1}
              formatY={count}
            />
          </div>
        )}
      </div>
    </div>
  );
}
