import type { UseMutationResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type CheckInList, noShowRules } from "../../../../shared/check-in.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Button, FormMessage } from "../../../components/form.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { formatDate, formatTime } from "../../events/format.ts";

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
        No-shows
      </h2>
      {beforeKickOff && <p className="text-sm text-slate-700">From kick-off ({formatTime(rules.from)}) you can mark everyone not checked in as a no-show.</p>}
      {marked > 0 && (
        <p className="text-sm text-slate-800">
          {marked} marked as no-show.{canUndo && ` You can undo this until ${formatDate(rules.until, whenFormat)}.`}
        </p>
      )}
      {!beforeKickOff && !canMark && marked === 0 && <p className="text-sm text-slate-700">Everyone is checked in.</p>}
      <FormMessage kind="error">{undo.isError ? errorMessage(undo.error) : ""}</FormMessage>
      <div className="flex flex-col gap-2 sm:flex-row">
        {canMark && (
          <Button variant="secondary" className="min-h-12 border-red-300 text-red-800" disabled={unsavedTaps > 0} onClick={() => setConfirming(true)}>
            Mark the rest as no-show
          </Button>
        )}
        {canUndo && (
          <Button variant="secondary" className="min-h-12" disabled={undo.isPending} onClick={() => undo.mutate()}>
            {undo.isPending ? "Undoing..." : "Undo no-shows"}
          </Button>
        )}
      </div>
      {canMark && unsavedTaps > 0 && <p className="text-sm text-slate-700">Wait until every tap is saved.</p>}
      {confirming && (
        <ConfirmDialog
          title="Mark the rest as no-show?"
          busy={mark.isPending}
          error={mark.isError ? errorMessage(mark.error) : undefined}
          onClose={() => {
            mark.reset();
            setConfirming(false);
          }}
          onConfirm={() => mark.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        >
          <p className="text-slate-700">
            {rest.length === 1 ? "1 person" : `${rest.length} people`} not checked in will be marked as no-show: {rest.map((person) => person.name).join(", ")}.
          </p>
          <p className="mt-2 text-sm text-slate-600">You can undo this until {formatDate(rules.until, whenFormat)}. Nothing is charged or refunded.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
