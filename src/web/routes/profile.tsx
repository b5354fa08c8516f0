import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Me } from "#shared/account.ts";
import { ChangeEmailForm } from "#web/components/change-email-form.tsx";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button, FormMessage } from "#web/components/form.tsx";
import { Switch, TextField } from "#web/components/form-fields.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { CalendarFeedSection } from "#web/features/calendar/components/calendar-feed-section.tsx";
import { GameRemindersSection } from "#web/features/calendar/components/game-reminders-section.tsx";
import { PushSection } from "#web/features/push/components/push-section.tsx";
import { AccountDeletionGames } from "#web/features/account/components/account-deletion-games.tsx";
import { useAccountDeletionPreview } from "#web/features/account/hooks/use-account-deletion-preview.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { SavedCardsSection } from "#web/features/payments/components/saved-cards-section.tsx";
import { api, errorMessage } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { useConfig } from "#web/lib/config.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { t } from "#web/i18n/i18n.ts";
import LanguageSwitch from "#web/components/language-switch.tsx";

type Message = { kind: "error" | "success"; text: string } | null;

export default function ProfileScreen() {
  useDocumentTitle(t("account.profile.title"));
  const { user } = useAuth();
  if (!user) return <Spinner />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Summary user={user} />
      <UpdateName user={user} />
      <NewGameEmails user={user} />
      <Section title={t("account.profile.language.title")} description={t("account.profile.language.hint")}>
        <LanguageSwitch label={t("account.profile.language.label")} />
      </Section>
      <GameRemindersSection />
      <PushSection />
      <CalendarFeedSection />
      <SavedCardsSection />
      <UpdateEmail user={user} />
      <ChangePassword user={user} />
      <SignIns user={user} />
      <DeleteAccount user={user} />
    </div>
  );
}

function Summary({ user }: { user: Me }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || "?";
  return (
    <div className="flex items-center gap-4">
      <div
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-green-700 text-xl font-bold text-white sm:h-16 sm:w-16 sm:text-2xl"
        aria-hidden="true"
      >
        {initials}
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500">{t("account.profile.yourProfile")}</p>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{user.name}</h1>
        <p className="break-words text-slate-600">
          <span className="sr-only">{t("account.profile.emailLabel")}</span>
          {user.email}
          {user.isAdmin && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{t("account.profile.admin")}</span>}
        </p>
      </div>
    </div>
  );
}

const panelClass = "rounded-xl border bg-white shadow-sm";

/** A profile panel that is a named region, so each section's fields can be found by its heading. */
function Section({ title, description, children, tone = "default" }: { title: string; description?: ReactNode; children: ReactNode; tone?: "default" | "danger" }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${panelClass} p-5 sm:p-6 ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}>
      <h2 id={id} className={`text-lg font-semibold ${tone === "danger" ? "text-red-800" : "text-slate-900"}`}>
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A section that opens with a button (the original product's Update Email and Change Password toggles). */
function ToggleSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const descriptionId = useId();
  const panelId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panelClass} border-slate-200`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {/* aria-label keeps the button's name to the title; the description is read as its description. */}
        <button
          type="button"
          aria-label={title}
          aria-describedby={descriptionId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 sm:px-6"
        >
          <span className="min-w-0">
            {title}
            <span id={descriptionId} className="mt-0.5 block break-words text-sm font-normal text-slate-600">
              {description}
            </span>
          </span>
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 20 20"
            fill="currentColor"
            className={`shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-slate-100 px-5 pb-5 pt-4 sm:px-6 sm:pb-6">
        {children}
      </div>
    </section>
  );
}

function UpdateName({ user }: { user: Me }) {
  const { refresh } = useAuth();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setBusy(true);
    try {
      await api("/api/me/name", { method: "PATCH", body: { firstName: firstName.trim(), lastName: lastName.trim() } });
      await refresh().catch(() => undefined);
      setMessage({ kind: "success", text: t("account.profile.name.done") });
    } catch (caught) {
      setMessage({ kind: "error", text: t("account.profile.name.failed", { reason: errorMessage(caught) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t("account.profile.name.title")} description={t("account.profile.name.hint")}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t("account.profile.name.first")} autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label={t("account.profile.name.last")} autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <FormMessage kind={message?.kind ?? "success"}>{message?.text}</FormMessage>
        <div>
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? t("account.form.saving") : t("account.profile.name.submit")}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function NewGameEmails({ user }: { user: Me }) {
  const { refresh } = useAuth();
  const [checked, setChecked] = useState(user.notifyNewEvents);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const change = async (next: boolean) => {
    if (busy) return;
    setError("");
    setChecked(next);
    setBusy(true);
    try {
      await api("/api/me/notifications", { method: "PATCH", body: { notifyNewEvents: next } });
      await refresh().catch(() => undefined);
    } catch (caught) {
      setChecked(!next);
      setError(t("account.profile.emailSettingsFailed", { reason: errorMessage(caught) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t("account.profile.newGames.title")}>
      <Switch
        label={t("account.profile.newGames.label")}
        hint={t("account.profile.newGames.hint")}
        checked={checked}
        busy={busy}
        onChange={(checked) => void change(checked)}
      />
      {error && (
        <div className="mt-3">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </Section>
  );
}

/** The name of a provider the account signs in with: the server's label for it, else Google's or its id. */
function useProviderLabel(user: Me): string {
  const providers = useConfig().data?.signInProviders ?? [];
  const id = user.signIns[0] ?? "google";
  return providers.find((provider) => provider.id === id)?.label ?? (id === "google" ? "Google" : id);
}

/** How the account signs in: its password, and each provider linked to it (a first sign-in with a verified address links it). */
function SignIns({ user }: { user: Me }) {
  const providers = useConfig().data?.signInProviders ?? [];
  const names = [
    ...(user.hasPassword ? [t("account.profile.signIns.password")] : []),
    ...user.signIns.map((id) => providers.find((provider) => provider.id === id)?.label ?? (id === "google" ? "Google" : id)),
  ];
  return (
    <Section title={t("account.profile.signIns.title")}>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </Section>
  );
}

function NoPasswordNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">{children}</p>;
}

function UpdateEmail({ user }: { user: Me }) {
  const label = useProviderLabel(user);
  return (
    <ToggleSection title={t("account.profile.email.title")} description={t("account.profile.email.hint", { email: user.email })}>
      {user.hasPassword ? (
        <ChangeEmailForm />
      ) : (
        <NoPasswordNote>{t("account.profile.email.google", { label })}</NoPasswordNote>
      )}
    </ToggleSection>
  );
}

function ChangePassword({ user }: { user: Me }) {
  const label = useProviderLabel(user);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const mismatch = message?.text === t("account.profile.password.differ");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (newPassword !== confirmPassword) {
      setMessage({ kind: "error", text: t("account.profile.password.differ") });
      return;
    }
    setBusy(true);
    try {
      // Signing out other devices is what someone changing a leaked password needs.
      await api("/api/auth/change-password", { body: { currentPassword, newPassword, revokeOtherSessions: true } });
      setCurrentPassword("");
      setNewPassword("");
      setConfirmPassword("");
      setMessage({ kind: "success", text: t("account.profile.password.done") });
    } catch (caught) {
      setMessage({ kind: "error", text: t("account.profile.password.failed", { reason: errorMessage(caught) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToggleSection title={t("account.profile.password.title")} description={t("account.profile.password.hint")}>
      {user.hasPassword ? (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t("account.form.currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <NewPasswordFields
            labels={[t("account.profile.password.new"), t("account.profile.password.confirm")]}
            password={newPassword}
            confirm={confirmPassword}
            onPasswordChange={setNewPassword}
            onConfirmChange={setConfirmPassword}
            mismatch={mismatch}
          />
          <FormMessage kind={message?.kind ?? "success"}>{message?.text}</FormMessage>
          <div>
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {busy ? t("account.form.saving") : t("account.profile.password.submit")}
            </Button>
          </div>
        </form>
      ) : (
        <NoPasswordNote>{t("account.profile.password.google", { label })}</NoPasswordNote>
      )}
    </ToggleSection>
  );
}

function DeleteAccount({ user }: { user: Me }) {
  const { signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  // The form checks the password is there; the app's own dialog (not the browser's) asks to confirm.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError("");
    setConfirming(true);
  };

  const deleteAccount = async () => {
    setBusy(true);
    try {
      // Without a password (an account that signs in with a provider only) a sign-in minutes ago is the proof (decision 008).
      await api("/api/auth/delete-user", { body: user.hasPassword ? { password } : {} });
    } catch (caught) {
      // Back to the form: a mistyped password is corrected there.
      setError(t("account.profile.delete.failed", { reason: errorMessage(caught) }));
      setBusy(false);
      setConfirming(false);
      return;
    }
    notify(t("account.profile.delete.done"));
    // The server already ended the session with the account; this clears what the app holds,
    // and the routing then shows the login screen.
    await signOut().catch(() => undefined);
    navigate(paths.home, { replace: true });
  };

  return (
    <Section
      title={t("account.profile.delete.title")}
      tone="danger"
      description={t("account.profile.delete.hint")}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        {user.hasPassword && (
          <TextField
            label={t("account.form.currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        <FormMessage kind="error">{error}</FormMessage>
        <div>
          <Button type="submit" variant="danger" disabled={busy} className="w-full sm:w-auto">
            {busy ? t("account.profile.delete.busy") : t("account.profile.delete.submit")}
          </Button>
        </div>
      </form>
      {confirming && <ConfirmAccountDeletion busy={busy} onClose={() => setConfirming(false)} onConfirm={() => void deleteAccount()} />}
    </Section>
  );
}

/**
 * The original product's question, with what it costs first: each game held and what deleting
 * refunds, from the server. Confirm waits until that list is there.
 */
function ConfirmAccountDeletion({ busy, onClose, onConfirm }: { busy: boolean; onClose: () => void; onConfirm: () => void }) {
  const preview = useAccountDeletionPreview();
  return (
    <ConfirmDialog title={t("account.profile.delete.confirmTitle")} onClose={onClose} onConfirm={onConfirm} busy={busy} confirmDisabled={!preview.isSuccess}>
      <div className="flex flex-col gap-4">
        {preview.isPending ? (
          <p role="status" className="text-slate-600">
            {t("account.profile.delete.checking")}
          </p>
        ) : preview.isError ? (
          <QueryError title={t("account.profile.delete.checkFailed")} error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          <AccountDeletionGames preview={preview.data} />
        )}
        {/* The original product's question (docs/product-rules.md, "Validation"). */}
        <p className="text-slate-700">{t("account.profile.delete.question")}</p>
      </div>
    </ConfirmDialog>
  );
}

