import { errorKey } from "./i18n/error-key.ts";

/**
 * Control characters other than tab and line breaks. None belong in any text field, and PostgreSQL
 * cannot store NUL at all: unchecked, one would turn a bad input into a 500. Tab and line breaks
 * pass here, for fields written on several lines (a game's notes, a cancel message); a one-line
 * field that must refuse them too uses `hasControlCharactersOrLineBreaks`.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * For one-line fields (a guest's name): every control character, tab and line breaks included, and
 * Unicode's next-line, line and paragraph separators. A line break in a name would split what mails
 * and lists print on one line ("Sam\r\nBcc: …"). Fields written on several lines (a game's notes,
 * the organiser's cancel message) use `hasControlCharacters`, which keeps their line breaks.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS_OR_LINE_BREAKS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;

export function hasControlCharactersOrLineBreaks(text: string): boolean {
  return CONTROL_CHARACTERS_OR_LINE_BREAKS.test(text);
}

/** The fields whose message names them: "Title contains characters that are not allowed". */
export type TextLabel = "firstName" | "lastName" | "title" | "location" | "field" | "notes" | "message" | "search";

/** The message for a field that holds one (a key of the "shared" area, worded by each side). */
export function notAllowedCharacters(label: TextLabel): string {
  return errorKey("shared.text.notAllowed", { label });
}
