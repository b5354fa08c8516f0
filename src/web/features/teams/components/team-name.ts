import { teamName } from "#shared/teams.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";

/**
 * A team's name as the screens show it: the players' words for the sides ("Bibs", "No bibs") are
 * shared with the server, which names the teams the same way (shared/teams.ts).
 */
export function shownTeamName(index: number, teamCount: number): string {
  return sharedMessage(teamName(index, teamCount));
}
