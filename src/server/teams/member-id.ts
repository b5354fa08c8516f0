import { sql } from "drizzle-orm";
import { teamMember } from "#server/db/schema.ts";

/**
 * The id a team_member row names: the registration's for a player, the guest's for a guest (exactly
 * one is set, migration 0019; docs/teams-and-ratings.md, "Guests"). The same ids as the pool's
 * candidates, and the order the rows are read in.
 */
export const memberIdOf = sql<string>`coalesce(${teamMember.registrationId}, ${teamMember.guestId})`;
