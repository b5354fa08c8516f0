import { useDeferredValue, useId, useState, type ReactNode } from "react";
import { useLocation, useParams } from "react-router";
import { Link } from "#web/components/link.tsx";
import { FALLBACK_ORGANIZER } from "#shared/organizer.ts";
import { gameAvailability } from "#shared/event-availability.ts";
import { REGULARS_SPOTS_TAKEN } from "#shared/registration-opening.ts";
import { FixedBottomBar } from "#web/components/bottom-bar.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { AddToCalendarLink } from "#web/features/calendar/components/add-to-calendar-link.tsx";
import { EventMap } from "#web/features/events/components/event-map.tsx";
import { GetDirectionsLink } from "#web/features/events/components/get-directions-link.tsx";
import { SpotList, WaitList } from "#web/features/events/components/participant-list.tsx";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { ShareEventButton } from "#web/features/events/components/share-event-button.tsx";
import { isCreatedEventState } from "#web/features/events/created-event-state.ts";
import { formatPrice, isCompleted } from "#web/features/events/format.ts";
import { formatGameTime } from "#web/features/events/game-time.ts";
import { gameOnLines, myHoldText } from "#web/features/events/game-on-text.ts";
import { useEvent } from "#web/features/events/hooks/use-event.ts";
import { useIsNarrow } from "#web/features/events/hooks/use-is-narrow.ts";
import { useNow } from "#web/features/events/hooks/use-now.ts";
import { refreshBesideStream } from "#web/features/live/apply-changes.ts";
import { useLiveEvent } from "#web/features/live/use-live-event.ts";
import { CancelledGameSummary } from "#web/features/registrations/components/cancelled-game-summary.tsx";
import { EventActionDialogs, EventActionsPanel, OrganiserActions, type OpenDialog } from "#web/features/registrations/components/event-actions-panel.tsx";
import { PublishedTeamsPanel } from "#web/features/teams/components/published-teams-panel.tsx";
import { DisputedPayments } from "#web/features/registrations/components/disputed-payments.tsx";
import { FailedAutoChargeNotice } from "#web/features/registrations/components/failed-auto-charge-notice.tsx";
import { GuestFields } from "#web/features/registrations/components/guest-fields.tsx";
import { MyGuests } from "#web/features/registrations/components/my-guests.tsx";
import { useGuestDraft } from "#web/features/registrations/hooks/use-guest-draft.ts";
import { RefundIssues } from "#web/features/registrations/components/refund-issues.tsx";
import { RegularsStanding } from "#web/features/registrations/components/regulars-standing.tsx";
import { GamePushPanel } from "#web/features/push/components/game-push-panel.tsx";
import { SpotWatch } from "#web/features/registrations/components/spot-watch.tsx";
import { ViewerStatusBox } from "#web/features/registrations/components/viewer-status-box.tsx";
import { eventActions, eventRefreshInterval, hasPaidSpots } from "#web/features/registrations/event-actions.ts";
import { opensText } from "#web/features/registrations/opens-text.ts";
import { ApiError } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { HydrateLater } from "#web/lib/hydrate-later.tsx";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";

export default function EventScreen() {
  const { id = "" } = useParams();
  return (
    <>
      <KeepCurrent id={id} />
      <EventPage id={id} />
    </>
  );
}

/**
 * Keeps the game's page current and renders nothing: live from the stream; polling only while it is
 * not open, and slowly beside it as a safety net. Apart from the page, so that the stream opening
 * or dropping re-renders this alone: as part of the page, its opening drew the whole page again
 * right after hydration (7-22 ms of main thread on the test machine) to show the same thing. The
 * page itself re-renders when a message changes what it shows (docs/server-rendering.md).
 */
function KeepCurrent({ id }: { id: string }) {
  const live = useLiveEvent(id);
  useEvent(id, { refreshInterval: (data) => refreshBesideStream(eventRefreshInterval(data), live) });
  return null;
}

function EventPage({ id }: { id: string }) {
  const event = useEvent(id);
  const { user } = useAuth();
  const narrow = useIsNarrow();
  // The 24-hour window and the start close on their own: buttons follow the clock.
  const now = useNow(30_000);
  const config = useConfig();
  const currency = useCurrency();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The guests a player brings when joining (src/shared/guests.ts): typed in the side panel, sent by Join.
  const guestDraft = useGuestDraft();
  // Just created: the organiser's next step is sharing the game (docs/product-rules.md, "Editing and cancelling a game").
  const justCreated = isCreatedEventState(useLocation().state);
  const notFound = event.error instanceof ApiError && event.error.status === 404;
  useDocumentTitle(event.data?.title ?? (notFound ? t("event.page.notFound") : undefined));

  // The page as a transition: React builds it in slices and lets the phone answer a tap in between
  // (an answer from the server would otherwise be rendered in one go); the spinner stays meanwhile.
  const shown = useDeferredValue(event.data);

  if (notFound) {
    return <NotFoundMessage title={t("event.page.notFoundHeading")} text={t("event.page.notFoundText")} />;
  }
  if (event.isError) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-16 text-center">
        <QueryError title={t("event.page.loadFailed")} error={event.error} onRetry={() => void event.refetch()} />
        <Link to={paths.home} className="font-semibold text-green-800 underline hover:text-green-900">
          {t("event.page.backToEvents")}
        </Link>
      </div>
    );
  }

  if (!shown) return <Spinner />;
  const data = shown;
  // The stand-in organiser is a constant of src/shared: its name in the screens' language.
  const organizer = data.organizer ?? { ...FALLBACK_ORGANIZER, name: sharedMessage(FALLBACK_ORGANIZER.name) };
  const cancelled = data.status === "cancelled";
  // Game on (docs/game-on.md): the minimum, the decision, and the viewer's card hold.
  const gameOn = gameOnLines(data, currency);
  const myHold = myHoldText(data, currency);
  const completed = !cancelled && isCompleted(data);
  const when = formatGameTime(data);
  const shareUrl = new URL(paths.event(data.id), config.data?.publicUrl ?? window.location.origin).toString();
  // A cancelled game is closed: nothing to share.
  const share = cancelled ? undefined : <ShareEventButton title={data.title} url={shareUrl} highlight={justCreated} />;
  const offered = eventActions({ event: data, mine: data.mine, now, isAdmin: Boolean(user?.isAdmin) });
  // Guests come with a player's join, when the game takes them (0 turns them off), and never more than
  // the game has room for: a party larger than its capacity could only wait (the server refuses it).
  const maxGuests = Math.min(data.maxGuestsPerPlayer, data.maxPlayers - 1);
  const takesGuests = maxGuests > 0 && Boolean(user) && offered.joinPlayer;
  const actions = (
    <EventActionsPanel event={data} viewer={user} now={now} bar={narrow} extra={share} guests={takesGuests ? guestDraft : undefined} openDialog={setDialog} />
  );
  // A series' game is shown from its generation but takes joins only from its opening, or from its
  // regulars' window for them (docs/series.md).
  const opens = opensText(data, now);
  const canJoin = (role: "player" | "goalkeeper") => (role === "player" ? offered.joinPlayer : offered.joinGoalkeeper);
  // The one availability rule (src/shared/event-availability.ts): a game under way or over takes no
  // one, so it shows who plays (and its teams and result), never spots left, waitlists or their note.
  const availability = gameAvailability(data, now);
  const closed = availability.kind === "started" || availability.kind === "finished";
  // A regular whose share of the spots is taken may not join now either: they may ask to be told.
  const mayJoinNow = offered.joinPlayer || offered.joinGoalkeeper || data.mine.length > 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 pb-10">
      {cancelled && <Banner tone="red">{t("event.page.cancelled")}</Banner>}
      {completed && <Banner tone="slate">{t("event.page.completed")}</Banner>}

      {/* min-w-0 and minmax(0, …): a long unbroken title or name wraps inside its column instead of widening it. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        {/* The game's box, then the lists, each hydrated in a task of its own on a page the server rendered (lib/hydrate-later.tsx). */}
        <HydrateLater as="aside" className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-20">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 wrap-anywhere">{data.title}</h1>
            <p className="text-slate-600 wrap-anywhere">{data.locationName}</p>
            {!cancelled && <GetDirectionsLink latitude={data.latitude} longitude={data.longitude} name={data.locationName} />}
            {!cancelled && !completed && <AddToCalendarLink eventId={data.id} />}
          </div>
          {/* The terms' column takes at most 40 % (they wrap between words beyond), so a date keeps the room
              to break between its words, never inside one ("Thurs-day"), at 320 px with 125 % text. */}
          <dl className="grid grid-cols-[minmax(auto,40%)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <Fact term={t("event.page.date")}>{when.date}</Fact>
            <Fact term={t("event.page.time")}>{when.hours}</Fact>
            {when.yourTime && <Fact term={t("event.page.yourTime")}>{when.yourTime}</Fact>}
            {data.field && <Fact term={t("event.page.field")}>{data.field}</Fact>}
            <Fact term={t("event.page.playerPrice")}>{formatPrice(data.costCents, currency)}</Fact>
            {data.includeGoalkeepers && <Fact term={t("event.page.goalkeeperPrice")}>{formatPrice(data.goalkeeperCostCents, currency)}</Fact>}
            {data.maxGuestsPerPlayer > 0 && <Fact term={t("event.page.guests")}>{t("event.page.guestsPerPlayer", { count: data.maxGuestsPerPlayer })}</Fact>}
          </dl>
          {gameOn && (
            <div role="status" className={`flex flex-col gap-1 rounded-lg border px-3 py-2 text-sm ${data.gameOn?.state === "called_off" ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900"}`}>
              {gameOn.map((line) => (
                <p key={line} className="font-semibold first:font-semibold [&:not(:first-child)]:font-normal">
                  {line}
                </p>
              ))}
              {myHold && <p>{myHold}</p>}
            </div>
          )}
          {data.notes && (
            <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              <h2 className="text-sm font-medium text-slate-500">{t("event.page.notes")}</h2>
              {/* Plain text as the organiser wrote it: React escapes it, the line breaks stay. */}
              <p className="text-sm whitespace-pre-line text-slate-900 wrap-anywhere">{data.notes}</p>
            </div>
          )}
          {user?.isAdmin && (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {/* The organiser's view of this game: who paid, refunds, check-in, the CSV (the console's roster). */}
              <Link to={paths.consoleEvent(data.id)} className="w-fit text-sm font-semibold text-green-800 underline hover:text-green-900">
                {t("event.page.roster")}
              </Link>
              {!cancelled && !completed && (
                <Link to={paths.editEvent(data.id)} className="w-fit text-sm font-semibold text-green-800 underline hover:text-green-900">
                  {t("event.page.editGame")}
                </Link>
              )}
              {data.seriesId && (
                // The series' page in the console (features/series/series-paths.ts), written here to keep that module out of this chunk.
                <Link to={`${paths.console}/series/${encodeURIComponent(data.seriesId)}`} className="w-fit text-sm font-semibold text-green-800 underline hover:text-green-900">
                  {t("event.page.series")}
                </Link>
              )}
            </div>
          )}
          {justCreated && !cancelled && (
            <p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">{t("event.page.published")}</p>
          )}
          {opens && !cancelled && (
            <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 font-semibold text-sky-900">
              {opens}
            </p>
          )}
          {offered.regularsSpotsTaken && (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {sharedMessage(REGULARS_SPOTS_TAKEN)}
            </p>
          )}
          {offered.regularsPlayerSpotsTaken && (
            <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t("event.page.regularsPlayerSpotsTaken")}
            </p>
          )}
          <RegularsStanding event={data} now={now} signedIn={Boolean(user)} mayJoinNow={mayJoinNow} />
          {user && <SpotWatch event={data} />}
          <ViewerStatusBox event={data} now={now} />
          {user && <GamePushPanel event={data} />}
          <MyGuests event={data} now={now} />
          <FailedAutoChargeNotice
            event={data}
            onRejoin={data.failedAutoCharge && canJoin(data.failedAutoCharge.role) ? (role) => setDialog({ kind: "pay", role }) : undefined}
          />
          {takesGuests && <GuestFields party={guestDraft} max={maxGuests} priceCents={data.costCents} goalkeepers={offered.joinGoalkeeper} />}
          {!narrow && actions}
          {hasPaidSpots(data) && !closed && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t("event.page.waitlistCharge")}
            </p>
          )}
          <OrganiserActions event={data} viewer={user} now={now} openDialog={setDialog} />
        </HydrateLater>

        <HydrateLater as="div" className="flex min-w-0 flex-col gap-8">
          {user?.isAdmin && <RefundIssues event={data} />}
          {user?.isAdmin && <DisputedPayments event={data} />}
          {!cancelled && <PublishedTeamsPanel event={data} now={now} />}
          {cancelled ? (
            <Section title={user?.isAdmin ? t("event.page.refunds") : t("event.page.gameClosed")}>
              <CancelledGameSummary event={data} isAdmin={Boolean(user?.isAdmin)} />
            </Section>
          ) : closed ? (
            <Section title={t("event.finished.played")}>
              {data.players.length + data.goalkeepers.length === 0 ? (
                <p className="text-slate-700">{t("event.finished.nobody")}</p>
              ) : (
                <>
                  {data.players.length > 0 && (
                    <SpotList participants={data.players} spots={data.players.length} openLabel={(number) => t("event.page.openSpot", { number })} currentUserId={user?.id} />
                  )}
                  {data.goalkeepers.length > 0 && (
                    <SpotList
                      participants={data.goalkeepers}
                      spots={data.goalkeepers.length}
                      openLabel={(number) => t("event.page.openGoalkeeperSpot", { number })}
                      currentUserId={user?.id}
                    />
                  )}
                </>
              )}
            </Section>
          ) : (
            <>
              <Section title={t("event.page.players")} aside={t("event.page.spotsLeft", { count: Math.max(0, data.maxPlayers - data.playersCount) })}>
                <SpotList participants={data.players} spots={data.maxPlayers} openLabel={(number) => t("event.page.openSpot", { number })} currentUserId={user?.id} />
              </Section>
              <Section title={t("event.page.playerWaitlist")}>
                <WaitList participants={data.playerWaitList} emptyText={t("event.page.noPlayersWaiting")} currentUserId={user?.id} />
              </Section>
              {data.includeGoalkeepers && (
                <>
                  <Section title={t("event.page.goalkeepers")}>
                    <SpotList
                      participants={data.goalkeepers}
                      spots={data.maxGoalkeepers}
                      openLabel={(number) => t("event.page.openGoalkeeperSpot", { number })}
                      currentUserId={user?.id}
                    />
                  </Section>
                  <Section title={t("event.page.goalkeeperWaitlist")}>
                    <WaitList participants={data.goalkeeperWaitList} emptyText={t("event.page.noGoalkeepersWaiting")} currentUserId={user?.id} />
                  </Section>
                </>
              )}
            </>
          )}
          <Section title={t("event.page.location")}>
            {data.latitude !== null && data.longitude !== null ? (
              <EventMap latitude={data.latitude} longitude={data.longitude} label={data.locationName} />
            ) : (
              // Typed in by name and address only (docs/decisions/021): no map, directions from the address.
              <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700 wrap-anywhere">{data.locationName}</p>
            )}
          </Section>
          <Section title={t("event.page.contact")}>
            <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
              <p className="font-medium text-slate-900 wrap-anywhere">{organizer.name}</p>
              <a href={`mailto:${organizer.email}`} className="text-green-800 underline wrap-anywhere hover:text-green-900">
                {organizer.email}
              </a>
            </div>
          </Section>
        </HydrateLater>
      </div>

      {/* On small screens the actions sit in a fixed bottom bar (docs/product-rules.md, "Screens and routes"). */}
      {narrow && <FixedBottomBar label={t("event.page.actions")}>{actions}</FixedBottomBar>}
      <EventActionDialogs event={data} viewerId={user?.id} dialog={dialog} onClose={() => setDialog(null)} onJoined={guestDraft.clear} />
    </div>
  );
}

function Banner({ tone, children }: { tone: "red" | "slate"; children: ReactNode }) {
  const colors = tone === "red" ? "border-red-200 bg-red-50 text-red-800" : "border-slate-300 bg-slate-100 text-slate-800";
  return <p className={`mb-6 rounded-lg border px-4 py-3 text-center text-lg font-bold ${colors}`}>{children}</p>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-900 break-words">{children}</dd>
    </>
  );
}

/** A part of the page under its heading; `aside` is a short fact beside the heading ("3 spots left"). */
function Section({ title, aside, children }: { title: string; aside?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-xl font-bold text-slate-800">
          {title}
        </h2>
        {aside && <p className="text-sm font-medium text-slate-600">{aside}</p>}
      </div>
      {children}
    </section>
  );
}
