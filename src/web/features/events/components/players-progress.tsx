import { t } from "#web/i18n/i18n.ts";

/** 'N of M players' as a bar that assistive technology reads as a progress bar. */
export function PlayersProgress({ count, max }: { count: number; max: number }) {
  const text = t("home.card.players", { count, max });
  const percent = max > 0 ? Math.min(100, Math.round((count / max) * 100)) : 0;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={t("home.card.playersBar")}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={count}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${count >= max ? "bg-amber-500" : "bg-green-600"}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600">{text}</p>
    </div>
  );
}
