import { useId } from "react";
import type { AnalyticsReport, Device, Screen } from "../../../../shared/analytics.ts";
import { Spinner } from "../../../components/spinner.tsx";
import { QueryError } from "../../events/components/query-error.tsx";
import { formatDate } from "../../events/format.ts";
import { bucketSeries, dayRange, longDay, plural, shortDay, unitFor } from "../figures.ts";
import { useAnalytics } from "../hooks/use-analytics.ts";
import type { DayRange } from "../period.ts";
import { BarChart, CHART_COLORS } from "./bar-chart.tsx";
import { timeZoneName } from "../../../../shared/time-zone-name.ts";

const SCREEN_WORDS: Record<Screen, string> = {
  home: "Home",
  event: "Game pages",
  "your-events": "Your Events",
  profile: "Profile",
  login: "Login",
  other: "Other",
};

const DEVICE_WORDS: Record<Device, string> = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" };

const count = (value: number) => value.toLocaleString("en-US");

/**
 * Visits in the console's period, from the app's own analytics (docs/decisions/018-first-party-analytics.md):
 * views and visitors per day, screens, where visits came from, devices, and each game's funnel
 * (opened → signed in → joined → paid). Days are the server's analytics zone, said when it is not
 * the browser's.
 */
export function AnalyticsSection({ period, timeZone }: { period: DayRange; timeZone: string }) {
  const analytics = useAnalytics(period);
  if (analytics.isPending) return <Spinner label="Loading the visits..." />;
  if (analytics.isError) return <QueryError title="The visits could not be loaded." error={analytics.error} onRetry={() => void analytics.refetch()} />;
  const report = analytics.data;
  if (report.totals.views === 0 && report.totals.shares === 0) return <p className="text-slate-700">No visits counted in this period.</p>;
  return <AnalyticsFigures report={report} viewerZone={timeZone} />;
}

function AnalyticsFigures({ report, viewerZone }: { report: AnalyticsReport; viewerZone: string }) {
  const unit = unitFor(report.period);
  const buckets = bucketSeries(
    report.days.map((day) => ({ date: day.day, values: [day.views, day.visitors] })),
    unit,
  );
  const labels = buckets.map((bucket) => shortDay(bucket.from));
  const rows = buckets.map((bucket) => (unit === "week" ? dayRange(bucket.from, bucket.to) : longDay(bucket.from)));
  const views = buckets.map((bucket) => bucket.values[0] ?? 0);
  const visitors = buckets.map((bucket) => bucket.values[1] ?? 0);
  const referrer = (host: string | null) => host ?? "No referring site";
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
          Visits in the period
        </h4>
        <dl className="flex flex-col divide-y divide-slate-100">
          {(
            [
              ["Page views", report.totals.views],
              ["Visitors", report.totals.visitors],
              ["Share button uses", report.totals.shares],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className="flex justify-between gap-3 py-1.5">
              <dt className="text-slate-700">{term}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{count(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-600">
          Visitors are counted day by day: one person on two days counts twice, as days cannot be linked.
          {report.period.timeZone !== viewerZone && ` Days as in ${timeZoneName(report.period.timeZone)}.`}
        </p>
      </section>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <BarChart
          title={`Page views and visitors per ${unit}`}
          summary={`${plural(report.totals.views, "page view")} and ${plural(report.totals.visitors, "visitor")} over ${plural(buckets.length, unit)}. Each ${unit}'s figures are in the table below (Show as table).`}
          labels={labels}
          rows={rows}
          rowHeader={unit === "week" ? "Week" : "Day"}
          series={[
            { label: "Page views", color: CHART_COLORS.blue, values: views, format: count },
            { label: "Visitors", color: CHART_COLORS.orange, values: visitors, format: count },
          ]}
          yStep={1}
          formatY={count}
          total={(index) => count((index === 0 ? views : visitors).reduce((sum, value) => sum + value, 0))}
        />
        <BarChart
          title="Page views per screen"
          summary={`${report.screens.map((screen) => `${SCREEN_WORDS[screen.screen]} ${count(screen.views)}`).join(", ")}.`}
          labels={report.screens.map((screen) => SCREEN_WORDS[screen.screen])}
          rows={report.screens.map((screen) => SCREEN_WORDS[screen.screen])}
          rowHeader="Screen"
          series={[{ label: "Page views", color: CHART_COLORS.blue, values: report.screens.map((screen) => screen.views), format: count }]}
          yStep={1}
          formatY={count}
        />
        <BarChart
          title="Where visits came from"
          summary={`The site that linked to the first screen of each visit: ${report.referrers.map((row) => `${referrer(row.host)} ${count(row.visits)}`).join(", ") || "none"}.`}
          labels={report.referrers.map((row) => referrer(row.host))}
          rows={report.referrers.map((row) => referrer(row.host))}
          rowHeader="Referring site"
          series={[{ label: "Visits", color: CHART_COLORS.green, values: report.referrers.map((row) => row.visits), format: count }]}
          yStep={1}
          formatY={count}
        />
        <BarChart
          title="Visitors by device"
          summary={`${report.devices.map((row) => `${DEVICE_WORDS[row.device]} ${count(row.visitors)}`).join(", ") || "None"}.`}
          labels={report.devices.map((row) => DEVICE_WORDS[row.device])}
          rows={report.devices.map((row) => DEVICE_WORDS[row.device])}
          rowHeader="Device"
          series={[{ label: "Visitors", color: CHART_COLORS.orange, values: report.devices.map((row) => row.visitors), format: count }]}
          yStep={1}
          formatY={count}
        />
        {games.length > 0 && (
          <div className="min-w-0 lg:col-span-2">
            <BarChart
              title="Funnel per game"
              summary={`For ${plural(games.length, "game")}, most opened first: its page opened, opened by someone signed in, registrations, payments. Each game's figures are in the table below (Show as table).`}
              labels={games.map(gameLabel)}
              rows={games.map(gameRow)}
              rowHeader="Game"
              series={[
                { label: "Opened", color: CHART_COLORS.blue, values: games.map((game) => game.opened), format: count },
                { label: "Signed in", color: CHART_COLORS.orange, values: games.map((game) => game.signedIn), format: count },
                { label: "Joined", color: CHART_COLORS.green, values: games.map((game) => game.joined), format: count },
                { label: "Paid", color: CHART_COLORS.purple, values: games.map((game) => game.paid), format: count },
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
