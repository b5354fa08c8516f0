import { useId, useState } from "react";
import { LANGUAGES, type Language } from "#shared/language.ts";
import { api } from "#web/lib/api.ts";
import { useAuth } from "#web/lib/auth.tsx";
import { currentLanguage, rememberLanguage, t } from "#web/i18n/i18n.ts";
import { useAccountLanguage } from "./use-account-language.ts";

/**
 * The language picker of the footer and of Profile. A signed-in user's choice is saved on the account
 * (their mails follow it); everyone's is kept in this browser. The page then loads again in it: every
 * text on it, including what is already on screen, is read once per load (docs/languages.md).
 * Loaded on demand (lazy-language-switch.tsx): it is below every screen's content, not part of its first
 * paint. Every screen but the event page shows it, so it also brings the account's saved language here.
 */
export default function LanguageSwitch({ className, label }: { className?: string; label?: string }) {
  const id = useId();
  const { user } = useAuth();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  useAccountLanguage();

  async function choose(language: Language) {
    setFailed(false);
    setSaving(true);
    try {
      if (user) await api("/api/me/language", { method: "PATCH", body: { language } });
      rememberLanguage(language);
      window.location.reload();
    } catch {
      setFailed(true);
      setSaving(false);
    }
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="mr-2">
        {label ?? t("shell.language.label")}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={saving}
        onChange={(event) => void choose(event.target.value as Language)}
        className="rounded border border-slate-300 bg-white px-2 py-1 text-slate-900"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`shell.language.${language}`)}
          </option>
        ))}
      </select>
      {failed && (
        <p role="alert" className="mt-2 text-red-700">
          {t("shell.language.saveFailed")}
        </p>
      )}
    </div>
  );
}
