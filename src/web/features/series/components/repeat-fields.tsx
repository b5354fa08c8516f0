import { useEffect, useId, useRef } from "react";
import { REGULARS_LIMITS, SERIES_LIMITS } from "../../../../shared/series.ts";
import { Checkbox, TextField } from "../../../components/form.tsx";
import { t } from "../../../i18n/i18n.ts";
import { REPEAT_FIELDS, type RegularsDraft, type RepeatDraft, type RepeatErrors, type RepeatField } from "../repeat-draft.ts";
import { Choice } from "./choice.tsx";

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
  errors = {},
}: {
  draft: RepeatDraft;
  onChange: (next: RepeatDraft) => void;
  firstDate: string;
  errors?: RepeatErrors;
}) {
  const set = <K extends keyof RepeatDraft>(key: K, value: RepeatDraft[K]) => onChange({ ...draft, [key]: value });
  const setRegulars = <K extends keyof RegularsDraft>(key: K, value: RegularsDraft[K]) => set("regulars", { ...draft.regulars, [key]: value });
  const container = useRef<HTMLDivElement>(null);

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
          <Checkbox label={t("admin.series.regularsFirst")} checked={draft.regulars.on} onChange={(event) => setRegulars("on", event.target.checked)} />
          {draft.regulars.on && (
            <div className="grid gap-4 border-l-4 border-green-100 pl-4">
              <p className="text-sm text-slate-600">{t("admin.series.regularsFirstHint")}</p>
              <TextField
                label={t("admin.series.regularsWindowHours")}
                hint={t("admin.series.regularsWindowHint")}
                {...wholeNumber}
                min={REGULARS_LIMITS.windowHoursMin}
                max={REGULARS_LIMITS.windowHoursMax}
                value={draft.regulars.windowHours}
                onChange={(event) => setRegulars("windowHours", event.target.value)}
                error={errors["regulars.windowHours"]}
                data-repeat-field="regulars.windowHours"
              />
              <WhoIsRegular draft={draft.regulars} onChange={setRegulars} errors={errors} />
              <TextField
                label={t("admin.series.regularsShare")}
                hint={t("admin.series.regularsShareHint")}
                {...wholeNumber}
                min={REGULARS_LIMITS.maxPercentMin}
                max={REGULARS_LIMITS.maxPercentMax}
                value={draft.regulars.maxPercent}
                onChange={(event) => setRegulars("maxPercent", event.target.value)}
                error={errors["regulars.maxPercent"]}
                data-repeat-field="regulars.maxPercent"
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * "Held a spot in at least [3] of the last [4] games": one sentence with two fields, each named by
 * the words before it (the second also by the word after it), the group by its legend.
 */
function WhoIsRegular({
  draft,
  onChange,
  errors,
}: {
  draft: RegularsDraft;
  onChange: <K extends keyof RegularsDraft>(key: K, value: RegularsDraft[K]) => void;
  errors: RepeatErrors;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const fields = [
    { key: "minGames", label: `${id}-min`, error: errors["regulars.minGames"] },
    { key: "ofLast", label: `${id}-of`, error: errors["regulars.ofLast"] },
  ] as const;
  const described = (field: (typeof fields)[number]) => [field.error ? `${field.label}-error` : null, hintId].filter(Boolean).join(" ");
  const input = (field: (typeof fields)[number], labelledBy: string) => (
    <input
      id={`${field.label}-input`}
      aria-labelledby={labelledBy}
      aria-describedby={described(field)}
      aria-invalid={field.error ? true : undefined}
      data-repeat-field={`regulars.${field.key}` satisfies RepeatField}
      {...wholeNumber}
      min={1}
      max={REGULARS_LIMITS.ofLastMax}
      value={draft[field.key]}
      onChange={(event) => onChange(field.key, event.target.value)}
      className="w-20 rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600 aria-[invalid=true]:border-red-500"
    />
  );
  const [minGames, ofLast] = fields;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t("admin.series.regularsWho")}</legend>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <label id={minGames.label} htmlFor={`${minGames.label}-input`}>
          {t("admin.series.regularsHeldAtLeast")}
        </label>
        {input(minGames, minGames.label)}
        <label id={ofLast.label} htmlFor={`${ofLast.label}-input`}>
          {t("admin.series.regularsOfLast")}
        </label>
        {input(ofLast, `${ofLast.label} ${id}-games`)}
        <span id={`${id}-games`}>{t("admin.series.regularsGames")}</span>
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        {t("admin.series.regularsWhoHint")}
      </p>
      {fields.map(
        (field) =>
          field.error && (
            <p key={field.key} id={`${field.label}-error`} className="text-sm text-red-700">
              {field.error}
            </p>
          ),
      )}
    </fieldset>
  );
}
