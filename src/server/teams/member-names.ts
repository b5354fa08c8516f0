import { displayName } from "#shared/account.ts";

/**
 * A player's name as the teams show it: first and last name, or "Deleted account" once the account
 * is gone (the web app words it). A guest's own name is `guestDisplayName` (shared/guests.ts).
 */
export function playerName(row: { firstName: string | null; lastName: string | null }): string {
  return row.firstName === null ? "Deleted account" : displayName(row.firstName, row.lastName ?? "");
}
