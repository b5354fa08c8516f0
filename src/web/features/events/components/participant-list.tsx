import type { Participant } from "#shared/events.ts";
import type { GuestView } from "#shared/guests.ts";
import { t } from "#web/i18n/i18n.ts";
import { guestOfLabel } from "#web/features/registrations/guests.ts";

/** A spot held: by a player, or by a guest they brought (shown right after them; src/shared/guests.ts). */
type SpotHolder = { kind: "player"; participant: Participant } | { kind: "guest"; guest: GuestView; host: Participant };

function holders(participants: readonly Participant[]): SpotHolder[] {
  return participants.flatMap((participant): SpotHolder[] => [
    { kind: "player", participant },
    ...(participant.guests ?? []).map((guest): SpotHolder => ({ kind: "guest", guest, host: participant })),
  ]);
}

/**
 * One row per spot: the person's name, a guest as "Sam (guest of Pia Pitch)" right after the player
 * who brought them, or 'Spot N - Open' (with the given prefix).
 */
export function SpotList({ participants, spots, openLabel, currentUserId }: { participants: Participant[]; spots: number; openLabel: (n: number) => string; currentUserId?: string }) {
  const held = holders(participants);
  const rows = Math.max(spots, held.length);
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {Array.from({ length: rows }, (_, index) => {
        const holder = held[index];
        // A guest's id and a user's id never meet: keys stay unique across both.
        const key = !holder ? `open-${index}` : holder.kind === "player" ? holder.participant.userId : `guest-${holder.guest.id}`;
        return (
          <li key={key} className="flex items-center gap-3 px-4 py-2.5">
            <span
              aria-hidden="true"
              className={`place-number ${
                !holder ? "bg-slate-100 text-slate-600" : holder.kind === "guest" ? "bg-green-100 text-green-900" : "bg-green-700 text-white"
              }`}
            >
              {index + 1}
            </span>
            {!holder ? (
              <span className="text-slate-600">{openLabel(index + 1)}</span>
            ) : holder.kind === "player" ? (
              <Name participant={holder.participant} currentUserId={currentUserId} />
            ) : (
              <GuestName guest={holder.guest} host={holder.host} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A waitlist in the order it is served, or its empty text. A party is one place, its guests under the player. */
export function WaitList({ participants, emptyText, currentUserId }: { participants: Participant[]; emptyText: string; currentUserId?: string }) {
  if (participants.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-slate-500">{emptyText}</p>;
  return (
    <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {participants.map((participant, index) => (
        <li key={participant.userId} className="flex items-start gap-3 px-4 py-2.5">
          <span aria-hidden="true" className="place-number bg-amber-100 text-amber-800">
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-col gap-0.5 self-center">
            <Name participant={participant} currentUserId={currentUserId} />
            {participant.guests && participant.guests.length > 0 && (
              <ul className="flex flex-col gap-0.5">
                {participant.guests.map((guest) => (
                  <li key={guest.id}>
                    <GuestName guest={guest} host={participant} />
                  </li>
                ))}
              </ul>
            )}
          </div>
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

function GuestName({ guest, host }: { guest: GuestView; host: Participant }) {
  return <span className="min-w-0 text-slate-800 wrap-anywhere">{guestOfLabel(guest, host)}</span>;
}
