import { useLocation, useParams } from "react-router";
import { Link } from "#web/components/link.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { rosterCsvUrl } from "#web/features/console/api.ts";
import type { RosterLinkState } from "#web/features/console/components/games-table.tsx";
import { RosterTables } from "#web/features/console/components/roster-tables.tsx";
import { dateTime } from "#web/features/console/figures.ts";
import { useRoster } from "#web/features/console/hooks/use-roster.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { ApiError } from "#web/lib/api.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";

/** One game's roster, waitlists and totals for its organiser (admins), with its CSV. */
export default function ConsoleEventScreen() {
  const { id = "" } = useParams();
  const roster = useRoster(id);
  const location = useLocation();
  const notFound = roster.error instanceof ApiError && roster.error.status === 404;
  useDocumentTitle(roster.data ? t("admin.roster.documentTitle", { title: roster.data.event.title }) : notFound ? t("admin.roster.notFoundTitle") : t("admin.roster.title"));
  // Back to the console with the period it showed, when that is where the organiser came from.
  const back = `${paths.console}${(location.state as RosterLinkState | null)?.consoleSearch ?? ""}`;
  const backLink = (
    <Link to={back} className="w-fit font-semibold text-green-800 underline hover:text-green-900">
      {t("admin.roster.back")}
    </Link>
  );

  if (notFound) return <NotFoundMessage title={t("admin.roster.notFound")} text={t("admin.gone")} />;
  if (roster.isError) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
        {backLink}
        <QueryError title={t("admin.roster.loadFailed")} error={roster.error} onRetry={() => void roster.refetch()} />
      </div>
    );
  }
  if (roster.isPending) return <Spinner label={t("admin.roster.loading")} />;

  const { event } = roster.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      {backLink}
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight text-green-900 card-title">{event.title}</h1>
        <p className="text-slate-700">
          {t(event.maxGoalkeepers > 0 ? "admin.roster.summaryWithKeepers" : "admin.roster.summary", {
            when: dateTime(event.startsAt, event.timeZone),
            zone: timeZoneName(event.timeZone, event.startsAt, currentLanguage()),
            // Counted by the server as capacity counts them: each held spot, guests included.
            held: roster.data.held.players,
            max: event.maxPlayers,
            keepersHeld: roster.data.held.goalkeepers,
            keepersMax: event.maxGoalkeepers,
          })}
        </p>
        {event.status === "cancelled" && <p className="mt-2 w-fit rounded-lg border border-red-200 bg-red-50 px-3 py-1 font-semibold text-red-800">{t("admin.roster.cancelled")}</p>}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <a href={rosterCsvUrl(event.id)} download className="font-semibold text-green-800 underline hover:text-green-900">
          {t("admin.roster.csv")}
        </a>
        <Link to={paths.event(event.id)} className="font-semibold text-green-800 underline hover:text-green-900">
          {t("admin.roster.eventPage")}
        </Link>
      </div>
      <RosterTables roster={roster.data} />
    </div>
  );
}
