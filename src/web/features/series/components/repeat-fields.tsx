import { SERIES_LIMITS } from "../../../../shared/series.ts";
import { Checkbox, TextField } from "../../../components/form.tsx";
import { t } from "../../../i18n/i18n.ts";
import type { RepeatDraft } from "../repeat-draft.ts";
import { Choice } from "./choice.tsx";

/**
 * "Repeat weekly" on the Create New Event form: the game's date and time become the first game's, and
 * the series ends on a date or after a number of games; each game opens a number of days before
 * kick-off (docs/series.md). The server checks the same limits (shared/series.ts).
 */
export function RepeatFields({ draft, onChange, firstDate }: { draft: RepeatDraft; onChange: (next: RepeatDraft) => void; firstDate: string }) {
  const set = <K extends keyof RepeatDraft>(key: K, value: RepeatDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <div className="flex flex-col gap-4">
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
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={SERIES_LIMITS.maxGames}
              step={1}
              value={draft.gameCount}
              onChange={(event) => set("gameCount", event.target.value)}
            />
          ) : (
            <TextField label={t("admin.series.endDate")} type="date" required min={firstDate || undefined} value={draft.endDate} onChange={(event) => set("endDate", event.target.value)} />
          )}
          <TextField
            label={t("admin.series.opensDaysBefore")}
            hint={t("admin.series.opensHint")}
            type="number"
            inputMode="numeric"
            required
            min={SERIES_LIMITS.opensDaysMin}
            max={SERIES_LIMITS.opensDaysMax}
            step={1}
            value={draft.opensDaysBefore}
            onChange={(event) => set("opensDaysBefore", event.target.value)}
          />
        </div>
      )}
    </div>
  );
}
