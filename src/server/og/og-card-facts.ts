import type { EventSummary } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import { OG_TEXTS } from "./og-texts.ts";

/** Whether the picture's availability line reads as good news, a warning or a stop. */
export type OgTone = "open" | "full" | "closed";

/** What one game's picture says, in one language: every line already formatted. */
export interface OgCardFacts {
  title: string;
  /** "Sat, Dec 6, 7:00 PM" / "sam. 6 déc., 19 h 00", on the game's own clocks. */
  when: string;
  venue: string;
  price: string;
  availability: string;
  tone: OgTone;
  alt: string;
}

/** Whether the game has ended: its picture then says so instead of spots left (and gets a new URL). */
export function isOver(summary: Pick<EventSummary, "endsAt">, now: Date): boolean {
  return new Date(summary.endsAt).getTime() < now.getTime();
}

// Intl formatters cost far more to make than to use; one per locale, zone and currency.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The facts of a game's picture in `language`, prices in `currency` (CURRENCY). */
export function ogCardFacts(summary: EventSummary, options: { language: Language; currency: string; now: Date }): OgCardFacts {
  const texts = OG_TEXTS[options.language];
  const { locale } = texts;
  const when = cached(`d|${locale}|${summary.timeZone}`, () =>
    new Intl.DateTimeFormat(locale, { timeZone: summary.timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }),
  ).format(new Date(summary.startsAt));
  const money = cached(`m|${locale}|${options.currency}`, () =>
    new Intl.NumberFormat(locale, { style: "currency", currency: options.currency.toUpperCase(), currencyDisplay: "narrowSymbol" }),
  );
  const price = summary.costCents === 0 ? texts.free : money.format(summary.costCents / 100);
  const left = summary.maxPlayers - summary.playersCount;
  const [availability, tone]: [string, OgTone] =
    summary.status === "cancelled"
      ? [texts.cancelled, "closed"]
      : isOver(summary, options.now)
        ? [texts.completed, "closed"]
        : left <= 0
          ? [texts.full, "full"]
          : [texts.spotsLeft(left), "open"];
  const facts = { title: summary.title, when, venue: summary.locationName, price, availability };
  return { ...facts, tone, alt: texts.alt(facts) };
}
