import type { TeamsCandidate, TeamsSuggestions } from "#shared/teams.ts";
import { currentIntlLocale, t } from "#web/i18n/i18n.ts";
import { memberLabel } from "#web/features/teams/member-label.ts";

/**
 * The numbers behind the teams, for an organiser who wants them (issue 32): behind a disclosure, so
 * the screen itself speaks in people's words. The search (how many splits, how long), each team's
 * strength, and each player's rating ± its uncertainty (docs/teams-and-ratings.md, "Ratings").
 */
export function TeamsDetails({
  teams,
  names,
  strengths,
  candidates,
  splits,
}: {
  teams: string[][];
  names: string[];
  strengths: number[];
  candidates: readonly TeamsCandidate[];
  splits: TeamsSuggestions | null;
}) {
  const locale = currentIntlLocale();
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const byId = new Map(candidates.map((candidate) => [candidate.memberId, candidate]));
  return (
    <details className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-900">{t("admin.teams.details")}</summary>
      <div className="flex flex-col gap-3 pb-2">
        <p>{t("admin.teams.detailsIntro")}</p>
        {splits && (
          <p>{t(splits.exhaustive ? "admin.teams.searchedAll" : "admin.teams.searchedBySwaps", { searched: splits.searched.toLocaleString(locale), ms: splits.ms })}</p>
        )}
        {teams.map((team, index) => (
          <div key={index} className="flex flex-col gap-1">
            <p className="font-semibold text-slate-900">
              {names[index]} · {t("admin.team.strength", { strength: oneDecimal.format(strengths[index] ?? 0) })}
            </p>
            <ul aria-label={t("admin.teams.detailsRatings", { team: names[index] ?? "" })} className="flex flex-col gap-0.5 pl-3">
              {team.flatMap((id) => {
                const player = byId.get(id);
                if (!player) return [];
                return [
                  <li key={id} className="flex flex-wrap justify-between gap-x-3">
                    <span className="min-w-0 card-title">{memberLabel(player)}</span>
                    <span className="tabular-nums">{t("admin.team.rating", { rating: oneDecimal.format(player.mu), uncertainty: oneDecimal.format(player.sigma) })}</span>
                  </li>,
                ];
              })}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
