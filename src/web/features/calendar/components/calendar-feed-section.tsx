import { useId, useState } from "react";
import type { CalendarFeedCreated } from "#shared/calendar.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formatLongDate } from "#web/features/events/format.ts";
import { useCalendarFeedStatus, useReplaceCalendarFeed } from "#web/features/calendar/hooks/use-calendar-feed.ts";

/**
 * Profile: "Subscribe in your calendar". The feed's address holds a secret that the server keeps
 * only as a hash, so it is shown when it is made (here, until the page is left); after that the
 * section says a link exists and offers to replace it, which also stops the old one
 * (docs/calendar-and-reminders.md, "The feed's token").
 */
export function CalendarFeedSection() {
  const headingId = useId();
  const linkId = useId();
  const status = useCalendarFeedStatus();
  const replace = useReplaceCalendarFeed();
  const notify = useNotify();
  const [made, setMade] = useState<CalendarFeedCreated["feed"] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  const hasLink = Boolean(made ?? status.data?.feed);

  const makeLink = () => {
    setError("");
    replace.mutate(undefined, {
      onSuccess: ({ feed }) => {
        setMade(feed);
        setConfirming(false);
      },
      onError: (caught) => {
        setConfirming(false);
        setError(t("account.calendar.makeFailed", { reason: errorMessage(caught) }));
      },
    });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify(t("account.calendar.copied"));
    } catch {
      setError(t("account.calendar.copyFailed"));
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("account.calendar.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("account.calendar.intro")}
      </p>
      <div className="mt-4 flex flex-col gap-3">
        {status.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t("account.calendar.checking")}
          </p>
        ) : status.isError ? (
          <QueryError title={t("account.calendar.checkFailed")} error={status.error} onRetry={() => void status.refetch()} />
        ) : made ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={linkId} className="font-medium text-slate-800">
              {t("account.calendar.yourLink")}
            </label>
            <input
              id={linkId}
              readOnly
              value={made.webcalUrl}
              aria-describedby={`${linkId}-hint`}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            />
            <p id={`${linkId}-hint`} className="text-sm text-slate-600">
              {t("account.calendar.copyNow")}
            </p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void copy(made.webcalUrl)}>{t("account.calendar.copy")}</Button>
              <a
                href={made.webcalUrl}
                className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-100 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
              >
                {t("account.calendar.open")}
              </a>
            </div>
          </div>
        ) : status.data.feed ? (
          <p className="text-sm text-slate-700">
            {t("account.calendar.made", { date: formatLongDate(status.data.feed.createdAt) })}
          </p>
        ) : (
          <p className="text-sm text-slate-700">{t("account.calendar.none")}</p>
        )}
        <FormMessage kind="error">{error}</FormMessage>
        {status.isSuccess && (
          <div>
            <Button
              variant={hasLink ? "secondary" : "primary"}
              disabled={replace.isPending}
              onClick={() => (hasLink ? setConfirming(true) : makeLink())}
              className="w-full sm:w-auto"
            >
              {replace.isPending ? t("account.calendar.making") : hasLink ? t("account.calendar.replace") : t("account.calendar.create")}
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <ConfirmDialog title={t("account.calendar.replaceTitle")} onClose={() => setConfirming(false)} onConfirm={makeLink} busy={replace.isPending}>
          <p className="text-slate-700">{t("account.calendar.replaceBody")}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
