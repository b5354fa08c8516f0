import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "#web/components/link.tsx";
import { OrDivider } from "#web/components/auth-links.tsx";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { TextField } from "#web/components/form-fields.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { SignInButtons } from "#web/components/sign-in-buttons.tsx";
import { messageAround } from "#web/i18n/message-around.ts";
import { t } from "#web/i18n/i18n.ts";
import { api, errorMessage } from "#web/lib/api.ts";
import { useConfig } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { rememberPendingEmail } from "#web/lib/pending-email.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

export default function RegisterScreen() {
  useDocumentTitle(t("account.register.title"));
  const config = useConfig();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const mismatch = error === t("account.form.passwordsDiffer");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    if (password !== confirmPassword) {
      setError(t("account.form.passwordsDiffer"));
      return;
    }
    const first = firstName.trim();
    const last = lastName.trim();
    const address = email.trim();
    setBusy(true);
    try {
      await api("/api/auth/sign-up/email", {
        body: { email: address, password, name: `${first} ${last}`, firstName: first, lastName: last, callbackURL: "/" },
      });
      rememberPendingEmail(address);
      navigate(paths.verifyEmail);
    } catch (caught) {
      setError(t("account.register.failed", { reason: errorMessage(caught) }));
      setBusy(false);
    }
  };

  const [consentBefore, consentAfter] = messageAround("account.register.consent", "link");

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <div className="text-center">
        <p className="text-2xl font-extrabold tracking-tight text-green-800">{config.data?.appName ?? "Kickoff"}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t("account.register.heading")}</h1>
        <p className="mt-2 text-slate-600">{t("account.register.tagline")}</p>
      </div>
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField label={t("account.register.firstName")} autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            <TextField label={t("account.register.lastName")} autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </div>
          <TextField label={t("account.form.email")} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <NewPasswordFields
            labels={[t("account.form.password"), t("account.register.confirmPassword")]}
            password={password}
            confirm={confirmPassword}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirmPassword}
            mismatch={mismatch}
          />
          <FormMessage kind="error">{error}</FormMessage>
          <Button type="submit" disabled={busy}>
            {busy ? t("account.register.busy") : t("account.register.submit")}
          </Button>
        </form>
        <OrDivider />
        <SignInButtons onError={(message) => setError(message)} />
        <p className="mt-6 text-center text-sm">
          {t("account.register.haveAccount")}{" "}
          <Link to={paths.home} className="font-semibold text-green-800 underline">
            {t("account.form.logIn")}
          </Link>
        </p>
      </Card>
      <p className="text-center text-xs text-slate-500">
        {consentBefore}
        <Link to={paths.privacy} className="underline hover:text-green-800">
          {t("account.register.consentLink")}
        </Link>
        {consentAfter}
      </p>
    </div>
  );
}
