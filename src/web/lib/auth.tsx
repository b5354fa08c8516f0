import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "./use-query.ts";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { Me } from "#shared/account.ts";
import { api } from "./api.ts";
import { forgetSavedAnswers } from "./connection.ts";
import { takeRememberedEventPath } from "./paths.ts";
import { clearSessionExpiration, startSessionExpiration } from "./session-expiration.ts";
import { rememberViewerDevice } from "./viewer-device.ts";

interface AuthState {
  /** undefined while the auth state is not known yet. */
  user: Me | null | undefined;
  refresh(): Promise<Me | null>;
  signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);
export const meQueryKey = ["me"] as const;

/** Who is signed in (null: nobody); also asked for by early-start.ts before the first render. */
export const meQuery = {
  queryKey: meQueryKey,
  queryFn: async () => (await api<{ user: Me | null }>("/api/me")).user,
  staleTime: 30_000,
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQuery, retry: 1 });

  const refresh = useCallback(async () => {
    const user = (await api<{ user: Me | null }>("/api/me")).user;
    queryClient.setQueryData(meQueryKey, user);
    return user;
  }, [queryClient]);

  const signIn = useCallback(
    async (input: { email: string; password: string; rememberMe: boolean }) => {
      await api("/api/auth/sign-in/email", { body: { ...input, callbackURL: "/" } });
      startSessionExpiration();
      const user = await refresh();
      // Before the signed-in screen is drawn, so that a page opened right after is rendered on the
      // server (lib/viewer-device.ts; docs/server-rendering.md). Preact runs the shell's effect that
      // also writes it a frame after the screen (decision 050).
      if (user?.emailVerified) rememberViewerDevice();
    },
    [refresh],
  );

  // Log Out, and the idle logout (which calls it), end this person's visit: the event page they were
  // on belongs to them, not to whoever logs in next on this device.
  const endingVisit = useRef(false);
  const signOut = useCallback(async () => {
    try {
      await api("/api/auth/sign-out", { body: {} });
    } finally {
      clearSessionExpiration();
      endingVisit.current = true;
      forgetVisitedEvent();
      queryClient.setQueryData(meQueryKey, null);
    }
  }, [queryClient]);

  const user = me.isPending ? undefined : me.isError ? null : me.data;

  // However the session ended (Log Out, or the server ending it), the next person to sign in on this
  // browser must not see the previous user's cached events. The "me" query itself stays: clear()
  // would detach this provider's observer from the cache, so it would keep showing the old user.
  const previousUser = useRef(user);
  useEffect(() => {
    if (previousUser.current && user === null) {
      // The shell remembers an event page seen signed out, to open it after login, and after Log Out
      // it sees one: the page the user logged out on. Forgotten again here, as React runs the shell's
      // effects before this provider's. A session the server ended while someone opened an event is
      // kept: they log in again and carry on to it, as a signed-out visitor with that link would.
      if (endingVisit.current) forgetVisitedEvent();
      forgetSavedAnswers();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== "config" });
    }
    if (user !== undefined) endingVisit.current = false;
    previousUser.current = user;
  }, [user, queryClient]);
  const value = useMemo(() => ({ user, refresh, signIn, signOut }), [user, refresh, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Drops the event path kept for the next login (app-shell.tsx remembers it, paths.ts keeps it). */
function forgetVisitedEvent() {
  takeRememberedEventPath();
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside AuthProvider");
  return context;
}
