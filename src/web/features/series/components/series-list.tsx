import { Link } from "#web/components/link.tsx";
import { ButtonLink } from "#web/components/form.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { useSeriesList } from "#web/features/series/api.ts";
import { scheduleText } from "#web/features/series/series-text.ts";
import { paths } from "#web/lib/paths.ts";
import { seriesPaths } from "#web/features/series/series-paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";

/** Every weekly series, newest first, each leading to its page (the /admin/series screen). */
export function SeriesList() {
  useDocumentTitle(t("admin.series.listTitle"));
  const list = useSeriesList();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{t("admin.series.listTitle")}</h1>
        <ButtonLink to={paths.createEvent}>{t("admin.series.createOne")}</ButtonLink>
      </div>
      {list.isError ? (
        <QueryError title={t("admin.series.listFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner />
      ) : list.data.series.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t("admin.series.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.data.series.map((series) => (
            <li key={series.id} className="flex flex-col gap-1 px-4 py-3">
              <Link to={seriesPaths.one(series.id)} className="font-semibold text-green-800 underline card-title hover:text-green-900">
                {series.title}
              </Link>
              <span className="text-sm text-slate-600 wrap-anywhere">
                {scheduleText(series)} · {series.locationName}
                {series.regulars ? ` · ${t("admin.series.regularsFirst")}` : ""}
                {series.status === "ended" ? ` · ${t("admin.series.ended")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
