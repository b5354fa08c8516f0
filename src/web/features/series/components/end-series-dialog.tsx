import { useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { useNotify } from "#web/components/notification.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { useEndSeries } from "#web/features/series/api.ts";

/**
 * Ending a series: no more games, and each game still to come cancelled as Cancel Event & Refund
 * would (everyone refunded in full and mailed, with the organiser's message).
 */
export function EndSeriesDialog({ seriesId, upcoming, onClose }: { seriesId: string; upcoming: number; onClose: () => void }) {
  const end = useEndSeries(seriesId);
  const notify = useNotify();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    try {
      const { cancelled } = await end.mutateAsync(message);
      notify(t("admin.series.endedNotice", { count: cancelled }));
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <ConfirmDialog
      title={t("admin.series.endTitle")}
      onClose={onClose}
      onConfirm={() => void submit()} busy={end.isPending}
      error={error}
      confirmLabel={t("admin.series.endConfirm")}
      cancelLabel={t("admin.series.keep")}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{t("admin.series.endExplain", { count: upcoming })}</p>
        {/* A plain field rather than components/text-area.tsx: sharing that module with the console would split it into a chunk of its own, listed in the first paint's code. */}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t("admin.series.endMessage")}
          <textarea
            rows={3}
            // CANCEL_MESSAGE_MAX of shared/events.ts, which the server checks: importing that module here
            // would give the console a chunk of its own listed in the first paint's code.
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900 shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600"
          />
        </label>
      </div>
    </ConfirmDialog>
  );
}
