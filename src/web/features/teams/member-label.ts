import type { TeamsGoneMember, TeamsHost } from "#shared/teams.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * How the admin's screen names someone in the teams: a player by name, a +1 guest as the event page
 * does, "Sam (guest of Pia Pitch)" (docs/teams-and-ratings.md, "Guests").
 */
export function memberLabel(member: { name: string; guestOf: TeamsHost | null }): string {
  return member.guestOf ? t("admin.team.guestOf", { guest: member.name, host: member.guestOf.name }) : member.name;
}

/** Why someone in the saved teams no longer plays, in a sentence that names them. */
export function goneText(member: TeamsGoneMember): string {
  const name = memberLabel(member);
  if (member.reason === "guest_removed") return t("admin.teams.gone.guestRemoved", { name });
  if (member.guestOf) return t(member.reason === "not_confirmed" ? "admin.teams.gone.partyGone" : "admin.teams.gone.hostNotCheckedIn", { name });
  return t(member.reason === "not_confirmed" ? "admin.teams.gone.notConfirmed" : "admin.teams.gone.notCheckedIn", { name });
}
