import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { MAX_GOALS, MAX_SCORES, type TeamsScore, type TeamsSheet } from "#shared/teams.ts";
import { Button, FormMessage } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { shownTeamName } from "./team-name.ts";

interface Row {
  teams: [number, number];
  goals: [string, string];
}

const blank = (): Row => ({ teams: [0, 1], goals: ["", ""] });
const fromScore = (score: TeamsScore): Row => ({ teams: score.teams, goals: [String(score.goals[0]), String(score.goals[1])] });
const isGoals = (value: string) => /^\d{1,2}$/.test(value.trim()) && Number(value) <= MAX_GOALS;

/**
 * The result, after kick-off: one score, or several short games' scores. Saving replaces what was
 * entered before; the server replays the ratings from the whole history.
 */
export function ResultsForm({ sheet, mutation }: { sheet: TeamsSheet; mutation: UseMutationResult<TeamsSheet, Error, TeamsScore[]> }) {
  const headingId = useId();
  const formId = useId();
  const teamCount = sheet.saved?.teams.length ?? 2;
  const [rows, setRows] = useState<Row[]>(() => (sheet.scores.length ? sheet.scores.map(fromScore) : [blank()]));
  const [problem, setProblem] = useState("");
  const [saved, setSaved] = useState("");
  const update = (at: number, next: Row) => {
    setRows((current) => current.map((row, i) => (i === at ? next : row)));
    setSaved("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved("");
    if (rows.some((row) => !isGoals(row.goals[0]) || !isGoals(row.goals[1]))) {
      setProblem(t("admin.results.goalsRange", { max: MAX_GOALS }));
      return;
    }
    if (rows.some((row) => row.teams[0] === row.teams[1])) {
      setProblem(t("admin.results.sameTeams"));
      return;
    }
    setProblem("");
    mutation.mutate(
      rows.map((row) => ({ teams: row.teams, goals: [Number(row.goals[0]), Number(row.goals[1])] })),
      { onSuccess: () => setSaved(t("admin.results.saved")) },
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-slate-50 p-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {t("admin.results.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("admin.results.intro")}</p>
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        {rows.map((row, at) => (
          <fieldset key={at} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{rows.length > 1 ? t("admin.results.game", { number: at + 1 }) : t("admin.results.score")}</legend>
            <div className="flex flex-wrap items-end gap-3">
              {[0, 1].map((side) => (
                <Side
                  key={side}
                  side={side}
                  row={row}
                  teamCount={teamCount}
                  onTeam={(team) => update(at, { ...row, teams: (side === 0 ? [team, row.teams[1]] : [row.teams[0], team]) as [number, number] })}
                  onGoals={(goals) => update(at, { ...row, goals: (side === 0 ? [goals, row.goals[1]] : [row.goals[0], goals]) as [string, string] })}
                />
              ))}
              {rows.length > 1 && (
                <Button variant="secondary" className="min-h-11" onClick={() => setRows((current) => current.filter((_, i) => i !== at))}>
                  {t("admin.results.remove", { number: at + 1 })}
                </Button>
              )}
            </div>
          </fieldset>
        ))}
      </form>
      <FormMessage kind="error">{problem || (mutation.isError ? errorMessage(mutation.error) : "")}</FormMessage>
      <FormMessage kind="success">{saved}</FormMessage>
      <div className="flex flex-wrap gap-2">
        {rows.length < MAX_SCORES && (
          <Button variant="secondary" className="min-h-12" onClick={() => setRows((current) => [...current, blank()])}>
            {t("admin.results.add")}
          </Button>
        )}
        <Button type="submit" form={formId} className="min-h-12" disabled={mutation.isPending}>
          {mutation.isPending ? t("admin.results.saving") : t("admin.results.save")}
        </Button>
      </div>
    </section>
  );
}

function Side({ side, row, teamCount, onTeam, onGoals }: { side: number; row: Row; teamCount: number; onTeam: (team: number) => void; onGoals: (goals: string) => void }) {
  const goalsId = useId();
  const teamId = useId();
  const team = row.teams[side]!;
  return (
    <div className="flex items-end gap-2">
      {teamCount > 2 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={teamId} className="text-xs font-medium text-slate-700">
            {t(side === 0 ? "admin.results.team" : "admin.results.against")}
          </label>
          <select id={teamId} value={team} onChange={(event) => onTeam(Number(event.target.value))} className="min-h-11 rounded-md border border-slate-300 bg-white px-2">
            {Array.from({ length: teamCount }, (_, index) => (
              <option key={index} value={index}>
                {shownTeamName(index, teamCount)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={goalsId} className="text-sm font-medium text-slate-800">
          {t("admin.results.goals", { team: shownTeamName(team, teamCount) })}
        </label>
        <input
          id={goalsId}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_GOALS}
          step={1}
          value={row.goals[side]}
          onChange={(event) => onGoals(event.target.value)}
          className="min-h-11 w-24 rounded-md border border-slate-300 bg-white px-3 text-lg focus:outline-2 focus:outline-green-600"
        />
      </div>
    </div>
  );
}
