import { useEffect, useId, useState } from "react";
import { Link } from "#web/components/link.tsx";
import { Button } from "#web/components/form.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { t, type MessageKey } from "#web/i18n/i18n.ts";
import { useCurrency } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { formatGoalkeepers, formatHours, formatLongDate, formatPrice } from "#web/features/events/format.ts";
import { useCompletedEvents } from "#web/features/events/hooks/use-completed-events.ts";
import { EmptyState } from "./empty-state.tsx";
import { QueryError } from "./query-error.tsx";

const COLUMNS = [
  "home.term.title",
  "home.term.cost",
  "home.term.date",
  "home.term.hours",
  "home.term.location",
  "home.term.maxPlayers",
  "home.term.goalkeepers",
  "home.term.details",
] as const satisfies readonly MessageKey[];

/** The Completed Events table: 5 a page from the server, with Previous/Next and 'Page X of Y'. */
export function CompletedEvents() {
  const [page, setPage] = useState(1);
  const completed = useCompletedEvents(page);
  const headingId = useId();
  const currency = useCurrency();
  const pageCount = completed.data?.pageCount ?? 1;

  // Events can leave the last page (e.g. cancelled ones removed) while someone is on it.
  useEffect(() => {
    if (completed.data && page > Math.max(1, completed.data.pageCount)) setPage(Math.max(1, completed.data.pageCount));
  }, [completed.data, page]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {t("home.completed.title")}
      </h2>
      {completed.isPending ? (
        <Spinner />
      ) : completed.isError ? (
        <QueryError title={t("home.completed.loadFailed")} error={completed.error} onRetry={() => void completed.refetch()} />
      ) : completed.data.total === 0 ? (
        <EmptyState title={t("home.completed.empty.title")} text={t("home.completed.empty.text")} />
      ) : (
        <>
          <div
            role="region"
            aria-label={t("home.completed.table")}
            // Focusable so that keyboard users can scroll the table sideways on narrow screens; relative so
            // that the screen-reader-only text inside is clipped by it instead of widening the page.
            tabIndex={0}
            className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus:outline-2 focus:outline-green-700"
          >
            <table className={`w-full min-w-[56rem] text-left text-sm ${completed.isPlaceholderData ? "opacity-60" : ""}`}>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {completed.data.events.map((event) => (
                  <tr key={event.id} className="hover:bg-slate-50">
                    <th scope="row" className="min-w-[10rem] px-4 py-3 font-semibold text-slate-900 wrap-anywhere">
                      {event.title}
                      {event.status === "cancelled" && <span className="ml-2 text-xs font-semibold text-red-700">{t("home.completed.cancelled")}</span>}
                    </th>
                    <td className="px-4 py-3">{formatPrice(event.costCents, currency)}</td>
                    <td className="whitespace-nowrap px-4 py-3">{formatLongDate(event.startsAt)}</td>
                    <td className="whitespace-nowrap px-4 py-3">{formatHours(event.startsAt, event.endsAt)}</td>
                    <td className="min-w-[14rem] px-4 py-3 wrap-anywhere">{event.locationName}</td>
                    <td className="px-4 py-3">{event.maxPlayers}</td>
                    <td className="min-w-[8rem] px-4 py-3">{formatGoalkeepers(event, currency)}</td>
                    <td className="px-4 py-3">
                      <Link to={paths.event(event.id)} className="font-semibold text-green-800 underline hover:text-green-900">
                        {t("home.completed.more")}
                        <span className="sr-only"> {t("home.completed.about", { title: event.title })}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t("home.completed.pages")} className="flex items-center justify-between gap-3">
            <Button variant="secondary" onClick={() => setPage((current) => current - 1)} disabled={page <= 1}>
              {t("home.completed.previous")}
            </Button>
            <p className="text-sm text-slate-700" aria-live="polite">
              {t("home.completed.page", { page, count: Math.max(1, pageCount) })}
            </p>
            <Button variant="secondary" onClick={() => setPage((current) => current + 1)} disabled={page >= pageCount || completed.isPlaceholderData}>
              {t("home.completed.next")}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
