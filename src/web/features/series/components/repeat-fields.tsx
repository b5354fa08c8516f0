import { useEffect, useRef } from "react";
import { SERIES_LIMITS } from "#shared/series.ts";
import { Checkbox, TextField } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { REPEAT_FIELDS, type RepeatDraft, type RepeatErrors } from "#web/features/series/repeat-draft.ts";
import { Choice } from "./choice.tsx";
import { RegularsFields } from "./regulars-fields.tsx";

const wholeNumber = { type: "number", inputMode: "numeric", required: true, step: 1 } as const;

/**
 * "Repeat weekly" on the Create New Event form: the game's date and time become the first game's, and
 * the series ends on a date or after a number of games; each game opens a number of days before
 * kick-off, and with "Regulars first" its regulars may join some hours before that (docs/series.md).
 * The server checks the same limits (shared/series.ts); `errors` are each field's message, said under
 * it, and the first field with one gets the focus.
 */
export function RepeatFields({
  draft,
  onChange,
  firstDate,
  onFirstDateChange,
  errors = {},
}: {
  draft: RepeatDraft;
  onChange: (next: RepeatDraft) => void;
  firstDate: string;
  /** The game's own Date changed: a message that compares the end date with it may no longer hold. */
  onFirstDateChange?: () => void;
  errors?: RepeatErrors;
}) {
  const set = <K extends keyof RepeatDraft>(key: K, value: RepeatDraft[K]) => onChange({ ...draft, [key]: value });
  const container = useRef<HTMLDivElement>(null);

  const firstDateSeen = useRef(firstDate);
  useEffect(() => {
    if (firstDateSeen.current === firstDate) return;
    firstDateSeen.current = firstDate;
    onFirstDateChange?.();
  }, [firstDate, onFirstDateChange]);

  useEffect(() => {
    const first = REPEAT_FIELDS.find((field) => errors[field]);
    if (first) container.current?.querySelector<HTMLElement>(`[data-repeat-field="${first}"]`)?.focus();
  }, [errors]);

  return (
    <div ref={container} className="flex flex-col gap-4">
      <Checkbox label={t("admin.series.repeatWeekly")} checked={draft.weekly} onChange={(event) => set("weekly", event.target.checked)} />
      {draft.weekly && (
        <div className="grid gap-4 border-l-4 border-green-100 pl-4">
          <p className="text-sm text-slate-600">{t("admin.series.repeatHint")}</p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t("admin.series.ends")}</legend>
            <Choice name="series-ends" label={t("admin.series.endsAfterGames")} checked={draft.ends === "after_games"} onSelect={() => set("ends", "after_games")} />
            <Choice name="series-ends" label={t("admin.series.endsOnDate")} checked={draft.ends === "on_date"} onSelect={() => set("ends", "on_date")} />
          </fieldset>
          {draft.ends === "after_games" ? (
            <TextField
              label={t("admin.series.gameCount")}
              {...wholeNumber}
              min={1}
              max={SERIES_LIMITS.maxGames}
              value={draft.gameCount}
              onChange={(event) => set("gameCount", event.target.value)}
              error={errors.gameCount}
              data-repeat-field="gameCount"
            />
          ) : (
            <TextField
              label={t("admin.series.endDate")}
              type="date"
              required
              min={firstDate || undefined}
              value={draft.endDate}
              onChange={(event) => set("endDate", event.target.value)}
              error={errors.endDate}
              data-repeat-field="endDate"
            />
          )}
          <TextField
            label={t("admin.series.opensDaysBefore")}
            hint={t("admin.series.opensHint")}
            {...wholeNumber}
            min={SERIES_LIMITS.opensDaysMin}
            max={SERIES_LIMITS.opensDaysMax}
            value={draft.opensDaysBefore}
            onChange={(event) => set("opensDaysBefore", event.target.value)}
            error={errors.opensDaysBefore}
            data-repeat-field="opensDaysBefore"
          />
          <RegularsFields draft={draft.regulars} onChange={(regulars) => set("regulars", regulars)} errors={errors} />
        </div>
      )}
    </div>
  );
}
