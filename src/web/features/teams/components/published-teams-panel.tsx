import { useId } from "react";
import { type PublishedTeams, teamNameText, teamsWindow } from "#shared/teams.ts";
import { t } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { Button } from "#web/components/form.tsx";
import { ApiError } from "#web/lib/api.ts";
import { guestOfLabel } from "#web/features/registrations/guests.ts";
import { usePublishedTeams } from "#web/features/teams/hooks/use-teams.ts";

/**
 * The published teams on the game's page (docs/teams-and-ratings.md, "Who sees what"): the
 * viewer's own team and its colour first, then each team by name, then the result. Never a rating.
 * Asked for only once teams can exist (from 60 minutes before kick-off); nothing shows before they
 * are published. A +1 guest is named as in the page's lists, "Sam (guest of Pia Pitch)".
 */
export function PublishedTeamsPanel({ event, now }: { event: { id: string; startsAt: string; status: "active" | "cancelled" }; now: Date }) {
  const enabled = teamsWindow(event, now).state === "open";
  const teams = usePublishedTeams(event.id, enabled);
  const headingId = useId();
  if (!enabled || !teams.data?.published) {
    // Offline, the app's connection notice says so already: no second message here.
    const offline = teams.error instanceof ApiError && teams.error.status === 0;
    if (enabled && teams.isError && !teams.data && !offline) {
      return (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert">
          {t("event.teams.loadFailed")}
          <Button variant="secondary" onClick={() => void teams.refetch()}>
            {t("event.teams.retry")}
          </Button>
        </div>
      );
    }
    return null;
  }
  const data = teams.data;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t("event.teams.title")}
      </h2>
      {data.yours !== null && (
        <p className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-lg font-bold text-green-900">
          {t("event.teams.yours", { name: sharedMessage(teamNameText(data.yours, data.teams.length)) })}
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {data.teams.map((team, index) => (
          <div key={index} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <h3 className="font-semibold text-slate-900">{sharedMessage(teamNameText(index, data.teams.length))}</h3>
            <ul className="mt-1 text-sm text-slate-800">
              {team.players.map((player, at) => (
                <li key={at} className="wrap-anywhere">
                  {player.role === "goalkeeper"
                    ? t("event.teams.goalkeeper", { name: player.name })
                    : player.guestOf
                      ? guestOfLabel({ name: player.name }, { name: player.guestOf })
                      : player.name}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {data.scores.length > 0 && <Result data={data} />}
    </section>
  );
}

function Result({ data }: { data: PublishedTeams }) {
  // The bibs' names are the "shared" area's (shared.teams.name): the server's answer names them in English.
  const name = (team: number) => sharedMessage(teamNameText(team, data.teams.length));
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <h3 className="font-semibold text-slate-900">{t("event.teams.result")}</h3>
      <ul className="mt-1 text-slate-800">
        {data.scores.map((score, at) => (
          <li key={at}>
            {name(score.teams[0])} {score.goals[0]} – {score.goals[1]} {name(score.teams[1])}
          </li>
        ))}
      </ul>
    </div>
  );
}
