import { useId } from "react";
import type { EventSummary } from "../../../../shared/events.ts";
import type { TimelineGroup } from "../../../../shared/timeline.ts";
import { useCurrency } from "../../../lib/config.ts";
import { EventCard } from "./event-card.tsx";

export function EventTimeline({ groups, now }: { groups: TimelineGroup<EventSummary>[]; now: Date }) {
  // Read once for the whole list rather than by each of its cards.
  const currency = useCurrency();
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group) => (
        <TimelineSection key={group.key} group={group} now={now} currency={currency} />
      ))}
    </div>
  );
}

function TimelineSection({ group, now, currency }: { group: TimelineGroup<EventSummary>; now: Date; currency: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 flex items-center gap-3 text-xl font-bold text-slate-800">
        {group.label}
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {group.events.map((event) => (
          <EventCard key={event.id} event={event} now={now} currency={currency} />
        ))}
      </div>
    </section>
  );
}
