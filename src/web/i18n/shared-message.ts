import type { SharedKey } from "#shared/i18n/catalogs/areas.ts";
import { type ErrorText, readErrorText } from "#shared/i18n/error-key.ts";
import { messageValuesIn } from "#shared/i18n/message-values.ts";
import { currentLanguage, t } from "./i18n.ts";

/**
 * A message written once in src/shared for both sides (a zod schema's, a rule's constant, a notice)
 * and shown by the web app itself, before or without asking the server: a key of the "shared" area
 * (`errorKey`, `errorText`, src/shared/i18n/error-key.ts), worded in the active language from the
 * same catalog the server words its answers with (docs/languages.md, decision 035). The screens that
 * call it name "shared" in screens.ts (screen-areas.test.ts checks it), so the area is fetched with
 * them and never enters the shell's entry. Any other text (zod's own message, an answer the server
 * already worded) is shown as it is.
 */
export function sharedMessage(message: string | ErrorText): string {
  const text = typeof message === "string" ? readErrorText(message) : message;
  if (!text || !text.key.startsWith("shared.")) return typeof message === "string" ? message : message.key;
  return t(text.key as SharedKey, text.values && messageValuesIn(text.values, currentLanguage()));
}
