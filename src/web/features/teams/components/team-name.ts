import { teamNameText } from "#shared/teams.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";

/**
 * A team's name as the screens show it: the players' words for the sides ("Bibs", "No bibs") are
 * the "shared" area's, chosen as the server names the teams (shared/teams.ts).
 */
export function shownTeamName(index: number, teamCount: number): string {
  return sharedMessage(teamNameText(index, teamCount));
}
