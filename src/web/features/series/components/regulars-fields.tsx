import { useId } from "react";
import { REGULARS_LIMITS } from "#shared/regulars-limits.ts";
import { Checkbox, TextField } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { RegularsDraft, RegularsErrors, RegularsField } from "#web/features/series/regulars-draft.ts";

const wholeNumber = { type: "number", inputMode: "numeric", required: true, step: 1 } as const;

/**
 * "Regulars first": the checkbox that turns it on, then the head start in hours, "held a spot in at
 * least [3] of the last [4] games" and the regulars' share of the spots (docs/series.md). On the
 * Create New Event form's Repeat weekly (repeat-fields.tsx) and on the series' page, where the rule
 * is changed (regulars-section.tsx). The server checks the same limits (shared/series.ts); `errors`
 * are each field's message, said under it; each input carries `data-repeat-field` with its path, for
 * the form to give the first one with a message the focus.
 */
export function RegularsFields({ draft, onChange, errors = {} }: { draft: RegularsDraft; onChange: (next: RegularsDraft) => void; errors?: RegularsErrors }) {
  const set = <K extends keyof RegularsDraft>(key: K, value: RegularsDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <Checkbox label={t("admin.series.regularsFirst")} checked={draft.on} onChange={(event) => set("on", event.target.checked)} />
      {draft.on && (
        <div className="grid gap-4 border-l-4 border-green-100 pl-4">
          <p className="text-sm text-slate-600">{t("admin.series.regularsFirstHint")}</p>
          <TextField
            label={t("admin.series.regularsWindowHours")}
            hint={t("admin.series.regularsWindowHint")}
            {...wholeNumber}
            min={REGULARS_LIMITS.windowHoursMin}
            max={REGULARS_LIMITS.windowHoursMax}
            value={draft.windowHours}
            onChange={(event) => set("windowHours", event.target.value)}
            error={errors["regulars.windowHours"]}
            data-repeat-field={"regulars.windowHours" satisfies RegularsField}
          />
          <WhoIsRegular draft={draft} onChange={set} errors={errors} />
          <TextField
            label={t("admin.series.regularsShare")}
            hint={t("admin.series.regularsShareHint")}
            {...wholeNumber}
            min={REGULARS_LIMITS.maxPercentMin}
            max={REGULARS_LIMITS.maxPercentMax}
            value={draft.maxPercent}
            onChange={(event) => set("maxPercent", event.target.value)}
            error={errors["regulars.maxPercent"]}
            data-repeat-field={"regulars.maxPercent" satisfies RegularsField}
          />
        </div>
      )}
    </>
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
  errors: RegularsErrors;
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
      data-repeat-field={`regulars.${field.key}` satisfies RegularsField}
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
