import { Link } from "#web/components/link.tsx";
import type { EventSummary } from "#shared/events.ts";
import { formatDate } from "#web/features/events/format.ts";
import { t } from "#web/i18n/i18n.ts";
import { paths } from "#web/lib/paths.ts";

/** The series' games, soonest first: each a link to its ordinary page, with where it stands. */
export function SeriesGames({ games, now }: { games: EventSummary[]; now: Date }) {
  if (games.length === 0) return <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t("admin.series.noGames")}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {games.map((game) => (
        <li key={game.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <Link to={paths.event(game.id)} className="font-semibold text-green-800 underline card-title hover:text-green-900">
            {formatDate(game.startsAt, { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone: game.timeZone })}
          </Link>
          <span className="text-sm text-slate-600">{standing(game, now)}</span>
        </li>
      ))}
    </ul>
  );
}

function standing(game: EventSummary, now: Date): string {
  if (game.status === "cancelled") return t("admin.series.gameCancelled");
  if (Date.parse(game.endsAt) <= now.getTime()) return t("admin.series.gameOver");
  const players = t("admin.series.playersCount", { count: game.playersCount, max: game.maxPlayers });
  if (game.registrationOpensAt && Date.parse(game.registrationOpensAt) > now.getTime()) {
    const opens = t("admin.series.gameOpens", { when: openingTime(game.registrationOpensAt, game) });
    // Regulars first: when its regulars may join, or that only they may now (docs/series.md).
    if (game.regularsOpenAt === null) return `${opens} · ${players}`;
    const regulars = Date.parse(game.regularsOpenAt) > now.getTime() ? t("admin.series.gameRegularsFrom", { when: openingTime(game.regularsOpenAt, game) }) : t("admin.series.gameRegularsOnly");
    return `${regulars} · ${opens} · ${players}`;
  }
  return `${t("admin.series.gameOpen")} · ${players}`;
}

/** "Tue, Dec 1, 7:00 PM" on the game's clock (the weekday alone is ambiguous a week ahead). */
function openingTime(iso: string, game: Pick<EventSummary, "timeZone">): string {
  return formatDate(iso, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone: game.timeZone });
}
