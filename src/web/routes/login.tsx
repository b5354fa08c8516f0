import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { Link } from "#web/components/link.tsx";
import { OrDivider } from "#web/components/auth-links.tsx";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { Checkbox, TextField } from "#web/components/form-fields.tsx";
import { providerSignInError, SignInButtons } from "#web/components/sign-in-buttons.tsx";
import { SharedEventPreview } from "#web/features/events/components/shared-event-preview.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, errorMessage } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { useConfig } from "#web/lib/config.ts";
import { paths, rememberedEventId } from "#web/lib/paths.ts";
import { serverRender } from "#web/lib/server-render.ts";
import { rememberPendingEmail } from "#web/lib/pending-email.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

export default function LoginScreen() {
  useDocumentTitle();
  const { signIn } = useAuth();
  const config = useConfig();
  const navigate = useNavigate();
  // "Email verified. Log in to continue." on /verify-email brings the address along.
  const { state } = useLocation();
  const [email, setEmail] = useState(() => emailFrom(state));
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Opened from a shared game's link (the shell sent the signed-out visitor here and kept the path).
  // Kept in this tab, which the server does not see: read once the page it rendered is hydrated,
  // unless the server rendered this screen for that link itself (docs/server-rendering.md).
  const [sharedEventId, setSharedEventId] = useState(() => {
    const rendered = serverRender();
    return rendered ? (rendered.sharedEventId ?? null) : rememberedEventId();
  });
  useEffect(() => setSharedEventId((shown) => shown ?? rememberedEventId()), []);
  // Back from a provider's sign-in that did not succeed (/?error=…): say why, once, and leave the
  // address clean so that a reload does not say it again. Read after hydration, as the server's
  // render has no message.
  useEffect(() => {
    const message = providerSignInError(window.location.search);
    if (!message) return;
    setError(message);
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    url.searchParams.delete("error_description");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setBusy(true);
    try {
      await signIn({ email: email.trim(), password, rememberMe });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "EMAIL_NOT_VERIFIED") {
        rememberPendingEmail(email.trim());
        setError(t("account.login.verifyFirst"));
      } else {
        setError(t("account.login.failed", { reason: errorMessage(caught) }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-center text-4xl font-extrabold tracking-tight text-green-800">{config.data?.appName ?? "Kickoff"}</h1>
      {sharedEventId && <SharedEventPreview eventId={sharedEventId} />}
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
          <TextField label={t("account.form.email")} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField
            label={t("account.form.password")}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Checkbox label={t("account.login.rememberMe")} checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          <FormMessage kind="error">{error}</FormMessage>
          {error === t("account.login.verifyFirst") && (
            <button type="button" className="text-left text-sm text-green-800 underline" onClick={() => navigate(paths.verifyEmail)}>
              {t("account.login.goToVerification")}
            </button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? t("account.login.busy") : t("account.login.submit")}
          </Button>
        </form>
        <OrDivider />
        <SignInButtons onError={(message) => setError(message)} />
        <div className="mt-6 flex flex-col items-center gap-2 text-sm">
          <Link to={paths.forgotPassword} className="text-green-800 underline">
            {t("account.login.forgotPassword")}
          </Link>
          <p>
            {t("account.login.noAccount")}{" "}
            <Link to={paths.register} className="font-semibold text-green-800 underline">
              {t("account.login.registerHere")}
            </Link>
          </p>
          <Link to={paths.privacy} className="text-slate-500 underline">
            {t("account.login.privacy")}
          </Link>
        </div>
      </Card>
    </div>
  );
}

export interface LoginState {
  email?: string;
}

function emailFrom(state: unknown): string {
  const email = state && typeof state === "object" ? (state as LoginState).email : undefined;
  return typeof email === "string" ? email : "";
}
