import { lazy, Suspense, useEffect, useId, useMemo, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation, useSearchParams } from "react-router";
import { Link } from "#web/components/link.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paymentsCsvUrl } from "#web/features/console/api.ts";
import { AnalyticsSection } from "#web/features/console/components/analytics-section.tsx";
import { AttentionList } from "#web/features/console/components/attention-list.tsx";
import { preloadCharts } from "#web/features/console/components/bar-chart.tsx";
import { GamesTable } from "#web/features/console/components/games-table.tsx";
import { OverviewCharts } from "#web/features/console/components/overview-charts.tsx";
import { OverviewFigures } from "#web/features/console/components/overview-figures.tsx";
import { PeriodPicker } from "#web/features/console/components/period-picker.tsx";
import { dayRange, isEmptyPeriod } from "#web/features/console/figures.ts";
import { useOverview } from "#web/features/console/hooks/use-overview.ts";
import { periodFromSearch, searchForPeriod } from "#web/features/console/period.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { seriesPaths } from "#web/features/series/series-paths.ts";
import { viewerTimeZone } from "#web/features/events/format.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";
import { messageAround } from "#web/i18n/message-around.ts";

/**
 * The organiser's console (admins; the shell shows home to everyone else): what needs attention, a
 * period's overview, and the visits the app's own analytics counted in it.
 */
/**
 * The weekly series' screens (docs/series.md), in a chunk the console loads when one is opened: the
 * first paint's code (within 95 KB: docs/testing-and-budgets.md, "Budgets") carries nothing only admins open.
 */
const SeriesScreen = lazy(() => import("./series.tsx").then((module) => ({ default: module.SeriesScreen })));

/** /console, and the weekly series under it: /console/series, /console/series/{id}. */
export default function ConsoleScreen() {
  const { pathname } = useLocation();
  if (pathname === paths.console || pathname === `${paths.console}/`) return <Overview />;
  if (pathname.startsWith(seriesPaths.list)) {
    return (
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="series/:id?" element={<SeriesScreen />} />
        </Routes>
      </Suspense>
    );
  }
  // Any other address under /console is the console itself.
  return <Navigate to={paths.console} replace />;
}

function Overview() {
  useDocumentTitle(t("admin.console.title"));
  const [search, setSearch] = useSearchParams();
  const timeZone = viewerTimeZone();
  const searchKey = search.toString();
  const choice = useMemo(() => periodFromSearch(new URLSearchParams(searchKey), timeZone, new Date()), [searchKey, timeZone]);
  const period = choice.problem ? null : { from: choice.from, to: choice.to, timeZone };
  const overview = useOverview(period);
  useEffect(preloadCharts, []);

  let content: ReactNode;
  if (!period) content = null; // the form says what is wrong with the range
  else if (overview.isPending) content = <Spinner label={t("admin.console.loading")} />;
  else if (overview.isError) content = <QueryError title={t("admin.console.loadFailed")} error={overview.error} onRetry={() => void overview.refetch()} />;
  else if (isEmptyPeriod(overview.data)) {
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="text-lg font-semibold text-slate-800">{t("admin.console.noGames")}</p>
        <p className="mt-1 text-slate-700">{t("admin.console.chooseAnother")}</p>
      </div>
    );
  } else {
    content = (
      <>
        <OverviewFigures overview={overview.data} />
        <Part title={t("admin.console.charts")} level={3}>
          <OverviewCharts overview={overview.data} />
        </Part>
        <Part title={t("admin.console.perGame")} level={3}>
          <GamesTable overview={overview.data} />
        </Part>
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{t("admin.console.title")}</h1>
        <Link to={seriesPaths.list} className="text-sm font-semibold text-green-800 underline hover:text-green-900">
          {t("admin.series.allSeries")}
        </Link>
      </div>
      <Part title={t("admin.console.attention")}>
        <AttentionList />
      </Part>
      <Part title={t("admin.console.overview")}>
        <PeriodPicker choice={choice} timeZone={timeZone} onChange={(next) => setSearch(searchForPeriod(next))} />
        {period && (
          <div className="flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
            <Showing range={dayRange(period.from, period.to)} zone={timeZoneName(timeZone, undefined, currentLanguage())} />
            <a href={paymentsCsvUrl(period)} download className="w-fit font-semibold text-green-800 underline hover:text-green-900">
              {t("admin.console.paymentsCsv")}
            </a>
          </div>
        )}
        {content}
        {period && (
          <Part title={t("admin.console.visits")} level={3}>
            <AnalyticsSection period={period} timeZone={timeZone} />
          </Part>
        )}
      </Part>
    </div>
  );
}

/** "Showing Mar 1 – Mar 30, 2026 (Eastern Time)", the days in bold wherever the language puts them. */
function Showing({ range, zone }: { range: string; zone: string }) {
  const [before, after] = messageAround("admin.console.showing", "range", { zone });
  return (
    <p>
      {before}
      <span className="font-semibold text-slate-900">{range}</span>
      {after}
    </p>
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
