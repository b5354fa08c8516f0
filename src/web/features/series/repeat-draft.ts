import type { RepeatInput } from "../../../shared/series.ts";
import { createSeriesSchemaFor, SERIES_LIMITS } from "../../../shared/series.ts";
import type { CreateEventInput } from "../../../shared/events.ts";
import { sharedMessage } from "../../i18n/shared-message.ts";

/** The repeat part of the Create New Event form, as typed. */
export interface RepeatDraft {
  weekly: boolean;
  ends: "after_games" | "on_date";
  endDate: string;
  gameCount: string;
  opensDaysBefore: string;
}

export const initialRepeat: RepeatDraft = { weekly: false, ends: "after_games", endDate: "", gameCount: "8", opensDaysBefore: String(SERIES_LIMITS.opensDaysDefault) };

export function repeatInput(draft: RepeatDraft): RepeatInput {
  return draft.ends === "on_date"
    ? { ends: "on_date", endDate: draft.endDate, opensDaysBefore: draft.opensDaysBefore }
    : { ends: "after_games", gameCount: draft.gameCount, opensDaysBefore: draft.opensDaysBefore };
}

/**
 * The repeat checked as the server will check it (the same shared schema), once the game's own
 * fields passed: the first problem's message in the screens' language, or null.
 */
export function repeatProblem(game: CreateEventInput, draft: RepeatDraft, currency: string): string | null {
  const result = createSeriesSchemaFor(currency).safeParse({ ...game, repeat: repeatInput(draft) });
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === "repeat") ?? result.error.issues[0];
  return issue ? sharedMessage(issue.message) : null;
}
