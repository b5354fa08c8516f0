import { useEffect, useId, useMemo, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "../components/spinner.tsx";
import { paymentsCsvUrl } from "../features/console/api.ts";
import { AnalyticsSection } from "../features/console/components/analytics-section.tsx";
import { AttentionList } from "../features/console/components/attention-list.tsx";
import { preloadCharts } from "../features/console/components/bar-chart.tsx";
import { GamesTable } from "../features/console/components/games-table.tsx";
import { OverviewCharts } from "../features/console/components/overview-charts.tsx";
import { OverviewFigures } from "../features/console/components/overview-figures.tsx";
import { PeriodPicker } from "../features/console/components/period-picker.tsx";
import { dayRange, isEmptyPeriod } from "../features/console/figures.ts";
import { useOverview } from "../features/console/hooks/use-overview.ts";
import { periodFromSearch, searchForPeriod } from "../features/console/period.ts";
import { QueryError } from "../features/events/components/query-error.tsx";
import { viewerTimeZone } from "../features/events/format.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { timeZoneName } from "../../shared/time-zone-name.ts";

/**
 * The organiser's console (admins; the shell shows home to everyone else): what needs attention, a
 * period's overview, and the visits the app's own analytics counted in it.
 */
export default function ConsoleScreen() {
  useDocumentTitle("Console");
  const [search, setSearch] = useSearchParams();
  const timeZone = viewerTimeZone();
  const searchKey = search.toString();
  const choice = useMemo(() => periodFromSearch(new URLSearchParams(searchKey), timeZone, new Date()), [searchKey, timeZone]);
  const period = choice.problem ? null : { from: choice.from, to: choice.to, timeZone };
  const overview = useOverview(period);
  useEffect(preloadCharts, []);

  let content: ReactNode;
  if (!period) content = null; // the form says what is wrong with the range
  else if (overview.isPending) content = <Spinner label="Loading the overview..." />;
  else if (overview.isError) content = <QueryError title="The overview could not be loaded." error={overview.error} onRetry={() => void overview.refetch()} />;
  else if (isEmptyPeriod(overview.data)) {
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="text-lg font-semibold text-slate-800">No games in this period.</p>
        <p className="mt-1 text-slate-700">Choose another period to see its figures.</p>
      </div>
    );
  } else {
    content = (
      <>
        <OverviewFigures overview={overview.data} />
        <Part title="Charts" level={3}>
          <OverviewCharts overview={overview.data} />
        </Part>
        <Part title="Per game" level={3}>
          <GamesTable overview={overview.data} />
        </Part>
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">Console</h1>
      <Part title="Needs attention">
        <AttentionList />
      </Part>
      <Part title="Overview">
        <PeriodPicker choice={choice} timeZone={timeZone} onChange={(next) => setSearch(searchForPeriod(next))} />
        {period && (
          <div className="flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
            <p>
              Showing <span className="font-semibold text-slate-900">{dayRange(period.from, period.to)}</span> ({timeZoneName(timeZone)})
            </p>
            <a href={paymentsCsvUrl(period)} download className="w-fit font-semibold text-green-800 underline hover:text-green-900">
              Download payments CSV
            </a>
          </div>
        )}
        {content}
        {period && (
          <Part title="Visits" level={3}>
            <AnalyticsSection period={period} timeZone={timeZone} />
          </Part>
        )}
      </Part>
    </div>
  );
}

function Part({ title, level = 2, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const headingId = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <Heading id={headingId} className={level === 2 ? "text-2xl font-bold text-slate-900" : "text-lg font-bold text-slate-900"}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
