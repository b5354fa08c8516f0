import { useEffect } from "react";
import { api } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { currentLanguage, rememberLanguage, storedLanguage } from "#web/i18n/i18n.ts";

/**
 * Keeps the account and this browser speaking the same language once someone is signed in: a choice
 * saved on the account wins (a new login on another device switches to it); an account that never
 * chose takes the one this browser shows, so the mails it gets are in the language it reads.
 */
export function useAccountLanguage(): void {
  const { user } = useAuth();
  const saved = user?.language ?? null;
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    if (saved && saved !== currentLanguage()) {
      rememberLanguage(saved);
      window.location.reload();
      return;
    }
    if (!saved) {
      const language = storedLanguage() ?? currentLanguage();
      void api("/api/me/language", { method: "PATCH", body: { language } }).catch(() => undefined);
    }
  }, [signedIn, saved]);
}
