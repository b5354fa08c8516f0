import type { RepeatInput } from "#shared/series.ts";
import { createSeriesSchemaFor, SERIES_LIMITS } from "#shared/series.ts";
import type { CreateEventInput } from "#shared/events.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { initialRegulars, type RegularsDraft, type RegularsField, regularsInput, REGULARS_FIELDS } from "./regulars-draft.ts";

/** The repeat part of the Create New Event form, as typed. */
export interface RepeatDraft {
  weekly: boolean;
  ends: "after_games" | "on_date";
  endDate: string;
  gameCount: string;
  opensDaysBefore: string;
  regulars: RegularsDraft;
}

export const initialRepeat: RepeatDraft = {
  weekly: false,
  ends: "after_games",
  endDate: "",
  gameCount: "8",
  opensDaysBefore: String(SERIES_LIMITS.opensDaysDefault),
  regulars: initialRegulars,
};

/** The body's `repeat`: the numbers as typed (the shared schema reads them); no `regulars` when it is off. */
export function repeatInput(draft: RepeatDraft): RepeatInput {
  const regulars = regularsInput(draft.regulars);
  const rule = regulars ? { regulars } : {};
  return draft.ends === "on_date"
    ? { ends: "on_date", endDate: draft.endDate, opensDaysBefore: draft.opensDaysBefore, ...rule }
    : { ends: "after_games", gameCount: draft.gameCount, opensDaysBefore: draft.opensDaysBefore, ...rule };
}

/** The repeat's fields a message can be about: a path under `repeat`, as the server's 400 names it. */
export type RepeatField = "endDate" | "gameCount" | "opensDaysBefore" | RegularsField;

/** Each repeat field's message, in the screens' language. */
export type RepeatErrors = Partial<Record<RepeatField, string>>;

/** The fields in the form's order: the first one with a message gets the focus. */
export const REPEAT_FIELDS: readonly RepeatField[] = ["gameCount", "endDate", "opensDaysBefore", ...REGULARS_FIELDS];

const isRepeatField = (key: string): key is RepeatField => (REPEAT_FIELDS as readonly string[]).includes(key);

export interface RepeatCheck {
  /** The first problem's message (the form's error line), or null. */
  message: string | null;
  errors: RepeatErrors;
}

/**
 * The repeat checked as the server will check it (the same shared schema), once the game's own
 * fields passed: each field's first message in the screens' language.
 */
export function checkRepeat(game: CreateEventInput, draft: RepeatDraft, currency: string): RepeatCheck {
  const result = createSeriesSchemaFor(currency).safeParse({ ...game, repeat: repeatInput(draft) });
  if (result.success) return { message: null, errors: {} };
  const errors: RepeatErrors = {};
  for (const issue of result.error.issues) {
    const [first, ...rest] = issue.path.map(String);
    const key = rest.join(".");
    if (first === "repeat" && isRepeatField(key)) errors[key] ??= sharedMessage(issue.message);
  }
  const issue = result.error.issues.find((candidate) => candidate.path[0] === "repeat") ?? result.error.issues[0];
  return { message: issue ? sharedMessage(issue.message) : null, errors };
}

/** The repeat's fields a 400 names ("repeat.regulars.minGames"), with its messages (already in the reader's language). */
export function repeatErrorsOfServer(fields: Record<string, string> | undefined): RepeatErrors {
  const errors: RepeatErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const key = path.startsWith("repeat.") ? path.slice("repeat.".length) : "";
    if (isRepeatField(key)) errors[key] ??= message;
  }
  return errors;
}
