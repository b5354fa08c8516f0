import { useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { Link } from "#web/components/link.tsx";
import type { SeriesView } from "#shared/series.ts";
import { Button } from "#web/components/form.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formatDate, formatDuration, formatPrice } from "#web/features/events/format.ts";
import { useNow } from "#web/features/events/hooks/use-now.ts";
import { useSeries } from "#web/features/series/api.ts";
import { EndSeriesDialog } from "#web/features/series/components/end-series-dialog.tsx";
import { RegularsList } from "#web/features/series/components/regulars-list.tsx";
import { RegularsSection } from "#web/features/series/components/regulars-section.tsx";
import { SeriesGames } from "#web/features/series/components/series-games.tsx";
import { SeriesList } from "#web/features/series/components/series-list.tsx";
import { opensDaysOf, scheduleText } from "#web/features/series/series-text.ts";
import { ApiError } from "#web/lib/api.ts";
import { useCurrency } from "#web/lib/config.ts";
import { seriesPaths } from "#web/features/series/series-paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * /console/series: every series; /console/series/:id: a weekly series, its Regulars first rule (changed
 * there), its games (each an ordinary game's page), and ending it (admins; docs/series.md). Shown by the console's screen (console.tsx).
 */
export function SeriesScreen() {
  const { id } = useParams();
  return id ? <OneSeries id={id} /> : <SeriesList />;
}

function OneSeries({ id }: { id: string }) {
  const series = useSeries(id);
  const now = useNow(60_000);
  const [ending, setEnding] = useState(false);
  useDocumentTitle(series.data?.series.title ?? t("admin.series.title"));

  if (series.error instanceof ApiError && series.error.status === 404) {
    return <NotFoundMessage title={t("admin.series.notFound")} text={t("admin.series.notFoundText")} />;
  }
  if (series.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center">
        <QueryError title={t("admin.series.loadFailed")} error={series.error} onRetry={() => void series.refetch()} />
      </div>
    );
  }
  if (!series.data) return <Spinner />;
  const { series: row, games } = series.data;
  const upcoming = games.filter((game) => game.status === "active" && Date.parse(game.startsAt) > now.getTime()).length;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <Link to={seriesPaths.list} className="w-fit text-sm font-semibold text-green-800 underline hover:text-green-900">
        {t("admin.series.allSeries")}
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight text-green-900 wrap-anywhere">{row.title}</h1>
        <p className="text-lg text-slate-700">{scheduleText(row)}</p>
        {row.status === "ended" && <p className="w-fit rounded-md bg-slate-200 px-2 py-1 text-sm font-semibold text-slate-800">{t("admin.series.ended")}</p>}
      </div>
      <SeriesFacts series={row} />
      <RegularsSection series={row} />
      <RegularsList regulars={series.data.regulars} />
      <section aria-labelledby="series-games" className="flex flex-col gap-3">
        <h2 id="series-games" className="text-xl font-bold text-slate-800">
          {t("admin.series.games")}
        </h2>
        {row.status === "active" && <p className="text-sm text-slate-600">{t("admin.series.gamesHint")}</p>}
        <SeriesGames games={games} now={now} />
      </section>
      {/* Ended, with games still to cancel: an end that stopped half-way (a fault), finished by ending again. */}
      {(row.status === "active" || upcoming > 0) && (
        <section aria-labelledby="series-end" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-white p-4">
          <h2 id="series-end" className="text-lg font-bold text-slate-800">
            {t("admin.series.endHeading")}
          </h2>
          <p className="text-sm text-slate-600">{t(row.status === "active" ? "admin.series.endHint" : "admin.series.endUnfinished")}</p>
          <Button variant="danger" onClick={() => setEnding(true)}>
            {t("admin.series.end")}
          </Button>
        </section>
      )}
      {ending && <EndSeriesDialog seriesId={row.id} upcoming={upcoming} onClose={() => setEnding(false)} />}
    </div>
  );
}

function SeriesFacts({ series }: { series: SeriesView }) {
  const currency = useCurrency();
  const day = (date: string) => formatDate(`${date}T12:00:00Z`, { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  return (
    <dl className="grid grid-cols-[minmax(auto,40%)_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <Fact term={t("admin.series.venue")}>{series.locationName}</Fact>
      <Fact term={t("admin.series.duration")}>{formatDuration(series.durationMinutes)}</Fact>
      <Fact term={t("admin.series.firstGame")}>{day(series.firstDate)}</Fact>
      <Fact term={t("admin.series.lastGame")}>
        {series.gameCount !== null ? t("admin.series.lastAfterGames", { date: day(series.lastDate), count: series.gameCount }) : day(series.lastDate)}
      </Fact>
      <Fact term={t("admin.series.opens")}>{t("admin.series.opensBefore", { count: opensDaysOf(series) })}</Fact>
      <Fact term={t("admin.players")}>{series.maxPlayers}</Fact>
      <Fact term={t("admin.series.playerPrice")}>{formatPrice(series.costCents, currency)}</Fact>
      <Fact term={t("admin.form.guestsPerPlayer")}>{series.maxGuestsPerPlayer > 0 ? series.maxGuestsPerPlayer : t("admin.series.noGuests")}</Fact>
      {series.includeGoalkeepers && <Fact term={t("admin.goalkeepers")}>{`${series.maxGoalkeepers} · ${formatPrice(series.goalkeeperCostCents, currency)}`}</Fact>}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}
