import { ALL_FIELDS_REQUIRED, DATE_IN_PAST, createEventSchemaFor, type CreateEventInput, type EventDetail, type PlaceSuggestion } from "#shared/events.ts";
import { wallClockAt } from "#shared/zoned-time.ts";
import { currentIntlLocale, t, type MessageKey } from "#web/i18n/i18n.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { formatPoint, parseMapLocation } from "./map-link.ts";
import { DECIDE_HOURS } from "#shared/game-on.ts";

/**
 * The Create New Event form as typed, before the shared schema reads it (its fields and messages:
 * docs/product-rules.md, "Validation").
 */
export interface FormState {
  title: string;
  date: string;
  time: string;
  durationHours: string;
  durationMinutes: string;
  field: string;
  notes: string;
  cost: string;
  maxPlayers: string;
  includeGoalkeepers: boolean;
  goalkeeperCost: string;
  maxGoalkeepers: string;
  /** +1 guests: how many each player may bring, 0 (the default) for none (src/shared/guests.ts). */
  maxGuestsPerPlayer: string;
  /** Game on (docs/game-on.md): played only with enough players, decided some hours before kick-off. */
  gameOn: boolean;
  gameOnMinPlayers: string;
  /** Goalkeepers needed too (blank: none needed); only with goalkeeper spots. */
  gameOnMinGoalkeepers: string;
  gameOnDecideHours: string;
  /** Split the pitch: its total cost (blank: a set price; the price is then the most a player pays). */
  pitchCost: string;
}

export const initialFormState: FormState = {
  title: "",
  date: "",
  time: "",
  durationHours: "1",
  durationMinutes: "0",
  field: "",
  notes: "",
  cost: "",
  maxPlayers: "",
  includeGoalkeepers: false,
  goalkeeperCost: "",
  maxGoalkeepers: "2",
  maxGuestsPerPlayer: "0",
  gameOn: false,
  gameOnMinPlayers: "",
  gameOnMinGoalkeepers: "",
  gameOnDecideHours: String(DECIDE_HOURS.default),
  pitchCost: "",
};

/**
 * Event Location: a place picked from the search, or the venue typed in by the organiser: its name
 * and address, enough on their own, and optionally its point from coordinates, a map link or the
 * map (docs/decisions/021). Both are kept, so switching back and forth loses nothing; `mode` says
 * which one counts.
 */
export interface LocationDraft {
  mode: "search" | "manual";
  searchText: string;
  place: PlaceSuggestion | null;
  venueName: string;
  /** What the organiser typed or pasted; the map's pin writes it too. */
  coordinates: string;
}

export const initialLocation: LocationDraft = { mode: "search", searchText: "", place: null, venueName: "", coordinates: "" };

/** Switches to typing the venue in, starting from what the search has (the picked place, or the words typed). */
export function enterVenueManually(draft: LocationDraft): LocationDraft {
  const { place } = draft;
  return {
    ...draft,
    mode: "manual",
    venueName: draft.venueName.trim() || place?.name || draft.searchText.trim(),
    coordinates: draft.coordinates.trim() || (place ? formatPoint(place.latitude, place.longitude) : ""),
  };
}

/** The fields the inline error line can be about: the form's own, and Event Location's parts. */
export type FieldName = keyof FormState | "location" | "venueName" | "coordinates";

export interface LocationReading {
  /** No point when the organiser typed only a name and address: there is no map then. */
  location?: { name: string; latitude: number | null; longitude: number | null };
  /** Blank parts ('All fields are required'). */
  missing: FieldName[];
  /** A filled-in part that cannot be read, e.g. a short map link or a latitude of 91. */
  problem?: { field: FieldName; message: string };
}

export function readLocation(draft: LocationDraft): LocationReading {
  if (draft.mode === "search") {
    const { place } = draft;
    return place ? { location: { name: place.name, latitude: place.latitude, longitude: place.longitude }, missing: [] } : { missing: ["location"] };
  }
  const name = draft.venueName.trim();
  const coordinates = draft.coordinates.trim();
  const missing: FieldName[] = name ? [] : ["venueName"];
  const point = coordinates ? parseMapLocation(coordinates) : null;
  if (point && !point.ok) return { missing, problem: { field: "coordinates", message: point.message } };
  if (!name) return { missing, location: undefined };
  return { missing, location: { name, latitude: point?.ok ? point.latitude : null, longitude: point?.ok ? point.longitude : null } };
}

/** The labels the error line names the blank fields by, as the form shows them. */
const FIELD_LABELS: Record<FieldName, MessageKey> = {
  title: "admin.form.title",
  date: "admin.form.date",
  time: "admin.form.time",
  durationHours: "admin.form.durationHours",
  durationMinutes: "admin.form.durationMinutes",
  location: "admin.form.location",
  venueName: "admin.form.venueName",
  coordinates: "admin.form.coordinates",
  field: "admin.form.field",
  notes: "admin.form.notes",
  cost: "admin.form.cost",
  maxPlayers: "admin.form.maxPlayers",
  maxGuestsPerPlayer: "admin.form.guestsPerPlayer",
  includeGoalkeepers: "admin.form.includeGoalkeepers",
  goalkeeperCost: "admin.form.goalkeeperCost",
  maxGoalkeepers: "admin.form.maxGoalkeepers",
  gameOn: "admin.gameOn.enable",
  gameOnMinPlayers: "admin.gameOn.minPlayers",
  gameOnMinGoalkeepers: "admin.gameOn.minGoalkeepers",
  gameOnDecideHours: "admin.gameOn.decideHours",
  pitchCost: "admin.gameOn.pitchCost",
};

/** 'All fields are required' (the original product's words), then which ones are blank, so the line points at them. */
export function missingFieldsMessage(fields: readonly FieldName[]): string {
  return t("admin.form.missing", { required: sharedMessage(ALL_FIELDS_REQUIRED), fields: fields.map((field) => t(FIELD_LABELS[field])).join(", ") });
}

/**
 * A price as the form's field holds it, in the screens' language ("12.50"; "12,50" in French), with
 * no thousands separator: the shared price check (parseMoneyToCents) reads either decimal mark.
 */
export function priceInputOf(cents: number): string {
  return new Intl.NumberFormat(currentIntlLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/**
 * The form filled in from a game, for editing it: its date and time on the game's own clock (the
 * zone it was created in), the venue as typed in (name and address, its point if it has one).
 */
export function formOfEvent(event: EventDetail): { form: FormState; location: LocationDraft } {
  const wall = wallClockAt(Date.parse(event.startsAt), event.timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    form: {
      title: event.title,
      date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
      time: `${pad(wall.hour)}:${pad(wall.minute)}`,
      durationHours: String(Math.floor(event.durationMinutes / 60)),
      durationMinutes: String(event.durationMinutes % 60),
      field: event.field ?? "",
      notes: event.notes ?? "",
      cost: priceInputOf(event.costCents),
      maxPlayers: String(event.maxPlayers),
      includeGoalkeepers: event.includeGoalkeepers,
      goalkeeperCost: event.includeGoalkeepers && event.goalkeeperCostCents > 0 ? priceInputOf(event.goalkeeperCostCents) : "",
      maxGoalkeepers: String(event.maxGoalkeepers),
      maxGuestsPerPlayer: String(event.maxGuestsPerPlayer ?? 0),
      gameOn: event.gameOn !== null,
      gameOnMinPlayers: event.gameOn ? String(event.gameOn.minPlayers) : "",
      gameOnMinGoalkeepers: event.gameOn?.minGoalkeepers ? String(event.gameOn.minGoalkeepers) : "",
      gameOnDecideHours: String(event.gameOn?.decideHours ?? DECIDE_HOURS.default),
      pitchCost: event.gameOn?.pitchCostCents ? priceInputOf(event.gameOn.pitchCostCents) : "",
    },
    location: {
      ...initialLocation,
      mode: "manual",
      venueName: event.locationName,
      coordinates: event.latitude !== null && event.longitude !== null ? formatPoint(event.latitude, event.longitude) : "",
    },
  };
}

export type FormCheck = { ok: true; input: CreateEventInput } | { ok: false; message: string; fields: FieldName[] };

/**
 * What the server will say, said before sending: the same shared schema (and so the same limits,
 * and the minimum price in the app's `currency`), plus the original product's "no date in the past"
 * on the organiser's clock. The message is the inline error line's, in the screens' language; `fields`
 * are the ones it is about, in the form's order.
 */
export function checkCreateEvent(
  form: FormState,
  draft: LocationDraft,
  options: { timeZone: string; now: Date; currency: string; keepStart?: { date: string; time: string } },
): FormCheck {
  const reading = readLocation(draft);
  const input = {
    title: form.title,
    date: form.date,
    time: form.time,
    timeZone: options.timeZone,
    durationHours: form.durationHours,
    durationMinutes: form.durationMinutes,
    location: reading.location,
    field: form.field,
    notes: form.notes,
    cost: form.cost,
    maxPlayers: form.maxPlayers,
    includeGoalkeepers: form.includeGoalkeepers,
    goalkeeperCost: form.includeGoalkeepers ? form.goalkeeperCost : "",
    maxGoalkeepers: form.includeGoalkeepers ? form.maxGoalkeepers : 2,
    maxGuestsPerPlayer: form.maxGuestsPerPlayer,
    // Game on: numbers as the schema reads them (a blank or a word is NaN, refused with its message).
    gameOnMinPlayers: form.gameOn ? wholeOrNaN(form.gameOnMinPlayers) : null,
    // Blank is none needed; only asked when the game has goalkeeper spots.
    gameOnMinGoalkeepers: form.gameOn && form.includeGoalkeepers && form.gameOnMinGoalkeepers.trim() !== "" ? wholeOrNaN(form.gameOnMinGoalkeepers) : null,
    gameOnDecideHours: form.gameOn ? wholeOrNaN(form.gameOnDecideHours) : DECIDE_HOURS.default,
    pitchCost: form.gameOn ? form.pitchCost : "",
  };

  const result = createEventSchemaFor(options.currency).safeParse(input);
  const issues = result.success ? [] : result.error.issues;
  const fieldOf = (path: readonly PropertyKey[]) => formField(path.map(String), draft.mode);
  // Location's own reading says which of its parts is blank; the schema only knows it is missing.
  const otherIssues = issues.filter((issue) => !(issue.path.length === 1 && issue.path[0] === "location"));
  const missing = [
    ...otherIssues.filter((issue) => issue.message === ALL_FIELDS_REQUIRED).map((issue) => fieldOf(issue.path)),
    ...reading.missing,
  ];
  if (missing.length > 0) {
    const fields = inFormOrder(missing);
    return { ok: false, message: missingFieldsMessage(fields), fields };
  }

  // An edited game that keeps its start may have begun already; only a new start must lie ahead.
  const keepsStart = options.keepStart?.date === form.date && options.keepStart.time === form.time;
  const startsAt = new Date(`${form.date}T${form.time}`);
  if (!keepsStart && !Number.isNaN(startsAt.getTime()) && startsAt.getTime() <= options.now.getTime()) return { ok: false, message: sharedMessage(DATE_IN_PAST), fields: ["date", "time"] };
  if (reading.problem) return { ok: false, message: reading.problem.message, fields: [reading.problem.field] };
  const first = otherIssues[0];
  if (first) return { ok: false, message: sharedMessage(first.message), fields: [fieldOf(first.path)] };
  return { ok: true, input: input as CreateEventInput };
}

/** The form's fields a 400's `fields` (keyed "maxPlayers", "location.latitude"...) are about. */
export function fieldsOfServerError(fields: Record<string, string> | undefined, mode: LocationDraft["mode"]): FieldName[] {
  const known = new Set<string>(FORM_ORDER);
  return inFormOrder(Object.keys(fields ?? {}).map((key) => formField(key.split("."), mode)).filter((field) => known.has(field)));
}

/**
 * What a refusal's `fields` say about each of the form's fields (the first message per field), so a
 * rule about one field is shown under it: "A party of 3 is waiting for a player spot: keep at least
 * 3 player spots." under Max Players (docs/product-rules.md, "Editing and cancelling a game").
 */
export function fieldMessagesOfServerError(fields: Record<string, string> | undefined, mode: LocationDraft["mode"]): Partial<Record<FieldName, string>> {
  const known = new Set<string>(FORM_ORDER);
  const messages: Partial<Record<FieldName, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const field = formField(key.split("."), mode);
    if (known.has(field) && messages[field] === undefined) messages[field] = message;
  }
  return messages;
}

function formField(path: string[], mode: LocationDraft["mode"]): FieldName {
  const [first, second] = path;
  if (first !== "location" || mode === "search") return first as FieldName;
  return second === "name" ? "venueName" : "coordinates";
}

const FORM_ORDER: FieldName[] = [
  "title",
  "date",
  "time",
  "durationHours",
  "durationMinutes",
  "location",
  "venueName",
  "coordinates",
  "field",
  "notes",
  "cost",
  "maxPlayers",
  "maxGuestsPerPlayer",
  "includeGoalkeepers",
  "goalkeeperCost",
  "maxGoalkeepers",
  "gameOn",
  "gameOnMinPlayers",
  "gameOnMinGoalkeepers",
  "gameOnDecideHours",
  "pitchCost",
];

function wholeOrNaN(value: string): number {
  return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}

function inFormOrder(fields: FieldName[]): FieldName[] {
  return FORM_ORDER.filter((field) => fields.includes(field));
}
