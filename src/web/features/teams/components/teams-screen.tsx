import { useId, useState } from "react";
import { Link } from "#web/components/link.tsx";
import { MIN_PLAYERS_PER_TEAM, MAX_TEAMS, MIN_TEAMS, type TeamsCandidate, type TeamsSheet, type TeamsSuggestions, teamsWindow } from "#shared/teams.ts";
import { Button, FormMessage } from "#web/components/form.tsx";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, errorMessage } from "#web/lib/api.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { useClock } from "#web/features/check-in/hooks/use-clock.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { formatHours, formatLongDate, formatTime } from "#web/features/events/format.ts";
import { type Draft, draftFigures, type Kept, keptOfSaved, keptRefusal, nextSplit, swapPlayers, swapRefusal, toggleLock } from "#web/features/teams/draft.ts";
import { wholePercent } from "#web/features/console/figures.ts";
import { useTeamsSheet } from "#web/features/teams/hooks/use-teams.ts";
import { goneText, memberLabel } from "#web/features/teams/member-label.ts";
import { RatingsPanel } from "./ratings-panel.tsx";
import { shownTeamName } from "./team-name.ts";
import { ResultsForm } from "./results-form.tsx";
import { KeptTogetherPanel } from "./kept-together-panel.tsx";
import { TeamCard } from "./team-card.tsx";
import { TeamsDetails } from "./teams-details.tsx";

/**
 * Make teams, for an admin at the pitch (docs/teams-and-ratings.md): the best split of the players
 * checked in (or, before check-in, the confirmed ones), each team's strength and chance of winning;
 * lock a player, swap two, keep two together, re-roll among the best splits, publish. After
 * kick-off, the result. +1 guests are players like any other here, named with the player who
 * brought them, and play in that player's team unless let apart. The screen speaks in people's
 * words ("Balanced: team strengths within 3%"); the numbers are behind a disclosure (issue 32).
 */
export function TeamsScreen({ eventId }: { eventId: string }) {
  const teams = useTeamsSheet(eventId);
  const now = useClock(15_000);
  const { sheet } = teams;
  useDocumentTitle(sheet.data ? t("admin.teams.documentTitle", { title: sheet.data.event.title }) : t("admin.teams.title"));
  if (!sheet.data) {
    if (sheet.error instanceof ApiError && sheet.error.status === 404) {
      return <NotFoundMessage title={t("admin.eventNotFound")} text={t("admin.goneFindAnother")} />;
    }
    if (sheet.isError) {
      return (
        <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
          <QueryError title={t("admin.teams.loadFailed")} error={sheet.error} onRetry={() => void sheet.refetch()} />
          <Link to={paths.checkIn(eventId)} className="font-semibold text-green-800 underline hover:text-green-900">
            {t("admin.teams.backToCheckIn")}
          </Link>
        </div>
      );
    }
    return <Spinner label={t("admin.teams.loading")} />;
  }
  return <TeamsBody eventId={eventId} data={sheet.data} now={now} teams={teams} />;
}

const savedDraft = (data: TeamsSheet): Draft | null => (data.saved ? { teams: data.saved.teams, locks: data.saved.locks } : null);
/** The same teams and locks, whatever the order within a team. */
const sameDraft = (a: Draft | null, b: Draft | null) => {
  const key = (draft: Draft | null) => JSON.stringify([draft?.teams.map((team) => [...team].sort()), Object.entries(draft?.locks ?? {}).sort()]);
  return key(a) === key(b);
};

function TeamsBody({ eventId, data, now, teams }: { eventId: string; data: TeamsSheet; now: Date; teams: ReturnType<typeof useTeamsSheet> }) {
  const countId = useId();
  const [draft, setDraft] = useState<Draft | null>(() => savedDraft(data));
  const [teamCount, setTeamCount] = useState(data.saved?.teams.length ?? MIN_TEAMS);
  const [splits, setSplits] = useState<TeamsSuggestions | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [notice, setNotice] = useState("");
  const [refusal, setRefusal] = useState("");
  const [kept, setKept] = useState<Kept>(() => keptOfSaved(data.saved?.teams, data.candidates));
  const opening = teamsWindow(data.event, now);
  const candidates = data.candidates;
  const possibleCounts = Array.from({ length: MAX_TEAMS - MIN_TEAMS + 1 }, (_, i) => MIN_TEAMS + i).filter((n) => candidates.length >= n * MIN_PLAYERS_PER_TEAM);
  const nameOf = (id: string) => {
    const found = candidates.find((candidate) => candidate.memberId === id);
    return found ? memberLabel(found) : "";
  };
  const figures = draft ? draftFigures(draft, candidates) : null;
  // The split's rules first (the server checks them first), then who must play together.
  const teamsRefusal = draft && figures ? (figures.refusal ?? keptRefusal(draft, candidates, kept, nameOf)) : null;
  const published = Boolean(data.saved?.publishedAt) && sameDraft(draft, savedDraft(data));
  // Who in the teams shown no longer plays (a guest removed, a party cancelled, not checked in): named,
  // instead of the split's rule alone, so the admin knows why the teams must be made again.
  const gone = draft ? (data.saved?.gone ?? []).filter((member) => draft.teams.some((team) => team.includes(member.memberId))) : [];

  const change = (next: Draft, words: string) => {
    setDraft(next);
    setNotice(words);
    setRefusal("");
    teams.save.reset();
  };

  const make = (reroll: boolean) => {
    setRefusal("");
    const locks = reroll && draft ? draft.locks : {};
    teams.suggest.mutate(
      { teamCount, locks, ...kept },
      {
        onSuccess: (answer) => {
          setSplits(answer);
          const teamsShown = reroll && draft ? nextSplit(answer.splits.map((split) => split.teams), draft.teams) : answer.splits[0]?.teams;
          if (!teamsShown) return;
          setSelected([]);
          change({ teams: teamsShown, locks }, t(reroll ? "admin.teams.rerolled" : "admin.teams.made"));
        },
      },
    );
  };

  const swap = () => {
    if (!draft || selected.length !== 2) return;
    const [a, b] = selected as [string, string];
    const why = swapRefusal(draft, candidates, a, b);
    if (why) {
      setRefusal(why);
      return;
    }
    setSelected([]);
    change(swapPlayers(draft, a, b), t("admin.teams.swapped", { a: nameOf(a), b: nameOf(b) }));
  };

  // Kept together: a pair from the two selected, a pair let go, a guest let apart or back.
  const keepChanged = (next: Kept, words: string) => {
    setKept(next);
    setNotice(words);
    setRefusal("");
    teams.save.reset();
  };
  const keepSelected = () => {
    if (selected.length !== 2) return;
    const [a, b] = selected as [string, string];
    setSelected([]);
    keepChanged({ ...kept, together: [...kept.together, [a, b]] }, t("admin.teams.together.kept", { a: nameOf(a), b: nameOf(b) }));
  };

  const toggleSelected = (memberId: string) => {
    setRefusal("");
    setSelected((current) => (current.includes(memberId) ? current.filter((id) => id !== memberId) : [...current, memberId].slice(-2)));
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-5 pb-10">
      <div className="flex flex-col gap-1">
        <Link to={paths.checkIn(eventId)} className="w-fit py-1 text-sm font-semibold text-green-800 underline hover:text-green-900">
          {t("admin.teams.backToCheckIn")}
        </Link>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{t("admin.teams.make")}</h1>
        <p className="font-semibold text-slate-800 wrap-anywhere">{data.event.title}</p>
        <p className="text-sm text-slate-600">
          {formatLongDate(data.event.startsAt)}, <span className="whitespace-nowrap">{formatHours(data.event.startsAt, data.event.endsAt)}</span>
        </p>
      </div>

      {opening.state === "not_yet" && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">{t("admin.teams.opensAt", { time: formatTime(opening.opensAt) })}</p>
      )}
      {opening.state === "cancelled" && <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">{t("admin.teams.cancelled")}</p>}

      {opening.state === "open" && (
        <>
          <p className="text-slate-800">
            {data.poolSource === "checked_in"
              ? t("admin.teams.fromCheckedIn", { count: candidates.length })
              : t("admin.teams.fromConfirmed", { count: candidates.length })}
          </p>
          {possibleCounts.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-center text-slate-700">{t("admin.teams.notEnough")}</p>
          ) : (
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={countId} className="text-sm font-medium text-slate-700">
                  {t("admin.teams.count")}
                </label>
                <select
                  id={countId}
                  value={teamCount}
                  onChange={(event) => setTeamCount(Number(event.target.value))}
                  className="min-h-12 rounded-lg border border-slate-300 bg-white px-3 text-lg focus:outline-2 focus:outline-green-600"
                >
                  {possibleCounts.map((n) => (
                    <option key={n} value={n}>
                      {t("admin.teams.countOption", { count: n })}
                    </option>
                  ))}
                </select>
              </div>
              <Button className="min-h-12" disabled={teams.suggest.isPending} onClick={() => make(false)}>
                {teams.suggest.isPending ? t("admin.teams.making") : draft ? t("admin.teams.makeAgain") : t("admin.teams.make")}
              </Button>
              {draft && draft.teams.length === teamCount && (
                <Button variant="secondary" className="min-h-12" disabled={teams.suggest.isPending} onClick={() => make(true)}>
                  {t("admin.teams.reroll")}
                </Button>
              )}
            </div>
          )}
          <FormMessage kind="error">{teams.suggest.isError ? errorMessage(teams.suggest.error) : ""}</FormMessage>
        </>
      )}

      {/* What the last action did, for the screen reader that cannot see the cards change. */}
      <p role="status" aria-live="polite" className="text-sm font-medium text-green-900">
        {notice}
      </p>

      {draft && figures && opening.state !== "cancelled" && (
        <>
          <p className="font-semibold text-slate-900">{balanceText(figures.strengths)}</p>
          {gone.length > 0 ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
              <p>{t("admin.teams.noLongerMatch")}</p>
              <ul className="mt-1 list-disc pl-5">
                {gone.map((member) => (
                  <li key={member.memberId} className="wrap-anywhere">
                    {goneText(member)}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            teamsRefusal && <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">{t("admin.teams.refusal", { refusal: teamsRefusal })}</p>
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {draft.teams.map((team, index) => (
              <TeamCard
                key={index}
                name={shownTeamName(index, draft.teams.length)}
                players={team.flatMap((id) => candidates.find((candidate) => candidate.memberId === id) ?? [])}
                winChance={figures.winChances[index] ?? 0}
                locks={draft.locks}
                selected={selected}
                onToggleLock={(player: TeamsCandidate) =>
                  change(
                    toggleLock(draft, player.memberId),
                    player.memberId in draft.locks
                      ? t("admin.teams.unlocked", { name: memberLabel(player) })
                      : t("admin.teams.locked", { name: memberLabel(player), team: shownTeamName(index, draft.teams.length) }),
                  )
                }
                onToggleSelected={(player: TeamsCandidate) => toggleSelected(player.memberId)}
              />
            ))}
          </div>
          {opening.state === "open" && (
            <KeptTogetherPanel
              candidates={candidates}
              kept={kept}
              nameOf={nameOf}
              onGuestApart={(guest, apart) =>
                keepChanged(
                  { ...kept, guestsApart: apart ? [...kept.guestsApart, guest.memberId] : kept.guestsApart.filter((id) => id !== guest.memberId) },
                  t(apart ? "admin.teams.together.guestApart" : "admin.teams.together.guestBack", { guest: memberLabel(guest), host: guest.guestOf?.name ?? "" }),
                )
              }
              onRelease={(pair) =>
                keepChanged({ ...kept, together: kept.together.filter((other) => other !== pair) }, t("admin.teams.together.released", { a: nameOf(pair[0]!), b: nameOf(pair[1]!) }))
              }
            />
          )}
          <TeamsDetails teams={draft.teams} names={draft.teams.map((_, index) => shownTeamName(index, draft.teams.length))} strengths={figures.strengths} candidates={candidates} splits={splits} />
          {opening.state === "open" && (
            <div className="sticky bottom-0 flex flex-col gap-2 rounded-xl border border-slate-300 bg-white p-3 shadow-md">
              <p className="text-sm text-slate-700">{t(selected.length === 2 ? "admin.teams.twoSelected" : "admin.teams.selectTwo")}</p>
              <FormMessage kind="error">{refusal}</FormMessage>
              <FormMessage kind="error">{teams.save.isError ? errorMessage(teams.save.error) : ""}</FormMessage>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" className="min-h-12" disabled={selected.length !== 2} onClick={swap}>
                  {t("admin.teams.swap")}
                </Button>
                <Button variant="secondary" className="min-h-12" disabled={selected.length !== 2} onClick={keepSelected}>
                  {t("admin.teams.together.keep")}
                </Button>
                <Button
                  className="min-h-12"
                  disabled={teams.save.isPending || Boolean(teamsRefusal) || published}
                  onClick={() =>
                    teams.save.mutate(
                      { teams: draft.teams, locks: draft.locks, ...kept, publish: true },
                      { onSuccess: () => setNotice(t("admin.teams.publishedNotice")) },
                    )
                  }
                >
                  {teams.save.isPending ? t("admin.teams.publishing") : published ? t("admin.teams.published") : t("admin.teams.publish")}
                </Button>
              </div>
            </div>
          )}
        </>
      )}

      {data.saved?.publishedAt && data.canEnterResults && <ResultsForm sheet={data} mutation={teams.scores} />}
      {opening.state === "open" && candidates.length > 0 && <RatingsPanel candidates={candidates} mutation={teams.stars} />}
    </div>
  );
}

/**
 * How even the teams are, in people's words: the gap between the strongest and the weakest team as
 * a share of the strongest. Within 5% is balanced (a one-goal game, as the win chances show).
 */
function balanceText(strengths: readonly number[]): string {
  const strongest = Math.max(...strengths);
  const share = strongest > 0 ? (strongest - Math.min(...strengths)) / strongest : 0;
  const percent = wholePercent(Math.max(1, Math.ceil(share * 100)));
  return share <= 0.05 ? t("admin.teams.balanced", { percent }) : t("admin.teams.uneven", { percent });
}
