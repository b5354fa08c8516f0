import type { EventDetail } from "#shared/events.ts";
import { isRegularsWindow } from "#shared/registration-opening.ts";
import { t } from "#web/i18n/i18n.ts";
import { openingTime } from "./opens-text.ts";

/**
 * Before a series game with regulars first opens, what THIS viewer is told (docs/series.md, "What
 * each person is told"): a regular that they may join now or from the window; anyone else from when
 * they may join, with the reason they are not a regular when they have played here (two no-shows in a
 * row said only when that is the reason), and how many spots are kept for regulars. Null otherwise.
 */
export function regularsStandingText(event: EventDetail, now: Date): { standing: string; kept: string } | null {
  const window = event.regularsWindow;
  const opensAt = event.registrationOpensAt;
  if (!window || opensAt === null || event.regularsOpenAt === null || event.status === "cancelled" || Date.parse(opensAt) <= now.getTime()) return null;
  const opening = openingTime(opensAt, event.timeZone);
  const inWindow = isRegularsWindow(event, now);
  const standing = window.viewerStanding ?? (window.viewerIsRegular ? { status: "regular" as const } : undefined);
  let text: string;
  if (standing?.status === "regular") {
    text = inWindow ? t("event.regulars.joinNow") : t("event.regulars.regularFrom", { when: openingTime(event.regularsOpenAt, event.timeZone) });
  } else if (standing?.status === "noShows") {
    text = t("event.regulars.noShows", { when: opening });
  } else if (standing?.status === "fewGames") {
    text = t("event.regulars.fewGames", { played: standing.played, ofLast: standing.ofLast, minGames: standing.minGames, when: opening });
  } else {
    text = t("event.regulars.newcomer", { when: opening });
  }
  const kept = event.includeGoalkeepers && window.maxGoalkeepers > 0
    ? t("event.regulars.keptWithGoalkeepers", { players: window.maxPlayers, maxPlayers: event.maxPlayers, goalkeepers: window.maxGoalkeepers, maxGoalkeepers: event.maxGoalkeepers })
    : t("event.regulars.kept", { players: window.maxPlayers, maxPlayers: event.maxPlayers });
  return { standing: text, kept };
}
