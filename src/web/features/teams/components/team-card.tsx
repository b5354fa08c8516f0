import { useId } from "react";
import type { TeamsCandidate } from "#shared/teams.ts";
import { currentIntlLocale, t } from "#web/i18n/i18n.ts";
import { messageAround } from "#web/i18n/message-around.ts";
import { wholePercent } from "#web/features/console/figures.ts";
import { memberLabel } from "#web/features/teams/member-label.ts";

/**
 * One team on the admin's screen, in people's words (issue 32): its chance of winning, and each
 * player with their games played ("new" for a first game), a box to select them for a swap (their
 * name is its label) and a Lock toggle. The numbers behind it (strengths, each rating ± its
 * uncertainty) are in the screen's "How the teams were made" disclosure (teams-screen.tsx). A +1
 * guest shows "guest": they play at the default rating, which still counts, but are never rated.
 */
export function TeamCard(props: {
  name: string;
  players: TeamsCandidate[];
  winChance: number;
  locks: Record<string, number>;
  selected: string[];
  onToggleLock: (player: TeamsCandidate) => void;
  onToggleSelected: (player: TeamsCandidate) => void;
}) {
  const headingId = useId();
  const { players, locks, selected } = props;
  const locale = currentIntlLocale();
  const [beforeName, afterName] = messageAround("admin.team.select", "name");
  const ratingLine = (player: TeamsCandidate) =>
    player.guestOf
      ? t("admin.team.guest")
      : [...(player.role === "goalkeeper" ? [t("admin.goalkeeper")] : []), player.games > 0 ? t("admin.team.games", { count: player.games }) : t("admin.team.new")].join(" · ");
  // Keepers first, then by name: the order says nothing about the ratings.
  const shown = players
    .map((player) => ({ player, label: memberLabel(player) }))
    .sort((a, b) => (a.player.role === b.player.role ? a.label.localeCompare(b.label, locale, { sensitivity: "base" }) : a.player.role === "goalkeeper" ? -1 : 1));
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-300 bg-white p-3 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {props.name}
        </h2>
        <p className="text-sm text-slate-700">
          {t("admin.team.winChance", { chance: wholePercent(Math.round(props.winChance * 100)) })}
        </p>
      </div>
      <ul className="flex flex-col gap-1" aria-label={t("admin.team.players", { team: props.name })}>
        {shown.map(({ player, label }) => {
          const locked = player.memberId in locks;
          const isSelected = selected.includes(player.memberId);
          return (
            <li key={player.memberId} className={`flex items-center gap-2 rounded-lg border px-2 py-1 ${isSelected ? "border-green-700 bg-green-50" : "border-slate-200"}`}>
              <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-2">
                <input type="checkbox" checked={isSelected} onChange={() => props.onToggleSelected(player)} className="size-5 shrink-0 accent-green-700" />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium text-slate-900 wrap-anywhere">
                    <span className="sr-only">{beforeName}</span>
                    {label}
                    <span className="sr-only">{afterName}</span>
                  </span>
                  <span className="text-xs text-slate-600">{ratingLine(player)}</span>
                </span>
              </label>
              <button
                type="button"
                aria-pressed={locked}
                aria-label={t("admin.team.lockLabel", { name: label })}
                onClick={() => props.onToggleLock(player)}
                className={`min-h-11 shrink-0 rounded-md border px-3 text-sm font-semibold focus:outline-2 focus:outline-offset-2 focus:outline-green-700 ${locked ? "border-green-800 bg-green-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
              >
                {/* The label stays "Lock" (aria-pressed says whether it is on); the padlock shows it. */}
                <span className="inline-flex items-center gap-1">
                  {locked && <PadlockIcon />}
                  {t("admin.team.lock")}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A closed padlock, drawn (an emoji depends on the phone's fonts). */
function PadlockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
      <path d="M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z" />
    </svg>
  );
}
