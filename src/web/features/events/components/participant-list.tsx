import type { Participant } from "../../../../shared/events.ts";
import { t } from "../../../i18n/i18n.ts";

/** One row per spot: the person's name, or 'Spot N - Open' (with the given prefix). */
export function SpotList({ participants, spots, openLabel, currentUserId }: { participants: Participant[]; spots: number; openLabel: (n: number) => string; currentUserId?: string }) {
  const rows = Math.max(spots, participants.length);
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {Array.from({ length: rows }, (_, index) => {
        const participant = participants[index];
        return (
          <li key={participant?.userId ?? `open-${index}`} className="flex items-center gap-3 px-4 py-2.5">
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${participant ? "bg-green-700 text-white" : "bg-slate-100 text-slate-600"}`}
            >
              {index + 1}
            </span>
            {participant ? <Name participant={participant} currentUserId={currentUserId} /> : <span className="text-slate-600">{openLabel(index + 1)}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** A waitlist in the order it is served, or its empty text. */
export function WaitList({ participants, emptyText, currentUserId }: { participants: Participant[]; emptyText: string; currentUserId?: string }) {
  if (participants.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-slate-500">{emptyText}</p>;
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {participants.map((participant, index) => (
        <li key={participant.userId} className="flex items-center gap-3 px-4 py-2.5">
          <span aria-hidden="true" className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-800">
            {index + 1}
          </span>
          <Name participant={participant} currentUserId={currentUserId} />
        </li>
      ))}
    </ol>
  );
}

function Name({ participant, currentUserId }: { participant: Participant; currentUserId?: string }) {
  return (
    <span className="min-w-0 font-medium text-slate-900 wrap-anywhere">
      {participant.name}
      {participant.userId === currentUserId && <span className="ml-1 text-sm font-normal text-green-800">{t("event.page.you")}</span>}
    </span>
  );
}
