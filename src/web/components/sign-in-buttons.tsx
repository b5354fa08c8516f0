import { useState } from "react";
import type { SignInProviderName } from "#shared/public-config.ts";
import { t } from "#web/i18n/i18n.ts";
import { api, errorMessage } from "#web/lib/api.ts";
import { useConfig } from "#web/lib/config.ts";
import { isNativeApp } from "#web/lib/native-bridge.ts";

/**
 * "Sign in with {label}" for each provider the server has (GOOGLE_*, OIDC_*). With none, the Google
 * button is shown off, with why. A provider's sign-in that fails comes back to the login screen
 * with ?error= (providerSignInError).
 */
export function SignInButtons({ onError }: { onError: (message: string) => void }) {
  const config = useConfig();
  const providers = config.data?.signInProviders ?? [];
  if (providers.length === 0) return <ProviderButton provider={{ id: "google", label: "Google" }} onError={onError} off={Boolean(config.data)} />;
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <ProviderButton key={provider.id} provider={provider} onError={onError} />
      ))}
    </div>
  );
}

function ProviderButton({ provider, onError, off }: { provider: SignInProviderName; onError: (message: string) => void; off?: boolean }) {
  const [busy, setBusy] = useState(false);
  const enabled = off === undefined;

  const start = async () => {
    setBusy(true);
    try {
      if (isNativeApp()) {
        // In the mobile app, through the system browser and back by the app's link (lib/native-sign-in.ts).
        const { startNativeSignIn } = await import("#web/lib/native-sign-in.ts");
        await startNativeSignIn(provider.id);
        setBusy(false);
        return;
      }
      // Back to the login screen either way: "/" opens the app once signed in, and shows what failed.
      const { url } = await api<{ url: string }>("/api/auth/sign-in/social", {
        body: { provider: provider.id, callbackURL: "/", errorCallbackURL: "/", disableRedirect: true },
      });
      window.location.assign(url);
    } catch (error) {
      onError(t("account.provider.failed", { label: provider.label, reason: errorMessage(error) }));
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
        {provider.id === "google" ? <GoogleMark /> : <KeyMark />}
        {t("account.provider.signIn", { label: provider.label })}
      </button>
      {off && (
        <p id="google-off" className="text-center text-xs text-slate-500">
          {t("account.google.off")}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
      <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

/** Any other provider: a key, in the app's colour. */
function KeyMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="text-green-800">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3m-3 3 3 3m-5-1 2 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The message for a provider's sign-in that came back with ?error= (better-auth's codes, or the
 * provider's own such as access_denied); null when the address carries none.
 */
export function providerSignInError(search: string): string | null {
  const code = new URLSearchParams(search).get("error");
  if (!code) return null;
  if (code === "access_denied" || code === "consent_required" || code === "interaction_required" || code === "login_required") return t("account.provider.denied");
  if (code.startsWith("state_") || code === "please_restart_the_process" || code === "invalid_callback_request") return t("account.provider.expired");
  if (code === "account_not_linked") return t("account.provider.notLinked");
  return t("account.provider.error");
}
