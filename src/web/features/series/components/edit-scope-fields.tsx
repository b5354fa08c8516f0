import type { EditScope } from "#shared/series.ts";
import { t } from "#web/i18n/i18n.ts";
import { Choice } from "./choice.tsx";

/** On a series' game's edit form: change this game alone, or this one and the games after it (docs/series.md). */
export function EditScopeFields({ scope, onChange }: { scope: EditScope; onChange: (scope: EditScope) => void }) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("admin.series.scope")}</legend>
      <Choice name="edit-scope" label={t("admin.series.scopeThis")} checked={scope === "this"} onSelect={() => onChange("this")} />
      <Choice
        name="edit-scope"
        label={t("admin.series.scopeFollowing")}
        hint={t("admin.series.scopeFollowingHint")}
        checked={scope === "following"}
        onSelect={() => onChange("following")}
      />
    </fieldset>
  );
}
