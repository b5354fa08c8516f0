import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "#web/components/form.tsx";
import { TextField } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { checkRange, type DayRange, type PeriodChoice, PRESETS, type PresetId } from "#web/features/console/period.ts";

/**
 * The period's presets as radio buttons (arrow keys move between them; a preset applies at once)
 * and, for a custom range, two date fields checked as the server checks them before anything is
 * asked for.
 */
export function PeriodPicker({
  choice,
  timeZone,
  onChange,
}: {
  choice: PeriodChoice;
  timeZone: string;
  onChange: (next: { preset: PresetId } & Partial<DayRange>) => void;
}) {
  const name = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [custom, setCustom] = useState(choice.preset === "custom");
  const [range, setRange] = useState<DayRange>({ from: choice.from, to: choice.to });
  const [problem, setProblem] = useState(choice.problem);

  // Another address (Back, a link) brings its own period into the form; the same one changes nothing.
  const addressKey = `${choice.preset}|${choice.from}|${choice.to}`;
  const latestChoice = useRef(choice);
  useLayoutEffect(() => {
    latestChoice.current = choice;
  });
  useEffect(() => {
    const next = latestChoice.current;
    setCustom(next.preset === "custom");
    setRange({ from: next.from, to: next.to });
    setProblem(next.problem);
  }, [addressKey]);

  const pick = (preset: PresetId) => {
    if (preset === "custom") {
      // The fields start from the days shown now, to be changed from there.
      setCustom(true);
      return;
    }
    setCustom(false);
    setProblem(null);
    onChange({ preset });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRange(range, timeZone, new Date());
    if (!checked.ok) {
      setProblem(checked);
      // The field in error takes the focus, and a screen reader reads its message with it.
      formRef.current?.querySelector<HTMLInputElement>(`[data-field="${checked.field}"]`)?.focus();
      return;
    }
    setProblem(null);
    onChange({ preset: "custom", from: range.from, to: range.to });
  };

  // The range's rules and their words are shared with the server (shared/console-period.ts).
  const fieldError = (field: "from" | "to") => (problem && problem.field === field ? sharedMessage(problem.message) : undefined);
  const selected: PresetId = custom ? "custom" : choice.preset;
  return (
    <form ref={formRef} onSubmit={apply} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t("admin.period.legend")}</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((preset) => (
            <label
              key={preset.id}
              className="cursor-pointer rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 has-checked:border-green-700 has-checked:bg-green-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-green-700"
            >
              <input type="radio" name={name} value={preset.id} checked={selected === preset.id} onChange={() => pick(preset.id)} className="sr-only" />
              {t(preset.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {custom && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            label={t("admin.period.from")}
            type="date"
            data-field="from"
            value={range.from}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
            error={fieldError("from")}
          />
          <TextField
            label={t("admin.period.to")}
            type="date"
            data-field="to"
            value={range.to}
            onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
            error={fieldError("to")}
          />
          <Button type="submit" className="sm:mb-px">
            {t("admin.period.show")}
          </Button>
        </div>
      )}
      {problem?.field === "tz" && (
        <p role="alert" className="text-sm text-red-700">
          {sharedMessage(problem.message)}
        </p>
      )}
    </form>
  );
}
