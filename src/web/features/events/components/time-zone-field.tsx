import { useId, useMemo } from "react";
import { timeZoneName } from "#shared/time-zone-name.ts";
import { currentLanguage, t } from "#web/i18n/i18n.ts";

/**
 * The game's zone on its form (docs/decisions/038-the-games-zone-on-the-form.md): the date and time
 * above are read on its clocks, so it is shown, named, and can be changed; it starts on the
 * organiser's zone (GAME_TIME_ZONE) for a new game and on the game's own when editing.
 */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const id = useId();
  const zones = useMemo(() => zoneList(value), [value]);
  const language = currentLanguage();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t("admin.form.timeZone")}
      </label>
      <select
        id={id}
        data-field="timeZone"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t("admin.form.timesIn", { zone: value, name: timeZoneName(value, new Date(), language) })}
      </p>
    </div>
  );
}

/** Every zone the browser knows, the chosen one included (an older browser may not list it, nor UTC). */
function zoneList(chosen: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...known, "UTC", chosen])].sort();
}
