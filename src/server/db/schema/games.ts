// Games: weekly series, the game row, and who was sent its new-game mail.
import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { user } from "./accounts.ts";

export const eventStatus = pgEnum("event_status", ["active", "cancelled"]);

export const seriesStatus = pgEnum("series_status", ["active", "ended"]);

/**
 * Where a game-on game stands (docs/game-on.md): `open` until its decision (joins place card holds);
 * `deciding` while the decision's captures or releases run (a restart resumes them); `on` once enough
 * players were captured; `called_off` when not enough came or the organiser called it off.
 */
export const gameOnState = pgEnum("game_on_state", ["open", "deciding", "on", "called_off"]);

/**
 * Game on (docs/game-on.md): the game is played only if at least `gameOnMinPlayers` players (guests
 * count) and `gameOnMinGoalkeepers` goalkeepers hold spots when it is decided, `gameOnDecideHours`
 * before kick-off. Null minimum: an ordinary game. Shared by the series' template and its games.
 */
const gameOnColumns = () => ({
  gameOnMinPlayers: integer("game_on_min_players"),
  gameOnMinGoalkeepers: integer("game_on_min_goalkeepers"),
  gameOnDecideHours: integer("game_on_decide_hours").notNull().default(24),
  /**
   * Split the pitch (docs/game-on.md): the pitch's total cost, shared by the players held at the
   * decision; `costCents` is then the most a player pays (what is held). Null: a set price.
   */
  pitchCostCents: integer("pitch_cost_cents"),
});

/**
 * A weekly series: the template its games are generated from, a fixed horizon ahead, each game an
 * ordinary `event` row with its own copy of every field (docs/series.md). The day and time are a wall
 * clock in `time_zone`, so a game at 19:00 stays at 19:00 across daylight-saving changes. It ends on
 * `end_date` or after `game_count` games (exactly one of them), or when an admin ends it.
 */
export const series = pgTable(
  "series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The first game's day ("yyyy-MM-dd" in the zone); every game falls 7 × n days later. */
    firstDate: date("first_date", { mode: "string" }).notNull(),
    /** ISO weekday of the games, 1 = Monday … 7 = Sunday (the first date's; dayOffset moves it). */
    weekday: integer("weekday").notNull(),
    /**
     * The games keyed on or after `offsetFrom` are played this many days from their key (-6 … 6): the
     * following games moved to another weekday (docs/series.md, "Moving the following games to another day").
     */
    dayOffset: integer("day_offset").notNull().default(0),
    offsetFrom: date("offset_from", { mode: "string" }),
    /** "HH:mm" on the zone's clock. */
    localTime: text("local_time").notNull(),
    timeZone: text("time_zone").notNull(),
    endDate: date("end_date", { mode: "string" }),
    gameCount: integer("game_count"),
    /** Each game opens for registration this long before its kick-off. */
    opensBeforeMinutes: integer("opens_before_minutes").notNull().default(6 * 24 * 60),
    /**
     * Regulars first (docs/series.md): regulars may join this long before the opening (null: no
     * window); a regular held a spot in at least regularsMinGames of the last regularsOfLast games;
     * at most regularsMaxPercent % of each role's spots go in the window.
     */
    regularsWindowMinutes: integer("regulars_window_minutes"),
    regularsMinGames: integer("regulars_min_games").notNull().default(3),
    regularsOfLast: integer("regulars_of_last").notNull().default(4),
    regularsMaxPercent: integer("regulars_max_percent").notNull().default(70),
    durationMinutes: integer("duration_minutes").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationName: text("location_name").notNull(),
    field: text("field"),
    notes: text("notes"),
    costCents: integer("cost_cents").notNull(),
    maxPlayers: integer("max_players").notNull(),
    includeGoalkeepers: boolean("include_goalkeepers").notNull().default(false),
    goalkeeperCostCents: integer("goalkeeper_cost_cents").notNull().default(0),
    maxGoalkeepers: integer("max_goalkeepers").notNull().default(2),
    /** +1 guests per player, copied to each game (docs/guests.md); 0: none. */
    maxGuestsPerPlayer: integer("max_guests_per_player").notNull().default(0),
    ...gameOnColumns(),
    status: seriesStatus("status").notNull().default("active"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    organizerId: text("organizer_id").references(() => user.id, { onDelete: "set null" }),
    organizerName: text("organizer_name"),
    organizerEmail: text("organizer_email"),
    ...timestamps,
  },
  (table) => [
    check("series_end_once", sql`(${table.endDate} is null) <> (${table.gameCount} is null)`),
    check("series_weekday", sql`${table.weekday} between 1 and 7`),
    check("series_day_offset", sql`${table.dayOffset} between -6 and 6 and (${table.dayOffset} = 0 or ${table.offsetFrom} is not null)`),
    check("series_game_count_positive", sql`${table.gameCount} is null or ${table.gameCount} >= 1`),
    check("series_opens_before_positive", sql`${table.opensBeforeMinutes} >= 0`),
    check("series_cost_nonnegative", sql`${table.costCents} >= 0 and ${table.goalkeeperCostCents} >= 0`),
    check("series_capacity_positive", sql`${table.maxPlayers} >= 1 and ${table.maxGoalkeepers} >= 0`),
    check("series_point_whole", sql`(${table.latitude} is null) = (${table.longitude} is null)`),
    check("series_regulars_window", sql`${table.regularsWindowMinutes} is null or ${table.regularsWindowMinutes} between 60 and 10080`),
    check("series_regulars_games", sql`1 <= ${table.regularsMinGames} and ${table.regularsMinGames} <= ${table.regularsOfLast} and ${table.regularsOfLast} <= 12`),
    check("series_regulars_percent", sql`${table.regularsMaxPercent} between 10 and 100`),
    check("series_guests_per_player", sql`${table.maxGuestsPerPlayer} between 0 and 5`),
    check("series_pitch_split", sql`${table.pitchCostCents} is null or (${table.gameOnMinPlayers} is not null and ${table.pitchCostCents} > 0 and ${table.costCents} > 0)`),
    check("series_game_on", sql`${table.gameOnDecideHours} between 2 and 168 and coalesce(${table.gameOnMinPlayers}, 1) >= 1 and coalesce(${table.gameOnMinGoalkeepers}, 0) >= 0`),
  ],
);

export const event = pgTable(
  "event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** IANA zone of the organiser's browser; dates in mails and previews are shown in it. */
    timeZone: text("time_zone").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /**
     * The venue's point; both null when the organiser typed only a name and address (no map then,
     * directions from the address; docs/decisions/012 and 021).
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationName: text("location_name").notNull().default("Unknown Location"),
    field: text("field"),
    /** The organiser's notes for the players (bibs, parking, level): plain text, line breaks kept. */
    notes: text("notes"),
    costCents: integer("cost_cents").notNull(),
    maxPlayers: integer("max_players").notNull(),
    includeGoalkeepers: boolean("include_goalkeepers").notNull().default(false),
    goalkeeperCostCents: integer("goalkeeper_cost_cents").notNull().default(0),
    maxGoalkeepers: integer("max_goalkeepers").notNull().default(2),
    /** How many guests each player may bring (docs/guests.md); 0: none. */
    maxGuestsPerPlayer: integer("max_guests_per_player").notNull().default(0),
    ...gameOnColumns(),
    /** Null for an ordinary game; see gameOnState. */
    gameOnState: gameOnState("game_on_state"),
    /** When the decision was taken (captured or released), or the game called off. */
    gameOnDecidedAt: timestamp("game_on_decided_at", { withTimezone: true }),
    /** The organiser's reason for calling the game off (a call-off, docs/game-on.md): in every mail and on the page. */
    cancelReason: text("cancel_reason"),
    status: eventStatus("status").notNull().default("active"),
    organizerId: text("organizer_id").references(() => user.id, { onDelete: "set null" }),
    organizerName: text("organizer_name"),
    organizerEmail: text("organizer_email"),
    /**
     * Bumped by every transaction that changes what the game's page or the lists show, in the same
     * transaction as its NOTIFY: live streams carry it as the message id (docs/live-updates.md).
     */
    version: integer("version").notNull().default(0),
    /** The series that generated this game, and the day it was generated for (its key in the series). */
    seriesId: uuid("series_id").references(() => series.id),
    occurrenceDate: date("occurrence_date", { mode: "string" }),
    /** Before this instant the game is shown but cannot be joined; null: open from its creation. */
    registrationOpensAt: timestamp("registration_opens_at", { withTimezone: true }),
    /** A series game with regulars first: its regulars may join from this instant (null: no window). */
    regularsOpenAt: timestamp("regulars_open_at", { withTimezone: true }),
    /**
     * A series game's "new game" mails, sent when it opens rather than when it is generated
     * (series/announce-openings.ts): to its regulars at the window's start, to everyone at the opening.
     */
    regularsAnnouncedAt: timestamp("regulars_announced_at", { withTimezone: true }),
    openingAnnouncedAt: timestamp("opening_announced_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // Generation inserts with ON CONFLICT DO NOTHING on this key: two runs or two workers make each game once.
    uniqueIndex("event_series_occurrence_idx").on(table.seriesId, table.occurrenceDate),
    check("event_series_occurrence_whole", sql`(${table.seriesId} is null) = (${table.occurrenceDate} is null)`),
    index("event_status_ends_at_idx").on(table.status, table.endsAt),
    index("event_ends_at_idx").on(table.endsAt),
    index("event_starts_at_idx").on(table.startsAt),
    check("event_cost_nonnegative", sql`${table.costCents} >= 0 and ${table.goalkeeperCostCents} >= 0`),
    check("event_capacity_positive", sql`${table.maxPlayers} >= 1 and ${table.maxGoalkeepers} >= 0`),
    check("event_ends_after_start", sql`${table.endsAt} >= ${table.startsAt}`),
    check("event_point_whole", sql`(${table.latitude} is null) = (${table.longitude} is null)`),
    check("event_guests_per_player", sql`${table.maxGuestsPerPlayer} between 0 and 5`),
    check("event_game_on", sql`${table.gameOnDecideHours} between 2 and 168 and coalesce(${table.gameOnMinPlayers}, 1) >= 1 and coalesce(${table.gameOnMinGoalkeepers}, 0) >= 0`),
    check("event_game_on_state", sql`(${table.gameOnMinPlayers} is null) = (${table.gameOnState} is null)`),
    check("event_pitch_split", sql`${table.pitchCostCents} is null or (${table.gameOnMinPlayers} is not null and ${table.pitchCostCents} > 0 and ${table.costCents} > 0)`),
  ],
);

/**
 * Who has been sent the "new game" mail of an event. Batches are recomputed when a job is retried,
 * so this ledger, not the batch, is what keeps anyone from getting the same announcement twice.
 */
export const newEventMailSent = pgTable(
  "new_event_mail_sent",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);

/**
 * "Tell me when it opens" (docs/series.md, "Regulars first"): someone who may not join a series game
 * yet asked for a mail at its opening. One row per person and game (asking twice changes nothing);
 * deleting it undoes the ask. The mail goes with the opening's "new game" mail, whose ledger
 * (new_event_mail_sent) makes it one mail per person, even for someone who turned new-game mails off.
 */
export const openingReminder = pgTable(
  "opening_reminder",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    askedAt: timestamp("asked_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);
