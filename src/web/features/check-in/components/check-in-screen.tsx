import { useDeferredValue, useState, useSyncExternalStore } from "react";
import { Link } from "#web/components/link.tsx";
import { type CheckInList, checkInClosedMessage, checkInWindow, type CheckInWindowState } from "#shared/check-in.ts";
import { Button, ButtonLink, FormMessage } from "#web/components/form.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { ApiError } from "#web/lib/api.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formatHours, formatLongDate, formatTime } from "#web/features/events/format.ts";
import { useCheckIn } from "#web/features/check-in/hooks/use-check-in.ts";
import { useClock } from "#web/features/check-in/hooks/use-clock.ts";
import { matchesName } from "#web/features/check-in/search.ts";
import { NoShowPanel } from "./no-show-panel.tsx";
import { PersonToggle } from "./person-toggle.tsx";

/**
 * Check-in at the pitch, for an admin with a phone in one hand (docs/product-rules.md, "Check-in"):
 * the game's confirmed players and goalkeepers as big toggles, a search by name, "N of M checked in"
 * (a live region), taps saved at once and retried until saved, those not saved yet marked; below the
 * list, apart, "Mark the rest as no-show" and its Undo.
 */
export function CheckInScreen({ eventId }: { eventId: string }) {
  const checkIn = useCheckIn(eventId);
  // The window opens and closes on its own: the toggles follow the clock (the server decides anyway).
  const now = useClock(15_000);
  useDocumentTitle(checkIn.shown ? t("admin.checkIn.documentTitle", { title: checkIn.shown.event.title }) : t("admin.checkIn.title"));

  const { list, shown } = checkIn;
  if (!shown) {
    if (list.error instanceof ApiError && list.error.status === 404) {
      return <NotFoundMessage title={t("admin.eventNotFound")} text={t("admin.goneFindAnother")} />;
    }
    if (list.isError) {
      return (
        <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
          <QueryError title={t("admin.checkIn.loadFailed")} error={list.error} onRetry={() => void list.refetch()} />
          <Link to={paths.event(eventId)} className="font-semibold text-green-800 underline hover:text-green-900">
            {t("admin.backToGame")}
          </Link>
        </div>
      );
    }
    return <Spinner label={t("admin.checkIn.loading")} />;
  }
  return <CheckInBody eventId={eventId} list={shown} now={now} checkIn={checkIn} />;
}

function CheckInBody({ eventId, list, now, checkIn }: { eventId: string; list: CheckInList; now: Date; checkIn: ReturnType<typeof useCheckIn> }) {
  const [query, setQuery] = useState("");
  const search = useDeferredValue(query);
  const online = useOnline();
  const checkInState = checkInWindow(list.event, now);
  const open = checkInState.state === "open";
  const unsaved = new Set(checkIn.pending.map((tap) => tap.registrationId));
  const people = list.people.filter((person) => matchesName(person.name, search));

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-5 pb-10">
      <div className="flex flex-col gap-1">
        <Link to={paths.event(eventId)} className="w-fit py-1 text-sm font-semibold text-green-800 underline hover:text-green-900">
          {t("admin.backToGame")}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{t("admin.checkIn.title")}</h1>
        <p className="font-semibold text-slate-800 card-title">{list.event.title}</p>
        <p className="text-sm text-slate-600">
          {formatLongDate(list.event.startsAt)}, <span className="whitespace-nowrap">{formatHours(list.event.startsAt, list.event.endsAt)}</span>
        </p>
      </div>

      {!open && <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">{windowText(checkInState.state, checkInState.opensAt, checkInState.closesAt)}</p>}

      {/* Announced when it changes: the count is what a screen-reader user listens for after a tap. */}
      <p role="status" aria-live="polite" aria-atomic="true" className="text-xl font-bold text-green-900">
        {t("admin.checkIn.count", { checkedIn: list.counts.checkedIn, expected: list.counts.expected })}
      </p>

      <UnsavedNotice count={checkIn.pending.length} struggling={!online || checkIn.pending.some((tap) => tap.attempts > 0)} online={online} />
      {checkIn.refusals.length > 0 && (
        <div className="flex flex-col gap-2">
          <FormMessage kind="error">
            {checkIn.refusals.length === 1 ? checkIn.refusals[0] : checkIn.refusals.join(" ")}
          </FormMessage>
          <Button variant="secondary" className="w-fit" onClick={checkIn.dismissRefusals}>
            {t("admin.checkIn.dismiss")}
          </Button>
        </div>
      )}

      {list.people.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-center text-slate-700">{t("admin.checkIn.nobody")}</p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor="check-in-search" className="text-sm font-medium text-slate-700">
              {t("admin.checkIn.search")}
            </label>
            <input
              id="check-in-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoComplete="off"
              enterKeyHint="search"
              className="min-h-12 rounded-lg border border-slate-300 bg-white px-3 text-lg shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600"
            />
          </div>
          {people.length === 0 ? (
            <p className="px-1 text-slate-700">{t("admin.checkIn.noMatch", { search: search.trim() })}</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t("admin.checkIn.list")}>
              {people.map((person) => (
                <li key={person.registrationId}>
                  <PersonToggle person={person} unsaved={unsaved.has(person.registrationId)} disabled={!open} onToggle={() => checkIn.tap(person.registrationId, !person.checkedIn)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {list.event.status !== "cancelled" && list.people.length > 0 && (
        <section aria-labelledby="check-in-teams" className="flex flex-col gap-2 rounded-xl border border-slate-300 bg-white p-4">
          <h2 id="check-in-teams" className="text-lg font-bold text-slate-900">
            {t("admin.checkIn.teams")}
          </h2>
          <p className="text-sm text-slate-700">{t("admin.checkIn.teamsText")}</p>
          <ButtonLink to={paths.teams(eventId)} className="min-h-12 w-fit">
            {t("admin.teams.make")}
          </ButtonLink>
        </section>
      )}

      <NoShowPanel list={list} now={now} unsavedTaps={checkIn.pending.length} mark={checkIn.mark} undo={checkIn.undo} />
    </div>
  );
}

function windowText(state: CheckInWindowState, opensAt: string, closesAt: string): string {
  if (state === "not_yet") return t("admin.checkIn.opensAt", { time: formatTime(opensAt) });
  if (state === "closed") return t("admin.checkIn.closedAt", { time: formatTime(closesAt) });
  const closed = checkInClosedMessage(state);
  return closed ? sharedMessage(closed) : "";
}

/**
 * Taps on their way, once one has had to wait (offline, or a try that failed): how many, and what
 * happens to them. A tap saved at the first try passes without a word; its row says it meanwhile.
 */
function UnsavedNotice({ count, struggling, online }: { count: number; struggling: boolean; online: boolean }) {
  const shown = count > 0 && struggling;
  return (
    <p role="status" className={shown ? "rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950" : "sr-only"}>
      {shown
        ? t(online ? "admin.checkIn.unsavedRetrying" : "admin.checkIn.unsavedOffline", { count })
        : ""}
    </p>
  );
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener("online", listener);
      window.addEventListener("offline", listener);
      return () => {
        window.removeEventListener("online", listener);
        window.removeEventListener("offline", listener);
      };
    },
    () => navigator.onLine !== false,
  );
}
