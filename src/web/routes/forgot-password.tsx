import { useState, type FormEvent } from "react";
import { BackToLogin } from "#web/components/auth-links.tsx";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { TextField } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { api, errorMessage } from "#web/lib/api.ts";
import { useConfig } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

export default function ForgotPasswordScreen() {
  useDocumentTitle(t("account.forgot.title"));
  const appName = useConfig().data?.appName ?? "Kickoff";
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const address = email.trim();
    if (!address) {
      setResult({ kind: "error", text: t("account.forgot.noAddress") });
      return;
    }
    setBusy(true);
    try {
      await api("/api/auth/request-password-reset", { body: { email: address, redirectTo: paths.resetPassword } });
      setResult({ kind: "success", text: t("account.forgot.sent") });
    } catch (caught) {
      setResult({ kind: "error", text: t("account.forgot.failed", { reason: errorMessage(caught) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <p className="text-center text-2xl font-extrabold tracking-tight text-green-800">{appName}</p>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("account.forgot.heading")}</h1>
        <p className="mt-2 text-slate-600">{t("account.forgot.intro")}</p>
        {/* noValidate: the empty-field message is the original product's (docs/product-rules.md, "Validation"), not the browser's. */}
        <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
          <TextField
            label={t("account.form.email")}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={result?.text === t("account.forgot.noAddress") || undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormMessage kind={result?.kind ?? "success"}>{result?.text}</FormMessage>
          <Button type="submit" disabled={busy}>
            {busy ? t("account.form.sending") : t("account.forgot.submit")}
          </Button>
        </form>
        <BackToLogin />
      </Card>
    </div>
  );
}
