import { t } from "#web/i18n/i18n.ts";

/**
 * Who the series' regulars are now, by name, for the organiser (the server's rule, counted over the
 * games played so far: docs/series.md, "What each person is told"). Shown with regulars first only.
 */
export function RegularsList({ regulars }: { regulars: { name: string }[] | undefined }) {
  if (!regulars) return null;
  return (
    <section aria-labelledby="series-regulars-now" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="series-regulars-now" className="text-lg font-bold text-slate-800">
        {t("admin.series.regularsNow", { count: regulars.length })}
      </h2>
      {regulars.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.series.regularsNone")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {regulars.map((regular, index) => (
            <li key={index} className="rounded-full bg-green-50 px-3 py-1 text-sm text-green-900 wrap-anywhere">
              {regular.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
