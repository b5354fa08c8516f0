import { REGULARS_LIMITS } from "#shared/regulars-limits.ts";
import type { RegularsInput, RegularsRule } from "#shared/series.ts";

/**
 * "Regulars first" as typed, on the Create New Event form (repeat-draft.ts) and on the series' page.
 * Without the shared schemas (zod): the series' page, in the console's chunk, sends the rule as typed
 * and says the server's messages under each field.
 */
export interface RegularsDraft {
  on: boolean;
  windowHours: string;
  minGames: string;
  ofLast: string;
  maxPercent: string;
}

export const initialRegulars: RegularsDraft = {
  on: false,
  windowHours: String(REGULARS_LIMITS.windowHoursDefault),
  minGames: String(REGULARS_LIMITS.minGamesDefault),
  ofLast: String(REGULARS_LIMITS.ofLastDefault),
  maxPercent: String(REGULARS_LIMITS.maxPercentDefault),
};

/** The rule's fields a message can be about, as a 400 names them (under `repeat.` on the create form). */
export type RegularsField = "regulars.windowHours" | "regulars.minGames" | "regulars.ofLast" | "regulars.maxPercent";

export type RegularsErrors = Partial<Record<RegularsField, string>>;

/** The fields in the form's order: the first one with a message gets the focus. */
export const REGULARS_FIELDS: readonly RegularsField[] = ["regulars.windowHours", "regulars.minGames", "regulars.ofLast", "regulars.maxPercent"];

export const isRegularsField = (key: string): key is RegularsField => (REGULARS_FIELDS as readonly string[]).includes(key);

/** The rule as the body sends it: the numbers as typed (the shared schema reads them), or null when it is off. */
export function regularsInput(draft: RegularsDraft): NonNullable<RegularsInput> | null {
  return draft.on ? { windowHours: draft.windowHours, minGames: draft.minGames, ofLast: draft.ofLast, maxPercent: draft.maxPercent } : null;
}

/** A series' rule in the fields; the defaults (unticked) when it has none. */
export function regularsDraftOf(rule: RegularsRule | null): RegularsDraft {
  if (!rule) return initialRegulars;
  return { on: true, windowHours: String(Math.round(rule.windowMinutes / 60)), minGames: String(rule.minGames), ofLast: String(rule.ofLast), maxPercent: String(rule.maxPercent) };
}

/** The rule's fields a 400 of PUT /api/admin/series/:id/regulars names, with its messages (in the reader's language). */
export function regularsErrorsOfServer(fields: Record<string, string> | undefined): RegularsErrors {
  const errors: RegularsErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) if (isRegularsField(path)) errors[path] ??= message;
  return errors;
}
