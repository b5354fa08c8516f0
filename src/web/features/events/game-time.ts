import { isKnownTimeZone } from "#shared/time-zone-name.ts";
import { renderedTimeZoneName } from "#web/lib/rendered-zone-name.ts";
import { currentLanguage } from "#web/i18n/i18n.ts";
import { serverRender } from "#web/lib/server-render.ts";
import { formatDate, viewerTimeZone } from "./format.ts";

// Apart from format.ts: the home screen never names a zone, and zone names are not part of its first
// paint (docs/testing-and-budgets.md, "Budgets").

/** Whether clocks in both zones show the same time at each of the instants. */
export function sameClockTime(instants: string[], zoneA: string, zoneB: string): boolean {
  if (zoneA === zoneB) return true;
  const wallClock = (iso: string, timeZone: string) =>
    formatDate(iso, { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
  return instants.every((iso) => wallClock(iso, zoneA) === wallClock(iso, zoneB));
}

/**
 * When a game is played, as its page shows it: the weekday with the date, and the hours, on the
 * clocks where it is played. When the viewer's clock shows another time, the hours name the game's
 * zone as people say it ("Eastern Time", as the game's mails do) and `yourTime` gives the same hours
 * on the viewer's clock, its zone named the same way.
 */
export function formatGameTime(
  game: { startsAt: string; endsAt: string; timeZone: string },
  viewerZone: string = viewerTimeZone(),
): { date: string; hours: string; yourTime: string | null } {
  // A zone this browser does not know (an older ICU) falls back to the viewer's clock rather than throwing.
  const gameZone = isKnownTimeZone(game.timeZone) ? game.timeZone : viewerZone;
  const date = formatDate(game.startsAt, { timeZone: gameZone, weekday: "long", month: "long", day: "numeric", year: "numeric" });
  const hoursIn = (timeZone: string) => {
    const time = (iso: string) => formatDate(iso, { timeZone, hour: "numeric", minute: "2-digit", hour12: true });
    return `${time(game.startsAt)} - ${time(game.endsAt)}`;
  };
  // Rendered on the server for a device it does not know yet, the viewer's clock is a guess: the zone is named.
  const guessed = serverRender()?.deviceGuessed === true;
  if (sameClockTime([game.startsAt, game.endsAt], gameZone, viewerZone)) {
    return { date, hours: guessed ? `${hoursIn(gameZone)} (${renderedTimeZoneName(gameZone, game.startsAt, currentLanguage())})` : hoursIn(gameZone), yourTime: null };
  }
  const yourDay = formatDate(game.startsAt, { timeZone: viewerZone, weekday: "short", month: "short", day: "numeric" });
  return {
    date,
    hours: `${hoursIn(gameZone)} (${renderedTimeZoneName(gameZone, game.startsAt, currentLanguage())})`,
    yourTime: `${yourDay}, ${hoursIn(viewerZone)} (${renderedTimeZoneName(viewerZone, game.startsAt, currentLanguage())})`,
  };
}

export { isKnownTimeZone };
