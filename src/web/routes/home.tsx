import { useDeferredValue, useMemo } from "react";
import { groupTimeline } from "#shared/timeline.ts";
import { Spinner } from "#web/components/spinner.tsx";
import { CompletedEventsLater } from "#web/features/events/components/completed-events-later.tsx";
import { ButtonLink } from "#web/components/form.tsx";
import { EmptyState } from "#web/features/events/components/empty-state.tsx";
import { EventTimeline } from "#web/features/events/components/event-timeline.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { viewerTimeZone } from "#web/features/events/format.ts";
import { useNow } from "#web/features/events/hooks/use-now.ts";
import { useMyRegistrations, useRegularOf } from "#web/features/events/hooks/use-my-registrations.ts";
import { useUpcomingEvents } from "#web/features/events/hooks/use-upcoming-events.ts";
import { useLiveHome } from "#web/features/live/use-live-home.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";

/** Available Events: the timeline of coming games, then the Completed Events table. */
export default function HomeScreen() {
  useDocumentTitle();
  const now = useNow();
  const upcoming = useUpcomingEvents();
  // Spot counts and the viewer's badges move as games change (docs/live-updates.md).
  useLiveHome();
  // The list as a transition: React builds its cards in slices and lets the phone answer a tap in
  // between (an answer from the server would otherwise be rendered in one go). The spinner stays
  // until the cards are ready.
  const shown = useDeferredValue(upcoming.data);
  // The viewer's own places, asked for apart from the list every viewer shares; the cards show
  // without them and gain their badges when they come.
  const mine = useMyRegistrations();
  const regularOf = useRegularOf();
  const isAdmin = useAuth().user?.isAdmin;
  const groups = useMemo(() => {
    if (!shown) return [];
    // The viewer's zone: the same one the cards' dates are formatted in (format.ts).
    return groupTimeline(shown.events, { now, timeZone: viewerTimeZone() });
  }, [shown, now]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <section className="flex flex-col gap-6" aria-labelledby="available-events">
        <h1 id="available-events" className="text-3xl font-extrabold tracking-tight text-green-900">
          {t("home.title")}
        </h1>
        {upcoming.isError ? (
          <QueryError title={t("home.loadFailed")} error={upcoming.error} onRetry={() => void upcoming.refetch()} />
        ) : !shown ? (
          // A screen's height while loading, so the footer does not start in view and jump away.
          <div className="min-h-screen">
            <Spinner />
          </div>
        ) : groups.length === 0 ? (
          // An organiser's empty home (issue 32) invites them to fill it, a game or a weekly series (the
          // same form, Repeat weekly ticked), and to share it; the form and the server check the role again.
          // Short on purpose: these words and this code are in the first paint's 95 KB.
          <EmptyState title={t(isAdmin ? "home.empty.organiserTitle" : "home.empty.title")} text={t(isAdmin ? "home.empty.organiserText" : "home.empty.text")}>
            {isAdmin && (
              <>
                <ButtonLink to={paths.createEvent}>{t("shell.header.createEvent")}</ButtonLink>
                <ButtonLink to={`${paths.createEvent}?repeat=weekly`}>{t("home.empty.createSeries")}</ButtonLink>
              </>
            )}
          </EmptyState>
        ) : (
          <EventTimeline groups={groups} now={now} mine={mine} regularOf={regularOf} />
        )}
      </section>
      {/* Loaded meanwhile, shown once the list above is in: it never moves down under the reader's eyes. */}
      <div hidden={!shown && !upcoming.isError}>
        <CompletedEventsLater />
      </div>
    </div>
  );
}
