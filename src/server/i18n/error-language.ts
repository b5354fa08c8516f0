import type { Context } from "hono";
import { z } from "zod";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import { messages as sharedEn } from "#shared/i18n/catalogs/en/shared.ts";
import { type ApiMessageKey, type ErrorText, readErrorText } from "#shared/i18n/error-key.ts";
import { messageValuesIn } from "#shared/i18n/message-values.ts";
import type { Language } from "#shared/language.ts";
import { requestLanguage } from "./request-language.ts";
import { translate } from "./translate.ts";

/**
 * A text another program wrote, passed on as it is: zod's own message (already in the request's
 * language, zodParseOptions), Hono's, or a card processor's for a refusal we have no key for
 * (money/processors/decline-text.ts).
 */
export interface WrittenText {
  readonly written: string;
}

/**
 * An API error's message: a key of the "errors" or "shared" area with its values (ErrorText), a
 * key alone (a rule's constant), or a text another program wrote. Worded in the request's language
 * at the boundary (http/errors.ts); a key that does not exist fails the typecheck.
 */
export type ErrorMessage = ErrorText | ApiMessageKey | WrittenText;

/** Whether a text is a key of the "errors" or "shared" area. */
export function isApiMessageKey(text: string): text is ApiMessageKey {
  return (text.startsWith("errors.") && Object.hasOwn(errorsEn, text)) || (text.startsWith("shared.") && Object.hasOwn(sharedEn, text));
}

/**
 * A message that arrives as a string (a zod issue's, a refusal better-auth relays): a key, a key
 * with its values (`errorKey(key, values)`), or else a text another program wrote.
 */
export function messageOfText(text: string): ErrorMessage {
  const keyed = readErrorText(text);
  return keyed && isApiMessageKey(keyed.key) ? keyed : { written: text };
}

/** A message in a language: a key by the catalogs, a written text as it is. */
export function wordError(message: ErrorMessage, language: Language): string {
  if (typeof message === "string") return translate(language, message);
  if ("written" in message) return message.written;
  return translate(language, message.key, message.values && messageValuesIn(message.values, language));
}

/** An error answer's message and fields in the request's language (the `kickoff_lang` cookie, else Accept-Language). */
export function inRequestLanguage(c: Context, message: ErrorMessage, fields?: Record<string, ErrorMessage>) {
  const language = requestLanguage(c);
  return { message: wordError(message, language), fields: fields && Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, wordError(text, language)])) };
}

/**
 * zod's own messages ("Invalid input: expected string, received undefined"), for the checks that
 * give none of ours, in the request's language: zod writes them from its locale when a parse is
 * given one. Our messages, given on the schema as keys, win over it and are worded from the catalogs.
 */
const ZOD_LOCALES: Record<Language, z.core.$ZodErrorMap | undefined> = { en: undefined, fr: z.locales.frCA().localeError };

export function zodParseOptions(c: Context): { error?: z.core.$ZodErrorMap } {
  const error = ZOD_LOCALES[requestLanguage(c)];
  return error ? { error } : {};
}
