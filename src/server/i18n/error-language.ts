import type { Context } from "hono";
import { z } from "zod";
import type { ErrorKey } from "#shared/i18n/catalogs/areas.ts";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import type { ErrorText } from "#shared/i18n/error-key.ts";
import { SERVER_MESSAGES_FR } from "#shared/i18n/server-messages-fr.ts";
import { type MessageDictionary, translateMessage } from "#shared/i18n/translate-message.ts";
import type { Language } from "#shared/language.ts";
import { requestLanguage } from "./request-language.ts";
import { translate } from "./translate.ts";

/**
 * An API error's message: a key of the "errors" area and its values (ErrorText), worded in the
 * request's language at the boundary (http/errors.ts), or a key alone (a zod schema's message). A
 * plain string is a message still written in English, translated by the English-keyed dictionary
 * until every message is a key.
 */
export type ErrorMessage = string | ErrorText;

/** Whether a text is a key of the "errors" area (a zod schema's message given as a key). */
export function isErrorKey(text: string): text is ErrorKey {
  return text.startsWith("errors.") && Object.hasOwn(errorsEn, text);
}

/** A message in a language: a key by the catalogs, an English text by the dictionary. */
export function wordError(message: ErrorMessage, language: Language): string {
  if (typeof message !== "string") return translate(language, message.key, message.values);
  if (isErrorKey(message)) return translate(language, message);
  return translateServerMessage(message, language);
}

/** Each language's dictionary of the server's messages; English is the source and needs none. */
const DICTIONARIES: Record<Language, MessageDictionary | null> = { en: null, fr: SERVER_MESSAGES_FR };

/** A message of the server in a language: its translation, else the English as it is (never a failure). */
export function translateServerMessage(message: string, language: Language): string {
  const dictionary = DICTIONARIES[language];
  return dictionary ? translateMessage(message, dictionary) : message;
}

/** An error answer's message and fields in the request's language (the `kickoff_lang` cookie, else Accept-Language). */
export function inRequestLanguage(c: Context, message: ErrorMessage, fields?: Record<string, ErrorMessage>) {
  const language = requestLanguage(c);
  return { message: wordError(message, language), fields: fields && Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, wordError(text, language)])) };
}

/**
 * zod's own messages ("Invalid input: expected string, received undefined"), for the checks that
 * give none of ours, in the request's language: zod writes them from its locale when a parse is
 * given one. Our messages, given on the schema, win over it and are translated by the dictionary.
 */
const ZOD_LOCALES: Record<Language, z.core.$ZodErrorMap | undefined> = { en: undefined, fr: z.locales.frCA().localeError };

export function zodParseOptions(c: Context): { error?: z.core.$ZodErrorMap } {
  const error = ZOD_LOCALES[requestLanguage(c)];
  return error ? { error } : {};
}
