import { useId, type ReactNode } from "react";
import { Link } from "#web/components/link.tsx";
import type { Attendance, PlayedEvent } from "#shared/events.ts";
import { ButtonLink } from "#web/components/form.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formatHours, formatLongDate } from "#web/features/events/format.ts";
import { useYourEvents } from "#web/features/events/hooks/use-your-events.ts";
import { describeYourPart } from "#web/features/events/your-event-part.ts";
import { useCurrency } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";

/** The signed-in user's events, as the server classifies them (docs/product-rules.md, "Your Events"). */
export default function YourEventsScreen() {
  const title = t("shell.header.yourEvents");
  useDocumentTitle(title);
  const mine = useYourEvents();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{title}</h1>
      {mine.isPending ? (
        <Spinner />
      ) : mine.isError ? (
        <QueryError title={t("yours.list.loadFailed")} error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          <Section title={t("yours.current.title")} about={t("yours.current.about")}>
            {mine.data.current.playing.length + mine.data.current.waitlisted.length === 0 ? (
              <div className="flex flex-col items-start gap-4">
                <Empty>{t("yours.current.none")}</Empty>
                <ButtonLink to={paths.home}>{t("yours.current.seeAvailable")}</ButtonLink>
              </div>
            ) : (
              <>
                <SubList title={t("yours.current.playing")} events={mine.data.current.playing} />
                <SubList title={t("yours.current.onWaitlist")} events={mine.data.current.waitlisted} />
              </>
            )}
          </Section>
          <Section title={t("yours.completed.title")} about={t("yours.completed.about")}>
            {mine.data.completed.played.length + mine.data.completed.waitlisted.length === 0 ? (
              <Empty>{t("yours.completed.none")}</Empty>
            ) : (
              <>
                <SubList title={t("yours.completed.played")} events={mine.data.completed.played} />
                <SubList title={t("yours.completed.waitlisted")} events={mine.data.completed.waitlisted} />
              </>
            )}
          </Section>
          <Section title={t("yours.refunded.title")} about={t("yours.refunded.about")}>
            {mine.data.refunded.length === 0 ? <Empty>{t("yours.refunded.none")}</Empty> : <EventList events={mine.data.refunded} />}
          </Section>
          <Section title={t("yours.cancelled.title")} about={t("yours.cancelled.about")}>
            {mine.data.cancelled.length === 0 ? <Empty>{t("yours.cancelled.none")}</Empty> : <EventList events={mine.data.cancelled} />}
          </Section>
        </>
      )}
    </div>
  );
}

/** A section and, under its title, one line saying what belongs there (issue 32). */
function Section({ title, about, children }: { title: string; about: string; children: ReactNode }) {
  const headingId = useId();
  const aboutId = useId();
  return (
    <section aria-labelledby={headingId} aria-describedby={aboutId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p id={aboutId} className="text-sm text-slate-600">
          {about}
        </p>
      </div>
      {children}
    </section>
  );
}

/** A sub-list is shown only when it has events, so an empty 'Playing' does not hide 'On Waitlist'. */
function SubList({ title, events }: { title: string; events: PlayedEvent[] }) {
  const headingId = useId();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      <EventList events={events} />
    </section>
  );
}

/** Each game with when and where, and beside it the viewer's role, money and waitlist place. */
function EventList({ events }: { events: PlayedEvent[] }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200">
      {events.map((event) => (
        <EventRow key={event.id} event={event} />
      ))}
    </ul>
  );
}

/**
 * One game: the whole row is its link, named by the title alone; when, where and the viewer's part
 * are the link's description, each fact an element of its own, so a screen reader says them as
 * they are written, with no comma glued between the fields (issue 32).
 */
function EventRow({ event }: { event: PlayedEvent }) {
  const currency = useCurrency();
  const whenId = useId();
  const whereId = useId();
  const partId = useId();
  const hasPart = event.mine.length > 0 || Boolean(event.attendance);
  return (
    <li>
      <Link
        to={paths.event(event.id)}
        aria-describedby={[whenId, whereId, ...(hasPart ? [partId] : [])].join(" ")}
        className="flex flex-col gap-1 px-4 py-3 hover:bg-green-50 focus:bg-green-50 focus:outline-none"
      >
        <span className="flex flex-col gap-x-4 sm:flex-row sm:items-baseline sm:justify-between">
          <span className="min-w-0 font-semibold text-green-900 card-title">{event.title}</span>
          <span id={whenId} aria-hidden="true" className="shrink-0 text-sm text-slate-600">
            {formatLongDate(event.startsAt)}, <span className="whitespace-nowrap">{formatHours(event.startsAt, event.endsAt)}</span>
          </span>
        </span>
        <span id={whereId} aria-hidden="true" className="text-sm text-slate-600 wrap-anywhere">
          {event.locationName}
          {event.field ? ` (${event.field})` : ""}
        </span>
        {hasPart && (
          <span id={partId} aria-hidden="true" className="flex flex-wrap items-center gap-2 text-sm">
            {event.mine.map((part) => (
              <span key={`${part.role}-${part.participation}`} className="rounded-md bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
                {describeYourPart(part, currency)}
              </span>
            ))}
            {event.attendance && <AttendanceBadge attendance={event.attendance} />}
          </span>
        )}
      </Link>
    </li>
  );
}

/** A past game's attendance as check-in recorded it (docs/product-rules.md, "Check-in"). */
function AttendanceBadge({ attendance }: { attendance: Attendance }) {
  const checkedIn = attendance === "checked_in";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${checkedIn ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-950"}`}>
      {t(checkedIn ? "yours.event.checkedIn" : "yours.event.noShow")}
    </span>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-slate-600">{children}</p>;
}
