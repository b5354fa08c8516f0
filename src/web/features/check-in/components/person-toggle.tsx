import { useId } from "react";
import type { CheckInPerson } from "#shared/check-in.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * One person on the check-in list: a full-width toggle button (aria-pressed: checked in), big enough
 * for a thumb at the pitch. Its name is the person's name; their role, a no-show mark and a tap not
 * saved yet are read as its description, and so are the +1 guests they brought, checked in with
 * them (docs/guests.md).
 */
export function PersonToggle({ person, unsaved, disabled, onToggle }: { person: CheckInPerson; unsaved: boolean; disabled: boolean; onToggle: () => void }) {
  const nameId = useId();
  const descriptionId = useId();
  const goalkeeper = person.role === "goalkeeper";
  const tone = person.checkedIn ? "border-green-700 bg-green-50" : person.noShow ? "border-amber-300 bg-amber-50" : "border-slate-300 bg-white";
  return (
    <button
      type="button"
      aria-pressed={person.checkedIn}
      aria-labelledby={nameId}
      aria-describedby={descriptionId}
      disabled={disabled}
      onClick={onToggle}
      className={`flex min-h-16 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left transition focus:outline-2 focus:outline-offset-2 focus:outline-green-700 disabled:cursor-not-allowed disabled:opacity-70 ${tone}`}
    >
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-lg font-bold ${person.checkedIn ? "border-green-700 bg-green-700 text-white" : "border-slate-400 bg-white text-transparent"}`}
      >
        ✓
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span id={nameId} className="text-lg font-semibold text-slate-900 wrap-anywhere">
          {person.name}
        </span>
        <span id={descriptionId} className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <span>{t(goalkeeper ? "admin.goalkeeper" : "admin.player")}</span>
          {person.guests?.length > 0 && (
            <span>
              <span className="sr-only">, </span>
              {t("admin.checkIn.withGuests", { count: person.guests.length, names: person.guests.join(", ") })}
            </span>
          )}
          {person.noShow && <span className="font-semibold text-amber-900"><span className="sr-only">, </span>{t("admin.noShow")}</span>}
          {unsaved && <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold text-amber-950"><span className="sr-only">, </span>{t("admin.checkIn.notSaved")}</span>}
        </span>
      </span>
      <span aria-hidden="true" className={`shrink-0 text-sm font-semibold ${person.checkedIn ? "text-green-800" : "text-slate-600"}`}>
        {t(person.checkedIn ? "admin.checkedIn" : "admin.checkIn.notHere")}
      </span>
    </button>
  );
}
