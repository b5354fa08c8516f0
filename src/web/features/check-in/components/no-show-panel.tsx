import type { UseMutationResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type CheckInList, noShowRules } from "#shared/check-in.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button, FormMessage } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { formatDate, formatTime } from "#web/features/events/format.ts";

type ListMutation = UseMutationResult<CheckInList, Error, void>;

const whenFormat: Intl.DateTimeFormatOptions = { weekday: "short", hour: "numeric", minute: "2-digit", hour12: true };

/**
 * "Mark the rest as no-show" after kick-off, with a confirmation, and its Undo until 24 hours after
 * the end (docs/product-rules.md, "Check-in"). Apart from the list, below it: the one action here
 * that marks people, never next to a tap target. Not offered while taps are unsaved: someone whose
 * check-in has not reached the server yet would be marked too.
 */
export function NoShowPanel({ list, now, unsavedTaps, mark, undo }: { list: CheckInList; now: Date; unsavedTaps: number; mark: ListMutation; undo: ListMutation }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const rules = noShowRules(list.event, now);
  const rest = list.people.filter((person) => !person.checkedIn && !person.noShow);
  const marked = list.people.filter((person) => person.noShow).length;
  const canUndo = rules.canUndo && marked > 0;
  const canMark = rules.canMark && rest.length > 0;
  const beforeKickOff = now.getTime() < Date.parse(rules.from);
  if (list.event.status === "cancelled" || list.people.length === 0 || (!canMark && !canUndo && !beforeKickOff)) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-slate-50 p-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {t("admin.noShows.title")}
      </h2>
      {beforeKickOff && <p className="text-sm text-slate-700">{t("admin.noShows.fromKickOff", { time: formatTime(rules.from) })}</p>}
      {marked > 0 && (
        <p className="text-sm text-slate-800">
          {canUndo ? t("admin.noShows.markedUndo", { count: marked, when: formatDate(rules.until, whenFormat) }) : t("admin.noShows.marked", { count: marked })}
        </p>
      )}
      {!beforeKickOff && !canMark && marked === 0 && <p className="text-sm text-slate-700">{t("admin.noShows.everyoneIn")}</p>}
      <FormMessage kind="error">{undo.isError ? errorMessage(undo.error) : ""}</FormMessage>
      <div className="flex flex-col gap-2 sm:flex-row">
        {canMark && (
          <Button variant="secondary" className="min-h-12 border-red-300 text-red-800" disabled={unsavedTaps > 0} onClick={() => setConfirming(true)}>
            {t("admin.noShows.mark")}
          </Button>
        )}
        {canUndo && (
          <Button variant="secondary" className="min-h-12" disabled={undo.isPending} onClick={() => undo.mutate()}>
            {undo.isPending ? t("admin.noShows.undoing") : t("admin.noShows.undo")}
          </Button>
        )}
      </div>
      {canMark && unsavedTaps > 0 && <p className="text-sm text-slate-700">{t("admin.noShows.waitForTaps")}</p>}
      {confirming && (
        <ConfirmDialog
          title={t("admin.noShows.confirmTitle")}
          confirmLabel={t("admin.noShows.confirm")}
          cancelLabel={t("admin.noShows.keep")}
          busy={mark.isPending}
          error={mark.isError ? errorMessage(mark.error) : undefined}
          onClose={() => {
            mark.reset();
            setConfirming(false);
          }}
          onConfirm={() => mark.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        >
          <p className="text-slate-700">
            {t("admin.noShows.confirmWho", { count: rest.length, names: rest.map((person) => person.name).join(", ") })}
          </p>
          <p className="mt-2 text-sm text-slate-600">{t("admin.noShows.confirmUndo", { when: formatDate(rules.until, whenFormat) })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
