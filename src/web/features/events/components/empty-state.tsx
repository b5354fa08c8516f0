import type { ReactNode } from "react";
import { Link } from "react-router";
import { t } from "#web/i18n/i18n.ts";
import { ButtonLink } from "#web/components/form.tsx";

export function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-slate-800">{title}</p>
      <p className="mt-1 text-slate-600">{text}</p>
      {children && <div className="mt-5 flex justify-center">{children}</div>}
    </div>
  );
}


/**
 * The organiser's empty home (issue 32): not the players' "check back later", which says nothing to
 * the one person who can fill the list, but the two ways to make a first game (one game, or a weekly
 * series: the same form with "Repeat weekly" ticked) and what to do once it exists (share its link).
 * The form's route and the server check the role again.
 */
export function OrganiserEmptyHome({ createGame, createSeries }: { createGame: string; createSeries: string }) {
  return (
    <EmptyState title={t("home.empty.organiserTitle")} text={t("home.empty.organiserText")}>
      <div className="flex flex-col items-center gap-4">
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={createGame}>{t("home.empty.createGame")}</ButtonLink>
          <Link
            to={createSeries}
            className="inline-flex min-h-11 items-center rounded-lg border border-green-800 bg-white px-4 font-semibold text-green-900 hover:bg-green-50 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
          >
            {t("home.empty.createSeries")}
          </Link>
        </div>
        <p className="max-w-md text-sm text-slate-600">{t("home.empty.share")}</p>
      </div>
    </EmptyState>
  );
}
