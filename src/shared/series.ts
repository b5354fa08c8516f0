import { z } from "zod";
import { ALL_FIELDS_REQUIRED, createEventSchemaFor, type CreateEventData, type EventSummary } from "./events.ts";
import { dayNumber } from "./series-schedule.ts";
import { REGULARS_LIMITS } from "./regulars-limits.ts";
import { isValidDate } from "./zoned-time.ts";
import { errorKey } from "./i18n/error-key.ts";

/** Bounds of a series, checked by the form and the server alike (docs/series.md). */
export const SERIES_LIMITS = { maxGames: 104, maxDays: 2 * 366, opensDaysMin: 1, opensDaysMax: 28, opensDaysDefault: 6 } as const;

export const END_DATE_REQUIRED = errorKey("shared.series.endDateRequired");
export const END_DATE_BEFORE_FIRST = errorKey("shared.series.endDateBeforeFirst");
export const END_DATE_TOO_FAR = errorKey("shared.series.endDateTooFar", { days: SERIES_LIMITS.maxDays });
export const GAME_COUNT_RANGE = errorKey("shared.series.gameCountRange", { max: SERIES_LIMITS.maxGames });
export const OPENS_DAYS_RANGE = errorKey("shared.series.opensDaysRange", { min: SERIES_LIMITS.opensDaysMin, max: SERIES_LIMITS.opensDaysMax });
export const EDIT_SCOPE_REQUIRED = errorKey("shared.series.editScopeRequired");

export { REGULARS_LIMITS } from "./regulars-limits.ts";

export const REGULARS_WINDOW_RANGE = errorKey("shared.series.regularsWindowRange", { min: REGULARS_LIMITS.windowHoursMin, max: REGULARS_LIMITS.windowHoursMax });
export const REGULARS_OF_LAST_RANGE = errorKey("shared.series.regularsOfLastRange", { max: REGULARS_LIMITS.ofLastMax });
export const REGULARS_MIN_GAMES_RANGE = errorKey("shared.series.regularsMinGamesRange");
export const REGULARS_SHARE_RANGE = errorKey("shared.series.regularsShareRange", { min: REGULARS_LIMITS.maxPercentMin, max: REGULARS_LIMITS.maxPercentMax });

const wholeFromText = (value: unknown): number => {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return Number(value);
  return Number.NaN;
};

const inRange = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const number = wholeFromText(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return number;
  });

/** The regulars' priority window, as stored on the series (null on a series without one). */
export interface RegularsRule {
  windowMinutes: number;
  minGames: number;
  ofLast: number;
  maxPercent: number;
}

/** A regulars' rule as the forms send it (numbers may come as the form's text), as stored. */
export const regularsRuleSchema = z
  .object(
    {
      windowHours: inRange(REGULARS_LIMITS.windowHoursMin, REGULARS_LIMITS.windowHoursMax, REGULARS_WINDOW_RANGE),
      minGames: inRange(1, REGULARS_LIMITS.ofLastMax, REGULARS_MIN_GAMES_RANGE),
      ofLast: inRange(1, REGULARS_LIMITS.ofLastMax, REGULARS_OF_LAST_RANGE),
      maxPercent: inRange(REGULARS_LIMITS.maxPercentMin, REGULARS_LIMITS.maxPercentMax, REGULARS_SHARE_RANGE),
    },
    { error: ALL_FIELDS_REQUIRED },
  )
  .superRefine((rule, ctx) => {
    if (rule.minGames > rule.ofLast) ctx.addIssue({ code: "custom", message: REGULARS_MIN_GAMES_RANGE, path: ["minGames"] });
  })
  .transform((rule): RegularsRule => ({ windowMinutes: rule.windowHours * 60, minGames: rule.minGames, ofLast: rule.ofLast, maxPercent: rule.maxPercent }));

/** `repeat.regulars`: absent or null for no window. */
export const regularsSchema = regularsRuleSchema.nullish();

export type RegularsInput = z.input<typeof regularsSchema>;

/**
 * PUT /api/admin/series/:id/regulars: the series' new rule, or null to turn it off. `regulars` must be
 * sent (a body without it is not read as "off"); its fields are checked as on the create form.
 */
export const seriesRegularsSchema = z.object({ regulars: regularsRuleSchema.nullable() }, { error: ALL_FIELDS_REQUIRED });

export type SeriesRegularsInput = z.input<typeof seriesRegularsSchema>;

const opensDaysBefore = inRange(SERIES_LIMITS.opensDaysMin, SERIES_LIMITS.opensDaysMax, OPENS_DAYS_RANGE);

/** How a series repeats: weekly on the first game's weekday, until a date or for a number of games. */
const repeatSchema = z.discriminatedUnion(
  "ends",
  [
    z.object({ ends: z.literal("on_date"), endDate: z.string({ error: END_DATE_REQUIRED }).trim().min(1, END_DATE_REQUIRED), opensDaysBefore, regulars: regularsSchema }),
    z.object({ ends: z.literal("after_games"), gameCount: inRange(1, SERIES_LIMITS.maxGames, GAME_COUNT_RANGE), opensDaysBefore, regulars: regularsSchema }),
  ],
  { error: ALL_FIELDS_REQUIRED },
);

export type RepeatInput = z.input<typeof repeatSchema>;

export interface SeriesRepeat {
  endDate: string | null;
  gameCount: number | null;
  opensBeforeMinutes: number;
  regulars: RegularsRule | null;
}

/**
 * Runs the game form's schema on the body and `extra` on one of its keys, reporting the issues of
 * both at once (with the key's path), as one 400 with every field's message.
 */
function withPart<T>(currency: string, key: string, extra: z.ZodType<T>) {
  const game = createEventSchemaFor(currency);
  return z.unknown().transform((body, ctx) => {
    const gameResult = game.safeParse(body);
    const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const extraResult = extra.safeParse(record[key]);
    for (const issue of gameResult.error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    for (const issue of extraResult.error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
    if (!gameResult.success || !extraResult.success) return z.NEVER;
    return { game: gameResult.data, part: extraResult.data };
  });
}

/**
 * POST /api/series: the Create New Event form with "Repeat weekly" ticked. Its date and time are the
 * first game's; the games fall on that weekday at that time in its zone.
 */
export function createSeriesSchemaFor(currency: string) {
  return withPart(currency, "repeat", repeatSchema).transform((parsed, ctx): { game: CreateEventData; repeat: SeriesRepeat } => {
    const { game, part } = parsed;
    const opensBeforeMinutes = part.opensDaysBefore * 24 * 60;
    const regulars = part.regulars ?? null;
    if (part.ends === "after_games") return { game, repeat: { endDate: null, gameCount: part.gameCount, opensBeforeMinutes, regulars } };
    const problem = endDateProblem(game.date, part.endDate);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem, path: ["repeat", "endDate"] });
      return z.NEVER;
    }
    return { game, repeat: { endDate: part.endDate, gameCount: null, opensBeforeMinutes, regulars } };
  });
}

export function endDateProblem(firstDate: string, endDate: string): string | null {
  if (!isValidDate(endDate)) return errorKey("shared.event.validDate");
  if (!isValidDate(firstDate)) return null;
  if (endDate < firstDate) return END_DATE_BEFORE_FIRST;
  if (dayNumber(endDate) - dayNumber(firstDate) > SERIES_LIMITS.maxDays) return END_DATE_TOO_FAR;
  return null;
}

export type CreateSeriesInput = z.input<ReturnType<typeof createSeriesSchemaFor>>;

export type EditScope = "this" | "following";

/** PATCH /api/series/:id/games/:eventId: the game's edit form and whether the following games change too. */
export function editSeriesGameSchemaFor(currency: string) {
  return withPart(currency, "scope", z.enum(["this", "following"], { error: EDIT_SCOPE_REQUIRED })).transform(({ game, part }) => ({ game, scope: part as EditScope }));
}

export type SeriesStatus = "active" | "ended";

/** A series as its page shows it. */
export interface SeriesView {
  id: string;
  title: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** "HH:mm" on the series' clock. */
  localTime: string;
  timeZone: string;
  firstDate: string;
  endDate: string | null;
  gameCount: number | null;
  /** The last day a game falls on (from the end date or the number of games). */
  lastDate: string;
  opensBeforeMinutes: number;
  /** Regulars first: null when everyone may join from the opening. */
  regulars: RegularsRule | null;
  durationMinutes: number;
  locationName: string;
  costCents: number;
  maxPlayers: number;
  includeGoalkeepers: boolean;
  goalkeeperCostCents: number;
  maxGoalkeepers: number;
  /** +1 guests per player its games take (docs/guests.md). */
  maxGuestsPerPlayer: number;
  status: SeriesStatus;
  endedAt: string | null;
}

/** GET /api/series/:id and POST /api/series: the series and its games so far, soonest first. */
export interface SeriesDetailResponse {
  series: SeriesView;
  games: EventSummary[];
  /** With regulars first: who the regulars are now, by name, for the organiser (absent without the rule). */
  regulars?: { name: string }[];
}

/** GET /api/series: every series, newest first. */
export interface SeriesListResponse {
  series: SeriesView[];
}

/** A game of the following ones whose edit was refused (it keeps its details), with why. */
export interface RefusedSeriesEdit {
  eventId: string;
  startsAt: string;
  message: string;
}

/** PATCH /api/series/:id/games/:eventId */
export interface EditSeriesGamesResponse {
  /** Games whose details changed. */
  edited: number;
  /** People mailed about a change, over every game. */
  notified: number;
  refused: RefusedSeriesEdit[];
}

/** PUT /api/admin/series/:id/regulars: the series with its new rule, and how many of its games not open yet changed. */
export interface EditSeriesRegularsResponse {
  series: SeriesView;
  games: number;
}

/** POST /api/series/:id/end: the future games cancelled (each with full refunds). */
export interface EndSeriesResponse {
  series: SeriesView;
  cancelled: number;
}
