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

/**
 * On a page the server rendered, a section's cards are hydrated a few at a time, each few in a task of
 * its own (lib/hydrate-later.tsx): a dozen cards in one turn were a 27 ms task on this machine, over
 * 100 ms as Lighthouse counts a phone's. Three cards are a fifth of a phone's long task.
 */
const CARDS_PER_TURN = 3;

function TimelineSection({ group, now, currency, mine, regularOf }: { group: TimelineGroup<EventSummary>; now: Date; currency: string; mine: MineByEvent; regularOf: RegularOf }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 flex items-center gap-3 text-xl font-bold text-slate-800">
        {timelineLabel(group.key)}
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {/* Each few cards in a box that takes no room (display: contents): they stay the grid's items. */}
        {inTurns(group.events).map((cards, turn) => (
          <HydrateLater key={turn} as="div" className="contents">
            {cards.map((event) => (
              <EventCard key={event.id} event={event} now={now} currency={currency} mine={mine?.get(event.id)} regular={regularOf?.has(event.id) ?? false} />
            ))}
          </HydrateLater>
        ))}
      </div>
    </section>
  );
}

function inTurns<T>(items: readonly T[]): T[][] {
  const turns: T[][] = [];
  for (let start = 0; start < items.length; start += CARDS_PER_TURN) turns.push(items.slice(start, start + CARDS_PER_TURN));
  return turns;
}
