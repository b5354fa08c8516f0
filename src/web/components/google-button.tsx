import { useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { api } from "#web/lib/api.ts";
import { useConfig } from "#web/lib/config.ts";

/** Sign in with Google; without GOOGLE_CLIENT_ID/SECRET on the server it explains why it is off. */
export function GoogleButton({ onError, failureText }: { onError: (message: string) => void; failureText?: string }) {
  const config = useConfig();
  const [busy, setBusy] = useState(false);
  const enabled = config.data?.googleEnabled ?? false;

  const start = async () => {
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>("/api/auth/sign-in/social", {
        body: { provider: "google", callbackURL: "/", disableRedirect: true },
      });
      window.location.assign(url);
    } catch (error) {
      onError(failureText ?? (error instanceof Error ? error.message : t("account.google.failed")));
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={start}
        disabled={!enabled || busy}
        aria-describedby={enabled ? undefined : "google-off"}
        className="flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-2 focus:outline-green-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
          <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
          <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
          <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z" />
        </svg>
        {t("account.google.signIn")}
      </button>
      {!enabled && config.data && (
        <p id="google-off" className="text-center text-xs text-slate-500">
          {t("account.google.off")}
        </p>
      )}
    </div>
  );
}
