import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { VerificationAnswer } from "#shared/account.ts";
import { ChangeEmailForm } from "#web/components/change-email-form.tsx";
import { BackToLogin } from "#web/components/auth-links.tsx";
import { Button, ButtonLink, Card, FormMessage } from "#web/components/form.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { messageAround } from "#web/i18n/message-around.ts";
import { t } from "#web/i18n/i18n.ts";
import { api } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { useConfig } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { pendingEmail } from "#web/lib/pending-email.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import type { LoginState } from "./login.tsx";

/** The verify screen re-checks the user every 3 seconds (docs/product-rules.md, "Constants"). */
const RECHECK_MS = 3000;

export default function VerifyEmailScreen() {
  useDocumentTitle(t("account.verify.title"));
  const appName = useConfig().data?.appName ?? "Kickoff";
  const { user, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  // A signed-in but unverified user (after an email change) has the authoritative address.
  const email = (user && !user.emailVerified ? user.email : null) ?? pendingEmail();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  // The link opened elsewhere (a phone, another browser): this tab has no session to re-check, so it
  // asks with the pass it got when it registered (server/auth/verification-pass.ts) and then offers
  // the login; better-auth signs in only the browser that opened the link.
  const [verifiedElsewhere, setVerifiedElsewhere] = useState(false);
  const verifiedElsewhereRef = useRef(false);

  useEffect(() => {
    const recheck = async () => {
      // Opening the mailed link in this browser (another tab) signs it in; /api/me then answers verified.
      const current = await refresh();
      if (current?.emailVerified) {
        navigate(paths.home, { replace: true });
        return;
      }
      if (current || verifiedElsewhereRef.current) return;
      const answer = await api<VerificationAnswer>("/api/me/verification");
      if (!answer.verified) return;
      verifiedElsewhereRef.current = true;
      setVerifiedElsewhere(true);
    };
    const timer = window.setInterval(() => {
      recheck().catch(() => undefined);
    }, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [refresh, navigate]);

  // As Log Out in the header menu does: the banner, then the login screen.
  const logOut = async () => {
    await signOut().catch((error: unknown) => console.error("logout failed", error));
    notify(t("account.verify.loggedOut"));
    navigate(paths.home, { replace: true });
  };

  const resend = async () => {
    setResult(null);
    if (!email) {
      setResult({ kind: "error", text: t("account.verify.noAddress") });
      return;
    }
    setBusy(true);
    try {
      await api("/api/auth/send-verification-email", { body: { email, callbackURL: "/" } });
      setResult({ kind: "success", text: t("account.verify.sent") });
    } catch {
      setResult({ kind: "error", text: t("account.verify.sendFailed") });
    } finally {
      setBusy(false);
    }
  };

  const [sentBefore, sentAfter] = messageAround("account.verify.sentTo", "email");

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <p className="text-center text-2xl font-extrabold tracking-tight text-green-800">{appName}</p>
      <Card className="text-center">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("account.verify.title")}</h1>
        {/* Announced when it changes by itself (the address verified on another device). */}
        <div aria-live="polite">
          {verifiedElsewhere ? (
            <p className="mt-3 font-semibold text-green-800">{t("account.verify.verifiedElsewhere")}</p>
          ) : email ? (
            <p className="mt-3 text-slate-700">
              {sentBefore}
              <strong className="font-semibold text-slate-900 wrap-anywhere">{email}</strong>
              {sentAfter}
            </p>
          ) : (
            <p className="mt-3 text-slate-700">{t("account.verify.openLink")}</p>
          )}
        </div>
        {verifiedElsewhere ? (
          <ButtonLink to={paths.home} state={{ email: email ?? undefined } satisfies LoginState} className="mt-6 w-full">
            {t("account.form.logIn")}
          </ButtonLink>
        ) : (
          <>
            <p className="mt-3 text-sm text-slate-600">{t("account.verify.notFound")}</p>
            <p className="mt-1 text-xs text-slate-500">{t("account.verify.continuesAlone")}</p>
            <div className="mt-6 flex flex-col gap-3">
              <FormMessage kind={result?.kind ?? "success"}>{result?.text}</FormMessage>
              <Button onClick={resend} disabled={busy}>
                {busy ? t("account.form.sending") : t("account.verify.resend")}
              </Button>
              {user && !user.emailVerified ? (
                <Button variant="secondary" onClick={logOut}>
                  {t("account.verify.logOut")}
                </Button>
              ) : null}
            </div>
          </>
        )}
        {user && !user.emailVerified && user.hasPassword ? <FixAddress /> : null}
        {verifiedElsewhere ? null : <BackToLogin className="mt-6 text-sm" />}
      </Card>
    </div>
  );
}

/** After an email change, a mistyped address would lock the user out: let them correct it here. */
function FixAddress() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="text-sm font-semibold text-green-800 underline"
      >
        {t("account.verify.wrongAddress")}
      </button>
      {open && (
        <div id={panelId} className="mt-4">
          <ChangeEmailForm submitLabel={t("account.verify.sendHere")} />
        </div>
      )}
    </div>
  );
}
