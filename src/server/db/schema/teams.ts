// Fair teams and ratings (docs/teams-and-ratings.md).
import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";
import { event } from "./games.ts";
import { registration, registrationGuest } from "./registrations.ts";

/**
 * The community a rating belongs to: today the one group the admins run. Every rating and team sheet
 * carries it, so that organisers with communities of their own need no change to these tables.
 */
export const DEFAULT_COMMUNITY = "default";

/** A game's teams, as the admin saved them; shown to the players once published. */
export const teamSheet = pgTable(
  "team_sheet",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => event.id, { onDelete: "cascade" }),
    community: text("community").notNull().default(DEFAULT_COMMUNITY),
    teamCount: integer("team_count").notNull(),
    /** Null: a draft only the admins see. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("team_sheet_community_idx").on(table.community),
    check("team_sheet_team_count", sql`${table.teamCount} between 2 and 4`),
  ],
);

/**
 * Who is in which team (0-based), and whether the admin locked them there. A member is a player (their
 * registration) or a +1 guest (their guest row), exactly one of the two (docs/teams-and-ratings.md,
 * "Guests"); each is in at most one team, as the primary key on the registration once made sure.
 */
export const teamMember = pgTable(
  "team_member",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id").references(() => registration.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id").references(() => registrationGuest.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => teamSheet.eventId, { onDelete: "cascade" }),
    team: integer("team").notNull(),
    locked: boolean("locked").notNull().default(false),
  },
  (table) => [
    index("team_member_event_idx").on(table.eventId),
    uniqueIndex("team_member_registration_idx").on(table.registrationId),
    uniqueIndex("team_member_guest_idx").on(table.guestId),
    check("team_member_team", sql`${table.team} between 0 and 3`),
    check("team_member_one_kind", sql`(${table.registrationId} is null) <> (${table.guestId} is null)`),
  ],
);

/**
 * A game's result: one row per short game, in the order entered. Entering the result again replaces
 * every row, and the ratings are replayed from the whole history (never applied twice).
 */
export const gameScore = pgTable(
  "game_score",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => teamSheet.eventId, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    teamA: integer("team_a").notNull(),
    teamB: integer("team_b").notNull(),
    goalsA: integer("goals_a").notNull(),
    goalsB: integer("goals_b").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.seq] }),
    check("game_score_goals", sql`${table.goalsA} between 0 and 99 and ${table.goalsB} between 0 and 99`),
    check("game_score_teams", sql`${table.teamA} <> ${table.teamB} and ${table.teamA} between 0 and 3 and ${table.teamB} between 0 and 3`),
  ],
);

/**
 * A player's rating in a community (Weng-Lin: mu, and sigma its uncertainty), admins' eyes only.
 * mu, sigma and games are derived: recomputed from the seed and every result (teams/recompute-ratings.ts);
 * stars are the organiser's rough rating, the seed of a new player's mu.
 */
export const playerRating = pgTable(
  "player_rating",
  {
    community: text("community").notNull().default(DEFAULT_COMMUNITY),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    stars: integer("stars"),
    mu: doublePrecision("mu").notNull(),
    sigma: doublePrecision("sigma").notNull(),
    games: integer("games").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (table) => [primaryKey({ columns: [table.community, table.userId] }), check("player_rating_stars", sql`${table.stars} is null or ${table.stars} between 1 and 5`)],
);
