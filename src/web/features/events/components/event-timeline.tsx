import { useId } from "react";
import type { EventSummary } from "#shared/events.ts";
import type { MyActiveRegistration } from "#shared/my-registrations.ts";
import type { TimelineGroup } from "#shared/timeline.ts";
import { useCurrency } from "#web/lib/config.ts";
import { timelineLabel } from "#web/features/events/timeline-label.ts";
import { HydrateLater } from "#web/lib/hydrate-later.tsx";
import { EventCard } from "./event-card.tsx";

type MineByEvent = ReadonlyMap<string, MyActiveRegistration[]> | undefined;
type RegularOf = ReadonlySet<string> | undefined;

/**
 * `mine`: the viewer's own registrations by game (their own request), for the cards' badges;
 * `regularOf`: the games whose regulars they are one of (the same request).
 */
export function EventTimeline({ groups, now, mine, regularOf }: { groups: TimelineGroup<EventSummary>[]; now: Date; mine?: MineByEvent; regularOf?: RegularOf }) {
  // Read once for the whole list rather than by each of its cards.
  const currency = useCurrency();
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group) => (
        <TimelineSection key={group.key} group={group} now={now} currency={currency} mine={mine} regularOf={regularOf} />
      ))}
    </div>
  );
}

function TimelineSection({ group, now, currency, mine, regularOf }: { group: TimelineGroup<EventSummary>; now: Date; currency: string; mine: MineByEvent; regularOf: RegularOf }) {
  const headingId = useId();
  // On a page the server rendered, each section is hydrated in a task of its own (lib/hydrate-later.tsx).
  return (
    <HydrateLater as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 flex items-center gap-3 text-xl font-bold text-slate-800">
        {timelineLabel(group.key)}
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {group.events.map((event) => (
          <EventCard key={event.id} event={event} now={now} currency={currency} mine={mine?.get(event.id)} regular={regularOf?.has(event.id) ?? false} />
        ))}
      </div>
    </HydrateLater>
  );
}
