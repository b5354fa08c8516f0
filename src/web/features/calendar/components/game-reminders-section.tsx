import { useId, useState } from "react";
import { Card, FormMessage } from "#web/components/form.tsx";
import { Switch } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { useGameReminders, useSetGameReminders } from "#web/features/calendar/hooks/use-game-reminders.ts";

/** Profile: "Game reminders", the mails 24 hours and 2 hours before a game; apart from the new-game mails. */
export function GameRemindersSection() {
  const headingId = useId();
  const settings = useGameReminders();
  const set = useSetGameReminders();
  const [error, setError] = useState("");

  const change = (next: boolean) => {
    if (set.isPending) return;
    setError("");
    set.mutate(next, { onError: (caught) => setError(t("account.profile.emailSettingsFailed", { reason: errorMessage(caught) })) });
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("account.reminders.title")}
      </h2>
      <div className="mt-4">
        {settings.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t("account.reminders.loading")}
          </p>
        ) : settings.isError ? (
          <QueryError title={t("account.reminders.loadFailed")} error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <Switch
            label={t("account.reminders.label")}
            hint={t("account.reminders.hint")}
            checked={settings.data.gameReminders}
            busy={set.isPending}
            onChange={(checked) => void change(checked)}
          />
        )}
        {error && (
          <div className="mt-3">
            <FormMessage kind="error">{error}</FormMessage>
          </div>
        )}
      </div>
    </Card>
  );
}
