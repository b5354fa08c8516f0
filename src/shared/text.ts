/**
 * Control characters other than tab and line breaks. None belong in a name, title or search, and
 * PostgreSQL cannot store NUL at all: unchecked, one would turn a bad input into a 500.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The message for a field that holds one. */
export function notAllowedCharacters(label: string): string {
  return `${label} contains characters that are not allowed`;
}
