import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { BackToLogin } from "#web/components/auth-links.tsx";
import { Button, ButtonLink, Card, FormMessage } from "#web/components/form.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, api, errorMessage } from "#web/lib/api.ts";
import { useConfig } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

export default function ResetPasswordScreen() {
  useDocumentTitle(t("account.reset.title"));
  const appName = useConfig().data?.appName ?? "Kickoff";
  const [params] = useSearchParams();
  const token = params.get("token");
  // better-auth redirects here with ?error=INVALID_TOKEN when the mailed link is wrong or used up.
  const [invalid, setInvalid] = useState(!token || params.has("error"));
  const [done, setDone] = useState(false);

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <p className="text-center text-2xl font-extrabold tracking-tight text-green-800">{appName}</p>
      <Card>
        {invalid || !token ? (
          <InvalidLink />
        ) : done ? (
          <Done />
        ) : (
          <ResetForm token={token} onInvalid={() => setInvalid(true)} onDone={() => setDone(true)} />
        )}
      </Card>
    </div>
  );
}

function ResetForm({ token, onInvalid, onDone }: { token: string; onInvalid: () => void; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    if (password !== confirmPassword) {
      setError(t("account.form.passwordsDiffer"));
      return;
    }
    setBusy(true);
    try {
      await api("/api/auth/reset-password", { body: { token, newPassword: password } });
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "INVALID_TOKEN") onInvalid();
      else setError(t("account.reset.failed", { reason: errorMessage(caught) }));
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("account.reset.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("account.reset.intro")}</p>
      <form onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <NewPasswordFields
          labels={[t("account.reset.newPassword"), t("account.reset.confirmPassword")]}
          password={password}
          confirm={confirmPassword}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirmPassword}
          mismatch={error === t("account.form.passwordsDiffer")}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <Button type="submit" disabled={busy}>
          {busy ? t("account.form.saving") : t("account.reset.submit")}
        </Button>
      </form>
      <BackToLogin />
    </>
  );
}

function Done() {
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("account.reset.doneHeading")}</h1>
      <div className="mt-4">
        <FormMessage kind="success">{t("account.reset.done")}</FormMessage>
      </div>
      <ButtonLink to={paths.home} className="mt-6 w-full">
        {t("account.reset.goToLogin")}
      </ButtonLink>
    </div>
  );
}

function InvalidLink() {
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("account.reset.invalidHeading")}</h1>
      <p className="mt-3 text-slate-700" role="alert">
        {t("account.reset.invalid")}
      </p>
      <ButtonLink to={paths.forgotPassword} className="mt-6 w-full">
        {t("account.reset.requestNew")}
      </ButtonLink>
      <BackToLogin className="mt-4 text-sm" />
    </div>
  );
}
