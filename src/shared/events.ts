import { gameOnInputSchema, gameOnIssues, type GameOnView, PITCH_NEEDS_GAME_ON, PITCH_NEEDS_PRICE } from "./game-on.ts";
import { z } from "zod";
import { isChargeablePrice, minimumChargeCents, parseMoneyToCents } from "./money.ts";
import type { FailedAutoCharge } from "./my-registrations.ts";
import type { MyRegistration } from "./registrations.ts";
import { GUEST_LIMIT_MESSAGE, type GuestView, MAX_GUESTS_PER_PLAYER } from "./guests.ts";
import { hasControlCharacters, hasControlCharactersOrLineBreaks, notAllowedCharacters, type TextLabel } from "./text.ts";
import { errorKey } from "./i18n/error-key.ts";
import { CANCEL_MESSAGE_MAX, LATITUDE_RANGE, LONGITUDE_RANGE } from "./event-limits.ts";

export { CANCEL_MESSAGE_MAX, LATITUDE_RANGE, LONGITUDE_RANGE };

export const ALL_FIELDS_REQUIRED = errorKey("shared.event.allRequired");

/**
 * What the create form and the server say about a paid price below the minimum: a key of the
 * "shared" area with the amount, formatted in the reader's language when it is worded. Here, not in
 * money.ts, which the home page's entry loads: the keys' helpers stay out of its budget.
 */
export function minimumPriceMessage(currency: string): string {
  return errorKey("shared.event.minimumPrice", { amount: { cents: minimumChargeCents(currency), currency } });
}
export const DATE_IN_PAST = errorKey("shared.event.dateInPast");

const required = z.string().trim().min(1, ALL_FIELDS_REQUIRED);
const plainText = <T extends z.ZodType<string>>(schema: T, label: TextLabel) =>
  schema.refine((value) => !hasControlCharacters(value), notAllowedCharacters(label));
/** A one-line field (a title, a venue, a field's name): line breaks refused too. */
const oneLine = <T extends z.ZodType<string>>(schema: T, label: TextLabel) =>
  schema.refine((value) => !hasControlCharactersOrLineBreaks(value), notAllowedCharacters(label));
/** Digits only: Number() would also take "1e3", "0x10" or "1_0", which no one means by a count. */
const countFromText = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);
const wholeNumber = (min: number, message: string, max?: { value: number; message: string }) =>
  z.union([z.number(), z.string().trim().min(1, ALL_FIELDS_REQUIRED)]).transform((value, ctx) => {
    const number = typeof value === "number" ? value : countFromText(value);
    if (!Number.isInteger(number) || number < min) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (max && number > max.value) {
      ctx.addIssue({ code: "custom", message: max.message });
      return z.NEVER;
    }
    return number;
  });
/** A price in `currency`: free, or at least what the processor can charge (a lower one could never be paid). */
const money = (message: string, currency: string) =>
  z.string({ error: ALL_FIELDS_REQUIRED }).trim().min(1, ALL_FIELDS_REQUIRED).transform((value, ctx) => {
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (!isChargeablePrice(cents, currency)) {
      ctx.addIssue({ code: "custom", message: minimumPriceMessage(currency) });
      return z.NEVER;
    }
    return cents;
  });

/** Upper bounds of a game; beyond them the columns would overflow. Checked by the form and the server alike. */
export const EVENT_LIMITS = { maxPlayers: 1000, maxGoalkeepers: 100, durationMinutes: 24 * 60, notes: 1000 } as const;
export const NOTES_TOO_LONG = errorKey("shared.event.notesTooLong", { max: EVENT_LIMITS.notes });
export const POINT_INCOMPLETE = errorKey("shared.event.pointIncomplete");

// Built once per currency: the server checks every create request with it.
const schemas = new Map<string, ReturnType<typeof buildCreateEventSchema>>();

/**
 * The Create New Event form, as the browser sends it and as the server checks it (one truth), for
 * an app whose prices are in `currency` (CURRENCY). Date and time are the organiser's wall clock in
 * `timeZone`.
 */
export function createEventSchemaFor(currency: string) {
  const key = currency.toLowerCase();
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildCreateEventSchema(key);
    schemas.set(key, schema);
  }
  return schema;
}

function buildCreateEventSchema(currency: string) {
  return z
    .object({
      title: oneLine(required.max(120, errorKey("shared.event.titleTooLong")), "title"),
      date: required.regex(/^\d{4}-\d{2}-\d{2}$/, errorKey("shared.event.validDate")),
      time: required.regex(/^\d{2}:\d{2}$/, errorKey("shared.event.validTime")),
      timeZone: z.string().min(1).refine(isTimeZone, errorKey("shared.event.unknownTimeZone")),
      durationHours: wholeNumber(0, errorKey("shared.event.durationHours")),
      durationMinutes: wholeNumber(0, errorKey("shared.event.durationMinutes")).refine(
        (minutes) => minutes <= 59,
        errorKey("shared.event.durationMinutes"),
      ),
      location: z.object(
        {
          name: oneLine(z.string().trim().min(1, ALL_FIELDS_REQUIRED).max(300, errorKey("shared.event.venueTooLong")), "location"),
          // Any point on the globe: from the place search, or typed in by the organiser (no geocoder
          // needed); or none at all, a typed name and address being enough (docs/decisions/021).
          latitude: z.number().min(-90, LATITUDE_RANGE).max(90, LATITUDE_RANGE).nullable().optional().default(null),
          longitude: z.number().min(-180, LONGITUDE_RANGE).max(180, LONGITUDE_RANGE).nullable().optional().default(null),
        },
        { error: ALL_FIELDS_REQUIRED },
      ).refine((location) => (location.latitude === null) === (location.longitude === null), {
        message: POINT_INCOMPLETE,
        path: ["latitude"],
      }),
      field: oneLine(z.string().trim().max(120), "field").optional().default(""),
      notes: plainText(z.string().trim().max(EVENT_LIMITS.notes, NOTES_TOO_LONG), "notes").optional().default(""),
      cost: money(errorKey("shared.event.costFormat"), currency),
      maxPlayers: wholeNumber(1, errorKey("shared.event.maxPlayersMin"), {
        value: EVENT_LIMITS.maxPlayers,
        message: errorKey("shared.event.maxPlayersMax", { max: EVENT_LIMITS.maxPlayers }),
      }),
      includeGoalkeepers: z.boolean().default(false),
      /** Blank means free (docs/product-rules.md, "Events"). */
      goalkeeperCost: z.string().optional().default(""),
      maxGoalkeepers: z.union([z.number(), z.string()]).optional().default(2),
      /** +1 guests: how many each player may bring (0, the default, turns them off; docs/guests.md). */
      maxGuestsPerPlayer: wholeNumber(0, GUEST_LIMIT_MESSAGE, { value: MAX_GUESTS_PER_PLAYER, message: GUEST_LIMIT_MESSAGE }).optional().default(0),
      // Game on (docs/game-on.md): off unless a minimum of players is given.
      ...gameOnInputSchema.shape,
      /** Split the pitch: its total cost (blank: a set price); `cost` is then the most a player pays. */
      pitchCost: z.string().optional().default(""),
    })
    .transform((input, ctx) => {
      let goalkeeperCostCents = 0;
      let maxGoalkeepers = 2;
      if (input.includeGoalkeepers) {
        if (input.goalkeeperCost.trim() !== "") {
          const cents = parseMoneyToCents(input.goalkeeperCost);
          if (cents === null) {
            ctx.addIssue({ code: "custom", path: ["goalkeeperCost"], message: errorKey("shared.event.goalkeeperCostFormat") });
            return z.NEVER;
          }
          if (!isChargeablePrice(cents, currency)) {
            ctx.addIssue({ code: "custom", path: ["goalkeeperCost"], message: minimumPriceMessage(currency) });
            return z.NEVER;
          }
          goalkeeperCostCents = cents;
        }
        const rawMax = typeof input.maxGoalkeepers === "number" ? input.maxGoalkeepers : String(input.maxGoalkeepers).trim();
        // With goalkeepers included, max goalkeepers is required like the other fields
        // (docs/product-rules.md, "Validation").
        if (rawMax === "") {
          ctx.addIssue({ code: "custom", path: ["maxGoalkeepers"], message: ALL_FIELDS_REQUIRED });
          return z.NEVER;
        }
        const max = typeof rawMax === "number" ? rawMax : countFromText(rawMax);
        if (!Number.isInteger(max) || max < 1) {
          ctx.addIssue({ code: "custom", path: ["maxGoalkeepers"], message: errorKey("shared.event.maxGoalkeepersMin") });
          return z.NEVER;
        }
        if (max > EVENT_LIMITS.maxGoalkeepers) {
          ctx.addIssue({ code: "custom", path: ["maxGoalkeepers"], message: errorKey("shared.event.maxGoalkeepersMax", { max: EVENT_LIMITS.maxGoalkeepers }) });
          return z.NEVER;
        }
        maxGoalkeepers = max;
      }
      const durationTotal = input.durationHours * 60 + input.durationMinutes;
      if (durationTotal <= 0) {
        ctx.addIssue({ code: "custom", path: ["durationHours"], message: errorKey("shared.event.durationTooShort") });
        return z.NEVER;
      }
      if (durationTotal > EVENT_LIMITS.durationMinutes) {
        ctx.addIssue({ code: "custom", path: ["durationHours"], message: errorKey("shared.event.durationTooLong") });
        return z.NEVER;
      }
      const gameOn = { gameOnMinPlayers: input.gameOnMinPlayers, gameOnMinGoalkeepers: input.gameOnMinGoalkeepers, gameOnDecideHours: input.gameOnDecideHours };
      const gameOnProblems = gameOnIssues(gameOn, { maxPlayers: input.maxPlayers, includeGoalkeepers: input.includeGoalkeepers, maxGoalkeepers });
      for (const issue of gameOnProblems) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      if (gameOnProblems.length > 0) return z.NEVER;
      let pitchCostCents: number | null = null;
      if (input.pitchCost.trim() !== "") {
        const cents = parseMoneyToCents(input.pitchCost);
        if (cents === null || cents <= 0) {
          ctx.addIssue({ code: "custom", path: ["pitchCost"], message: errorKey("shared.event.costFormat") });
          return z.NEVER;
        }
        const problem = gameOn.gameOnMinPlayers === null ? PITCH_NEEDS_GAME_ON : input.cost === 0 ? PITCH_NEEDS_PRICE : null;
        if (problem) {
          ctx.addIssue({ code: "custom", path: ["pitchCost"], message: problem });
          return z.NEVER;
        }
        pitchCostCents = cents;
      }
      return {
        ...gameOn,
        pitchCostCents,
        title: input.title,
        date: input.date,
        time: input.time,
        timeZone: input.timeZone,
        durationMinutes: durationTotal,
        location: input.location,
        field: input.field || null,
        notes: input.notes || null,
        costCents: input.cost,
        maxPlayers: input.maxPlayers,
        includeGoalkeepers: input.includeGoalkeepers,
        goalkeeperCostCents,
        maxGoalkeepers,
        maxGuestsPerPlayer: input.maxGuestsPerPlayer,
      };
    });
}

export type CreateEventInput = z.input<ReturnType<typeof createEventSchemaFor>>;
export type CreateEventData = z.output<ReturnType<typeof createEventSchemaFor>>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type EventStatus = "active" | "cancelled";

/** One event as listed on the home screen and in Your Events (GET /api/events). Dates are ISO strings. */
export interface EventSummary {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  durationMinutes: number;
  locationName: string;
  /** Null when the venue was typed in by name and address only: no map, directions from the address. */
  latitude: number | null;
  longitude: number | null;
  field: string | null;
  costCents: number;
  maxPlayers: number;
  includeGoalkeepers: boolean;
  goalkeeperCostCents: number;
  maxGoalkeepers: number;
  /** How many guests each player may bring (0: none; docs/guests.md). */
  maxGuestsPerPlayer: number;
  status: EventStatus;
  /** The weekly series that generated this game, if any (docs/series.md). */
  seriesId: string | null;
  /** Before this instant the game is shown but cannot be joined; null: open since it was created. */
  registrationOpensAt: string | null;
  /**
   * A series game with regulars first: from this instant until `registrationOpensAt` only its regulars
   * may join (docs/series.md, "Regulars first"); null when everyone may join from the opening.
   */
  regularsOpenAt: string | null;
  /** Spots held by players (confirmed, or being paid for), their guests included. */
  playersCount: number;
  goalkeepersCount: number;
  /** Parties waiting for a player spot (a party waits as one), for "Full · join the waitlist (3 waiting)". */
  playersWaiting: number;
  /** A game-on game: played only with enough players, decided before kick-off (docs/game-on.md); null otherwise. */
  gameOn: GameOnView | null;
  /** Why the organiser called the game off (a cancelled game), in their words; null when none was given. */
  cancelReason: string | null;
}

export interface Participant {
  userId: string;
  /** Display name only: other users' emails are never sent. */
  name: string;
  /** A held spot whose payment is still running (pending_payment or promoting). */
  pending?: boolean;
  /**
   * The guests this player brought, in the order given: they hold spots (or wait) with the player and
   * are shown right after them as "Sam (guest of Pia Pitch)" (docs/guests.md). Absent: none.
   */
  guests?: GuestView[];
}

/** A disputed payment, as admins see it. */
export interface DisputeView {
  id: string;
  name: string;
  amountCents: number;
  reason: string;
  status: string;
}

/**
 * A refund that failed after every retry: shown to admins on the event page
 * (docs/registrations-and-payments.md, "Refunds").
 */
export interface RefundIssue {
  paymentId: string;
  name: string;
  amountCents: number;
  error: string | null;
}

/**
 * Where the viewer stands with a series' regulars, so each is told their own (docs/series.md, "What
 * each person is told"): a regular; never played in the series; played, but too few of the last
 * games; or enough games but a no-show in both of their last two.
 */
export type RegularStanding =
  | { status: "regular" }
  | { status: "newcomer" }
  | { status: "noShows" }
  | { status: "fewGames"; played: number; minGames: number; ofLast: number };

/** The regulars' window of a game as its page shows it (EventDetail.regularsWindow). */
export interface RegularsWindow {
  maxPlayers: number;
  maxGoalkeepers: number;
  viewerIsRegular: boolean;
  /** The signed-in viewer's standing, read for them alone (absent for someone signed out). */
  viewerStanding?: RegularStanding;
}

/** GET /api/events/:id — the event with the lists derived from its registrations. */
export interface EventDetail extends EventSummary {
  /**
   * Counts the changes of the game's page (joins, cancels, promotions, edits...): the live stream
   * sends it as each message's id, and the newer of two answers is the one with the higher version.
   */
  version: number;
  /** The organiser's notes for the players (plain text, line breaks kept). */
  notes: string | null;
  organizer: { name: string; email: string } | null;
  players: Participant[];
  goalkeepers: Participant[];
  playerWaitList: Participant[];
  goalkeeperWaitList: Participant[];
  /** userIds of people who were refunded for this event. */
  refundedUsers: string[];
  /** The viewer's own registrations for this event that are active or refunded. */
  mine: MyRegistration[];
  /**
   * A game with regulars first, until everyone may join: the most spots of each role that may be held
   * in the window (`regularsOpenAt` ≤ now < `registrationOpensAt`), and whether the viewer is one of
   * the regulars. Sent before the window starts as well, so a page left open offers the join when the
   * clock reaches it; absent on a game without a window, and once everyone may join.
   */
  regularsWindow?: RegularsWindow;
  /** The viewer asked for a mail when the game opens ("Tell me when it opens"; docs/series.md). */
  openingReminder?: boolean;
  /**
   * A full game the viewer is on none of the lists of: whether they asked to be pushed when a spot
   * frees ("Tell me if a spot opens"; docs/notifications.md). Absent otherwise.
   */
  spotWatch?: boolean;
  /** The viewer's waitlist place lost to a failed automatic charge, while nothing newer replaced it. */
  failedAutoCharge?: FailedAutoCharge;
  /** Admins only: refunds that failed after every retry. */
  refundIssues?: RefundIssue[];
  /** Admins only: payments a card holder disputed with their bank (Stripe). */
  disputes?: DisputeView[];
  /** Admins only: every refund of this game, who got it and how much (shown once a game is cancelled). */
  refunds?: RefundView[];
}

/**
 * One thing an edit changed, as the players' mail and the organiser's notice say it
 * ("When: Sun, Dec 6, 2026, 10:00 AM – 11:30 AM → Sun, Dec 6, 2026, 11:00 AM – 12:30 PM").
 */
export interface EventChange {
  label: string;
  before: string;
  after: string;
}

/** PATCH /api/events/:id (admins) → the event as it now is, what changed, and how many people were mailed. */
export interface EditEventResponse {
  event: EventDetail;
  changes: EventChange[];
  notified: number;
}

export const CANCEL_MESSAGE_TOO_LONG = errorKey("shared.event.cancelMessageTooLong", { max: CANCEL_MESSAGE_MAX });

/** POST /api/events/:id/cancel (admins): an optional message for the players, blank meaning none. */
export const cancelEventSchema = z.object({
  message: plainText(z.string().trim().max(CANCEL_MESSAGE_MAX, CANCEL_MESSAGE_TOO_LONG), "message").optional().default(""),
});

/**
 * GET /api/events/:id/cancel-preview (admins): what cancelling would do, for the confirmation dialog
 * (docs/registrations-and-payments.md, "Admin cancels the game").
 */
export interface CancelEventPreview {
  /** People whose paid spot would be refunded in full. */
  refundCount: number;
  refundTotalCents: number;
  /** Everyone with a spot or a waitlist place: each gets one mail. */
  notifyCount: number;
  /** Game on before its decision: cards held (or to be held) that are let go, nothing charged on them. */
  heldCount: number;
}

/** A refund of this game as admins see it on a cancelled (or any) game's page. */
export interface RefundView {
  name: string;
  amountCents: number;
  status: "pending" | "succeeded" | "failed";
}

export interface UpcomingEventsResponse {
  events: EventSummary[];
}

/** GET /api/events?scope=completed&page=N — 5 a page, newest first. */
export interface CompletedEventsResponse {
  events: EventSummary[];
  page: number;
  pageCount: number;
  total: number;
}

export const COMPLETED_PAGE_SIZE = 5;

/** GET /api/me/events, classified as docs/product-rules.md, "Your Events" says. */
export interface YourEventsResponse {
  current: { playing: YourEvent[]; waitlisted: YourEvent[] };
  completed: { played: PlayedEvent[]; waitlisted: YourEvent[] };
  refunded: YourEvent[];
  cancelled: YourEvent[];
}

/** One of the user's registrations in an event, as Your Events shows it beside the game. */
export interface YourPart {
  role: "player" | "goalkeeper";
  /**
   * playing: a spot held (or being paid for); waitlisted; refunded (the user left a paid spot);
   * closed_by_cancel: a spot or waitlist place the game's cancellation closed.
   */
  participation: "playing" | "waitlisted" | "refunded" | "closed_by_cancel";
  /** The spot's price when joining, in cents (0: free). */
  priceCents: number;
  /** What the card was charged (a charge that succeeded), in cents; 0 when nothing was. */
  paidCents: number;
  /** What went (or is going) back to the card, in cents; null when no refund was due. */
  refundedCents: number | null;
  /** 1-based place in its waitlist while waiting, else null. */
  waitlistPosition: number | null;
}

/** An event in Your Events, with the user's registrations that put it in its list (`mine`). */
export type YourEvent = EventSummary & { mine: YourPart[] };

/**
 * The player's own attendance at a past game, as the organiser recorded it at check-in
 * (docs/product-rules.md, "Check-in"); absent when nothing was recorded.
 */
export type Attendance = "checked_in" | "no_show";

export type PlayedEvent = YourEvent & { attendance?: Attendance };

/** GET /api/places?q= */
export interface PlaceSuggestion {
  name: string;
  latitude: number;
  longitude: number;
  /** 'venue' = used by an earlier event; 'geocoder' = from the configured place search. */
  source: "venue" | "geocoder";
}
