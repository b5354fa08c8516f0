import { useQueryClient, useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { Me } from "../../shared/account.ts";
import { api } from "./api.ts";
import { forgetSavedAnswers } from "./connection.ts";
import { clearSessionExpiration, startSessionExpiration } from "./session-expiration.ts";

interface AuthState {
  /** undefined while the auth state is not known yet. */
  user: Me | null | undefined;
  refresh(): Promise<Me | null>;
  signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);
export const meQueryKey = ["me"] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: async () => (await api<{ user: Me | null }>("/api/me")).user,
    staleTime: 30_000,
    retry: 1,
  });

  const refresh = useCallback(async () => {
    const user = (await api<{ user: Me | null }>("/api/me")).user;
    queryClient.setQueryData(meQueryKey, user);
    return user;
  }, [queryClient]);

  const signIn = useCallback(
    async (input: { email: string; password: string; rememberMe: boolean }) => {
      await api("/api/auth/sign-in/email", { body: { ...input, callbackURL: "/" } });
      startSessionExpiration();
      await refresh();
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    try {
      await api("/api/auth/sign-out", { body: {} });
    } finally {
      clearSessionExpiration();
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
      forgetSavedAnswers();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== "config" });
    }
    previousUser.current = user;
  }, [user, queryClient]);
  const value = useMemo(() => ({ user, refresh, signIn, signOut }), [user, refresh, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside AuthProvider");
  return context;
}
