import { memo, useId, useState } from "react";
import { DownArrow } from "#web/components/down-arrow.tsx";
import { Link } from "#web/components/link.tsx";
import { isFull } from "#shared/event-availability.ts";
import { cardWords } from "#web/features/events/card-availability.ts";
import type { EventSummary } from "#shared/events.ts";
import type { MyActiveRegistration } from "#shared/my-registrations.ts";
import { t } from "#web/i18n/i18n.ts";
import { paths } from "#web/lib/paths.ts";
import { formatDayBadge, formatDuration, formatGoalkeepers, formatHours, formatLongDate, formatPrice, isCompleted } from "#web/features/events/format.ts";
import { useIsNarrow } from "#web/features/events/hooks/use-is-narrow.ts";
import { PlayersProgress } from "./players-progress.tsx";

/**
 * One event of the timeline. On narrow screens (≤ 640px) the whole card is a link to the event and
 * starts collapsed; the Details button still opens it. Collapsed, it still shows when and where the
 * game is and its goalkeeper spots, a "Full" badge, and the viewer's own place (`mine`, from their
 * own request: the list itself is shared by every viewer). What the viewer can do (the status line and
 * the button, none while nothing can be done yet) comes from the one availability rule
 * (`cardWords`, docs/product-rules.md "What each viewer is told"); `regular` (their own request too)
 * says whether they are one of a series game's regulars.
 */
export const EventCard = memo(EventCardView);

/**
 * The card itself. Drawn again only when its props change (`memo`; the props are the list's own
 * objects, kept by the query cache while the answers are the same, and the screen's clock): home drew
 * every card again each time its list was asked for again or began to be (after a page the server
 * rendered, in the last tasks of its load), with nothing on them changed. What a card reads from the
 * app (the screen's width, who is signed in) still draws it again when it changes.
 */
function EventCardView({
  event,
  now,
  currency,
  mine = [],
  regular = false,
  signedIn = true,
}: {
  event: EventSummary;
  now: Date;
  currency: string;
  mine?: readonly MyActiveRegistration[];
  regular?: boolean;
  signedIn?: boolean;
}) {
  const narrow = useIsNarrow();
  // Follows the screen width until the person opens or closes the card.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const expanded = chosen ?? !narrow;
  const titleId = useId();
  const bodyId = useId();
  const href = paths.event(event.id);
  const badge = formatDayBadge(event.startsAt);
  const finished = event.status === "cancelled" || isCompleted(event, now.getTime());
  const words = cardWords(event, now, { signedIn, mine, regular });
  const yours = !finished && mine.length > 0;
  // A full game one is not in says it in its status line ("Full · join the waitlist (3 waiting)").
  const full = !finished && yours && isFull(event.playersCount, event.maxPlayers);
  // Game on (docs/game-on.md): played only with enough players, said on the card until it is decided.
  const gameOnTag = finished || !event.gameOn ? null : event.gameOn.state === "on" ? t("home.card.gameOn") : t("home.card.gameOnAt", { min: event.gameOn.minPlayers });
  // Without a button the title is the way to the game's page on every width.
  const titleLink = narrow || words.action === null;

  return (
    // `content-visibility: auto`: a card off screen skips its style and layout until it comes near
    // (its last size kept once drawn, 15rem before): on a phone most of home's cards are below the
    // fold, and the whole stylesheet's arrival restyled each (docs/server-rendering.md, "Cards off
    // screen"). Still read by screen readers and found by the browser's find; its dialogs are
    // native ones, in the top layer, so the containment this brings does not clip or place them.
    <article
      aria-labelledby={titleId}
      className="relative flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition [contain-intrinsic-size:auto_15rem] [content-visibility:auto] focus-within:ring-2 focus-within:ring-green-600 hover:shadow-md"
    >
      <div className="flex items-start gap-4 p-4">
        <div className="flex w-14 shrink-0 flex-col items-center rounded-lg bg-green-700 py-1.5 text-white">
          <span className="text-xs font-semibold uppercase tracking-wide">{badge.weekday}</span>
          <span className="text-2xl font-bold leading-tight">{badge.day}</span>
        </div>
        <div className="min-w-0 flex-1">
          {/* Two lines at most; the whole title stays in the page for screen readers, and in the tooltip. */}
          <h3 id={titleId} title={event.title} className="line-clamp-2 text-lg font-semibold leading-snug text-slate-900 card-title">
            {titleLink ? (
              // The title's link stretches over the card: the whole card is the link.
              <Link to={href} className={narrow ? "after:absolute after:inset-0 after:rounded-xl focus:outline-none" : "underline-offset-2 hover:underline focus:outline-2 focus:outline-green-700"}>
                {event.title}
              </Link>
            ) : (
              event.title
            )}
          </h3>
          <p className="font-semibold text-green-800">{formatPrice(event.costCents, currency)}</p>
          {/* Collapsed (a phone's first view), when and where still show; open, the details below say it. */}
          {!expanded && (
            <>
              <p className="text-sm text-slate-700">{formatHours(event.startsAt, event.endsAt)}</p>
              <p title={event.locationName} className="truncate text-sm text-slate-600">
                {event.locationName}
              </p>
            </>
          )}
          {event.status === "cancelled" && <p className="text-sm font-semibold text-red-700">{t("home.card.cancelled")}</p>}
          {(words.status || full || gameOnTag) && (
            <p className="mt-1 flex flex-wrap gap-1.5">
              {words.status && <Badge tone={words.tone}>{words.status}</Badge>}
              {full && <Badge tone="amber">{t("home.card.full")}</Badge>}
              {gameOnTag && <Badge tone={event.gameOn?.state === "on" ? "green" : "slate"}>{gameOnTag}</Badge>}
            </p>
          )}
        </div>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setChosen(!expanded)}
          className="relative z-10 flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-green-800 hover:bg-green-50 focus:outline-2 focus:outline-green-700"
        >
          {/* Under 360 px only the arrow shows (the name stays for screen readers): the title keeps the room to break between words. */}
          <span className="max-[359px]:sr-only">{t("home.term.details")}</span>
          <span aria-hidden="true" className={`transition-transform ${expanded ? "rotate-180" : ""}`}>
            <DownArrow />
          </span>
        </button>
      </div>

      {/* The details are drawn only while the card is open: collapsed (every card on a phone) they
          were a third of home's elements, sent, parsed and hydrated for nothing (issue 36). The
          box itself stays, so the button's aria-controls always names an element. */}
      <div id={bodyId} hidden={!expanded} className="px-4 pb-2">
        {expanded && <CardDetails event={event} currency={currency} />}
      </div>

      <div className="mt-auto flex items-end gap-4 px-4 pb-4 pt-2">
        <div className="min-w-0 flex-1">
          <PlayersProgress count={event.playersCount} max={event.maxPlayers} />
          {event.includeGoalkeepers && (
            <p className="text-sm text-slate-600">{t("home.card.goalkeepers", { count: event.goalkeepersCount, max: event.maxGoalkeepers })}</p>
          )}
        </div>
        {/* Never 'Register' on a game the viewer is already in; no button while nothing can be done yet. */}
        {words.action && (
          <Link
            to={href}
            className="relative z-10 shrink-0 rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-green-800 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
          >
            {words.action}
          </Link>
        )}
      </div>
    </article>
  );
}

function Badge({ tone, children }: { tone: "green" | "amber" | "slate"; children: string }) {
  const colors = tone === "green" ? "bg-green-100 text-green-900" : tone === "amber" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colors}`}>{children}</span>;
}

function CardDetails({ event, currency }: { event: EventSummary; currency: string }) {
  return (
    // A value goes under its term when the two do not fit side by side (320 px, larger text), so it
    // breaks between its words, never inside one.
    <dl className="flex flex-col gap-y-1 border-t border-slate-100 pt-3 text-sm">
      <Detail term={t("home.term.date")} value={formatLongDate(event.startsAt)} />
      <Detail term={t("home.term.hours")} value={formatHours(event.startsAt, event.endsAt)} />
      <Detail term={t("home.term.duration")} value={formatDuration(event.durationMinutes)} />
      <Detail term={t("home.term.location")} value={event.locationName} />
      {event.field && <Detail term={t("home.term.field")} value={event.field} />}
      <Detail term={t("home.term.maxPlayers")} value={String(event.maxPlayers)} />
      <Detail term={t("home.term.goalkeepers")} value={formatGoalkeepers(event, currency)} />
    </dl>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-4">
      <dt className="w-24 shrink-0 font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 flex-[1_1_10rem] text-slate-800 break-words">{value}</dd>
    </div>
  );
}
