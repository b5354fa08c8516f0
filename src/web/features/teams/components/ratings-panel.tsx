import type { UseMutationResult } from "@tanstack/react-query";
import { useId } from "react";
import { MAX_STARS, MIN_STARS, type TeamsCandidate, type TeamsSheet } from "#shared/teams.ts";
import { FormMessage } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { messageAround } from "#web/i18n/message-around.ts";
import { errorMessage } from "#web/lib/api.ts";

const STAR_CHOICES = Array.from({ length: MAX_STARS - MIN_STARS + 1 }, (_, i) => MIN_STARS + i);

/**
 * The organiser's rough rating of each player (1 to 5 stars): where a new player's rating starts.
 * Admins only; folded away, as it is set once per player, not every week. Not for +1 guests: they
 * have no account and always play at the default rating (the server refuses stars for them too).
 */
export function RatingsPanel({ candidates, mutation }: { candidates: TeamsCandidate[]; mutation: UseMutationResult<TeamsSheet, Error, { registrationId: string; value: number | null }> }) {
  // Guests (no account) and deleted accounts are never rated: no stars to set for them. A player's
  // member id is their registration's, the id the stars route takes.
  const rated = candidates.filter((candidate) => candidate.rated && candidate.guestOf === null);
  return (
    <details className="rounded-xl border border-slate-300 bg-white p-4">
      <summary className="cursor-pointer text-lg font-bold text-slate-900">{t("admin.ratings.title")}</summary>
      <p className="mt-2 text-sm text-slate-700">{t("admin.ratings.intro")}</p>
      <FormMessage kind="error">{mutation.isError ? errorMessage(mutation.error) : ""}</FormMessage>
      <ul className="mt-3 flex flex-col gap-2">
        {rated.map((candidate) => (
          <StarsRow key={candidate.memberId} candidate={candidate} busy={mutation.isPending} onChange={(value) => mutation.mutate({ registrationId: candidate.memberId, value })} />
        ))}
      </ul>
    </details>
  );
}

function StarsRow({ candidate, busy, onChange }: { candidate: TeamsCandidate; busy: boolean; onChange: (value: number | null) => void }) {
  const id = useId();
  const [beforeName, afterName] = messageAround("admin.ratings.for", "name");
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <label htmlFor={id} className="min-w-0 text-slate-900 wrap-anywhere">
        <span className="sr-only">{beforeName}</span>
        {candidate.name}
        <span className="sr-only">{afterName}</span>
      </label>
      <select
        id={id}
        value={candidate.stars ?? ""}
        disabled={busy}
        onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2"
      >
        <option value="">{t("admin.ratings.notSet")}</option>
        {STAR_CHOICES.map((stars) => (
          <option key={stars} value={stars}>
            {t("admin.ratings.stars", { count: stars })}
          </option>
        ))}
      </select>
    </li>
  );
}
