import { useLocation } from "react-router";
import { Link } from "#web/components/link.tsx";
import type { ConsoleOverview } from "#shared/console.ts";
import { paths } from "#web/lib/paths.ts";
import { t } from "#web/i18n/i18n.ts";
import { dateTime, percent } from "#web/features/console/figures.ts";
import { cell, TableScroll } from "./table-scroll.tsx";

/** What the roster's "Back to the console" returns to: the console with the period it showed. */
export interface RosterLinkState {
  consoleSearch: string;
}

/** The period's games by kick-off, each a link to its roster. */
export function GamesTable({ overview }: { overview: ConsoleOverview }) {
  const location = useLocation();
  const now = Date.now();
  const zone = overview.period.timeZone;
  const state: RosterLinkState = { consoleSearch: location.search };
  const spots = (held: number, max: number) => (max > 0 ? t("admin.heldOf", { held, max }) : "—");

  if (overview.perGame.length === 0) return <p className="text-slate-700">{t("admin.console.noGames")}</p>;
  return (
    <TableScroll label={t("admin.games.label")}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t("admin.games.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className={cell.head}>
              {t("admin.games.kickOff")}
            </th>
            <th scope="col" className={cell.head}>
              {t("admin.game")}
            </th>
            <th scope="col" className={cell.head}>
              {t("admin.games.state")}
            </th>
            <th scope="col" className={cell.headNumber}>
              {t("admin.players")}
            </th>
            <th scope="col" className={cell.headNumber}>
              {t("admin.goalkeepers")}
            </th>
            <th scope="col" className={cell.headNumber}>
              {t("admin.games.fill")}
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.perGame.map((game) => {
            const held = game.playersHeld + game.goalkeepersHeld;
            const capacity = game.maxPlayers + game.maxGoalkeepers;
            const stage = t(game.status === "cancelled" ? "admin.games.cancelled" : Date.parse(game.startsAt) <= now ? "admin.games.played" : "admin.games.upcoming");
            return (
              <tr key={game.id}>
                <td className={cell.body}>{dateTime(game.startsAt, zone)}</td>
                <th scope="row" className={`${cell.body} font-normal`}>
                  <Link to={paths.consoleEvent(game.id)} state={state} className="font-semibold text-green-800 underline hover:text-green-900">
                    {game.title}
                  </Link>
                </th>
                <td className={cell.body}>{stage}</td>
                <td className={cell.number}>{spots(game.playersHeld, game.maxPlayers)}</td>
                <td className={cell.number}>{spots(game.goalkeepersHeld, game.maxGoalkeepers)}</td>
                <td className={cell.number}>{game.status === "cancelled" ? "—" : (percent(held, capacity) ?? "—")}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
