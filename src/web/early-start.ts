import type { QueryClient } from "@tanstack/react-query";
import { eventKeys } from "./features/events/hooks/query-keys.ts";
import { fetchEvent } from "./features/events/hooks/fetch-event.ts";
import { fetchMyRegistrations } from "./features/events/hooks/use-my-registrations.ts";
import { fetchUpcomingEvents } from "./features/events/hooks/use-upcoming-events.ts";
import { screenLoaders } from "./screens.ts";
import { meQuery } from "./lib/auth.tsx";
import { paths } from "./lib/paths.ts";

/**
 * What the page at this address will need, asked for while the app's first render runs rather than
 * one after another (script, then who is signed in, then the screen's code, then its data: four
 * round trips on a phone's connection). index.html has already asked for /api/me and /api/config.
 * Only reads: nothing here changes anything, and a screen renders the same with or without it.
 */
export function startEarly(queryClient: QueryClient, pathname: string) {
  const eventId = /^\/event\/([^/]+)\/?$/.exec(pathname)?.[1];
  const screen = pathname === paths.home ? null : eventId ? screenLoaders.event : screenFor(pathname);
  // A screen's code is public; a failure here is the router's to report when it needs the screen.
  screen?.().catch(() => undefined);

  // Data only for a signed-in, verified user: signed out, these pages show the login screen.
  void queryClient
    .fetchQuery(meQuery)
    .then((user) => {
      // Signed out, the shell shows the login screen here: its code is not in the entry.
      if (!user) screenLoaders.login().catch(() => undefined);
      if (!user?.emailVerified) return;
      if (pathname === paths.home) {
        screenLoaders.home().catch(() => undefined);
        void queryClient.prefetchQuery({ queryKey: eventKeys.upcoming(), queryFn: ({ signal }) => fetchUpcomingEvents(signal) });
        void queryClient.prefetchQuery({ queryKey: eventKeys.myRegistrations(), queryFn: ({ signal }) => fetchMyRegistrations(signal) });
      } else if (eventId) {
        const id = decodeURIComponent(eventId);
        void queryClient.prefetchQuery({ queryKey: eventKeys.detail(id), queryFn: ({ signal }) => fetchEvent(id, signal) });
      }
    })
    .catch(() => undefined); // AuthProvider asks again and shows what went wrong
}

function screenFor(pathname: string) {
  const byPath: Record<string, () => Promise<unknown>> = {
    [paths.register]: screenLoaders.register,
    [paths.verifyEmail]: screenLoaders.verifyEmail,
    [paths.forgotPassword]: screenLoaders.forgotPassword,
    [paths.resetPassword]: screenLoaders.resetPassword,
    [paths.privacy]: screenLoaders.privacy,
    [paths.confirmation]: screenLoaders.confirmation,
    [paths.yourEvents]: screenLoaders.yourEvents,
    [paths.profile]: screenLoaders.profile,
    [paths.createEvent]: screenLoaders.createEvent,
    [paths.console]: screenLoaders.console,
  };
  return byPath[pathname.replace(/\/+$/, "") || "/"] ?? null;
}
