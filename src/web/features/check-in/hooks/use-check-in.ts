import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import { useMutation } from "#web/lib/use-mutation.ts";
import { useEffect, useSyncExternalStore } from "react";
import { type CheckInAnswer, type CheckInList, countCheckedIn } from "#shared/check-in.ts";
import { t } from "#web/i18n/i18n.ts";
import { ApiError } from "#web/lib/api.ts";
import { fetchCheckInList, markNoShows, putCheckIn, undoNoShows } from "#web/features/check-in/api.ts";
import { createTapQueue, type PendingTap, type TapQueue } from "#web/features/check-in/tap-queue.ts";

export const checkInKeys = {
  list: (eventId: string) => ["check-in", eventId] as const,
};

/** While the screen is open, others' taps (a second organiser's phone) show up this often. */
const REFRESH_MS = 15_000;

/** One game's taps: the queue outlives the screen, so leaving it and coming back loses nothing. */
interface Session {
  queue: TapQueue;
  refusals: string[];
  listeners: Set<() => void>;
}

const sessions = new Map<string, Session>();

function sessionFor(eventId: string, queryClient: QueryClient): Session {
  const session = sessions.get(eventId);
  if (session) return session;
  const key = checkInKeys.list(eventId);
  const created: Session = {
    refusals: [],
    listeners: new Set(),
    queue: createTapQueue({
      send: (tap) => putCheckIn(eventId, tap.registrationId, tap.checkedIn),
      isOnline: () => navigator.onLine !== false,
      schedule: (run, ms) => window.setTimeout(run, ms),
      onSaved: (_tap, answer) => {
        const { person } = answer as CheckInAnswer;
        // A read still on its way may have left before this write: its answer would undo the tap on screen.
        void queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<CheckInList>(key, (list) => {
          if (!list) return list;
          const people = list.people.map((candidate) => (candidate.registrationId === person.registrationId ? person : candidate));
          return { ...list, people, counts: countCheckedIn(people), noShows: { ...list.noShows, marked: people.filter((p) => p.noShow).length } };
        });
      },
      onRefused: (tap, message) => {
        const name = queryClient.getQueryData<CheckInList>(key)?.people.find((person) => person.registrationId === tap.registrationId)?.name;
        created.refusals = [...created.refusals, name ? t("admin.checkIn.refusal", { name, message }) : message];
        for (const listener of created.listeners) listener();
        // What the server holds now: the refused tap is shown as it really is.
        void queryClient.invalidateQueries({ queryKey: key });
      },
    }),
  };
  sessions.set(eventId, created);
  return created;
}

const noRefusals: string[] = [];

/**
 * The check-in screen's state: the server's list with the taps not saved yet laid over it (so a tap
 * shows at once, and a refresh does not undo a tap still on its way), the queue that sends them,
 * the refusals to show, and the no-show actions.
 */
export function useCheckIn(eventId: string) {
  const queryClient = useQueryClient();
  const key = checkInKeys.list(eventId);
  const session = sessionFor(eventId, queryClient);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCheckInList(eventId, signal), refetchInterval: REFRESH_MS });
  const pending = useSyncExternalStore(session.queue.subscribe, session.queue.pending);
  const refusals = useSyncExternalStore(
    (listener) => {
      session.listeners.add(listener);
      return () => session.listeners.delete(listener);
    },
    () => session.refusals,
    () => noRefusals,
  );

  // Back online (or back to this tab): whatever waits goes now rather than at its next retry.
  useEffect(() => {
    const retry = () => {
      if (document.visibilityState !== "hidden") session.queue.retryNow();
    };
    window.addEventListener("online", retry);
    document.addEventListener("visibilitychange", retry);
    return () => {
      window.removeEventListener("online", retry);
      document.removeEventListener("visibilitychange", retry);
    };
  }, [session]);

  // Taps live in this page only: closing it with some unsaved asks first.
  const unsaved = pending.length > 0;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const onList = {
    onSuccess: (next: CheckInList) => {
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, next);
    },
  };
  const mark = useMutation({ mutationFn: () => markNoShows(eventId), ...onList });
  const undo = useMutation({ mutationFn: () => undoNoShows(eventId), ...onList });

  return {
    list,
    shown: list.data ? overlay(list.data, pending) : undefined,
    pending,
    tap: (registrationId: string, checkedIn: boolean) => session.queue.tap(registrationId, checkedIn),
    refusals,
    dismissRefusals: () => {
      session.refusals = [];
      for (const listener of session.listeners) listener();
    },
    mark,
    undo,
  };
}

/** The list as the screen shows it: each unsaved tap's state in place of the server's. */
export function overlay(list: CheckInList, pending: readonly PendingTap[]): CheckInList {
  if (pending.length === 0) return list;
  const wanted = new Map(pending.map((tap) => [tap.registrationId, tap.checkedIn]));
  const people = list.people.map((person) => {
    const checkedIn = wanted.get(person.registrationId);
    // Checking in clears a no-show mark on the server too.
    return checkedIn === undefined ? person : { ...person, checkedIn, noShow: checkedIn ? false : person.noShow };
  });
  return { ...list, people, counts: countCheckedIn(people) };
}

export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
