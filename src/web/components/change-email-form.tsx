import { useState, type FormEvent } from "react";
import { t } from "#web/i18n/i18n.ts";
import { api, errorMessage } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { rememberPendingEmail } from "#web/lib/pending-email.ts";
import { Button, FormMessage } from "./form.tsx";
import { TextField } from "./form-fields.tsx";
import { useNotify } from "./notification.tsx";

/**
 * Current password + new address (POST /api/me/email). The account is unverified afterwards, so the
 * app's routing moves the user to /verify-email; the success message therefore goes in the banner.
 * Used on Profile and, to fix a mistyped address, on /verify-email.
 */
export function ChangeEmailForm({ submitLabel }: { submitLabel?: string }) {
  const { refresh } = useAuth();
  const notify = useNotify();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newEmail, setNewEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setBusy(true);
    const address = newEmail.trim();
    try {
      await api("/api/me/email", { body: { currentPassword, newEmail: address } });
    } catch (caught) {
      setError(t("account.changeEmail.failed", { reason: errorMessage(caught) }));
      setBusy(false);
      return;
    }
    rememberPendingEmail(address);
    notify(t("account.changeEmail.done"));
    await refresh().catch(() => undefined);
    setCurrentPassword("");
    setNewEmail("");
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 text-left">
      <TextField
        label={t("account.form.currentPassword")}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <TextField label={t("account.changeEmail.newAddress")} type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
      <FormMessage kind="error">{error}</FormMessage>
      <div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? t("account.form.saving") : (submitLabel ?? t("account.changeEmail.submit"))}
        </Button>
      </div>
    </form>
  );
}
