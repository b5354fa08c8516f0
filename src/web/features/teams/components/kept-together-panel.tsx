import { useId } from "react";
import type { TeamsCandidate } from "#shared/teams.ts";
import { t } from "#web/i18n/i18n.ts";
import type { Kept } from "#web/features/teams/draft.ts";
import { memberLabel } from "#web/features/teams/member-label.ts";

/**
 * Who plays together (docs/teams-and-ratings.md, "Kept together"): each +1 guest with the player who
 * brought them (a box the organiser unticks to let the guest play in another team), and the pairs
 * kept together from the two players selected, each with a button to let them play apart. The
 * next "Make teams" or "Re-roll" keeps them, and so does the server on every save.
 */
export function KeptTogetherPanel({
  candidates,
  kept,
  nameOf,
  onGuestApart,
  onRelease,
}: {
  candidates: readonly TeamsCandidate[];
  kept: Kept;
  nameOf: (id: string) => string;
  onGuestApart: (guest: TeamsCandidate, apart: boolean) => void;
  onRelease: (pair: string[]) => void;
}) {
  const headingId = useId();
  const hintId = useId();
  const guests = candidates.filter((candidate) => candidate.guestOf);
  return (
    <section aria-labelledby={headingId} aria-describedby={hintId} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {t("admin.teams.together.title")}
      </h2>
      <p id={hintId} className="text-sm text-slate-600">
        {t("admin.teams.together.hint")}
      </p>
      {guests.length > 0 && (
        <ul className="flex flex-col gap-1">
          {guests.map((guest) => (
            <li key={guest.memberId}>
              <label className="flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-green-700"
                  checked={!kept.guestsApart.includes(guest.memberId)}
                  onChange={(event) => onGuestApart(guest, !event.target.checked)}
                />
                <span className="min-w-0 card-title">{t("admin.teams.together.guestWith", { guest: memberLabel(guest), host: guest.guestOf!.name })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {kept.together.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-slate-800">{t("admin.teams.together.pairs")}</h3>
          <ul className="flex flex-col gap-1">
            {kept.together.map((pair) => (
              <li key={pair.join("+")} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-1">
                <span className="min-w-0 card-title">{t("admin.teams.together.pair", { a: nameOf(pair[0]!), b: nameOf(pair[1]!) })}</span>
                <button
                  type="button"
                  aria-label={t("admin.teams.together.unpairLabel", { a: nameOf(pair[0]!), b: nameOf(pair[1]!) })}
                  onClick={() => onRelease(pair)}
                  className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
                >
                  {t("admin.teams.together.unpair")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
