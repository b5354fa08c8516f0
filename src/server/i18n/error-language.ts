import type { Context } from "hono";
import { z } from "zod";
import { SERVER_MESSAGES_FR } from "#shared/i18n/server-messages-fr.ts";
import { type MessageDictionary, translateMessage } from "#shared/i18n/translate-message.ts";
import type { Language } from "#shared/language.ts";
import { requestLanguage } from "./request-language.ts";

/** Each language's dictionary of the server's messages; English is the source and needs none. */
const DICTIONARIES: Record<Language, MessageDictionary | null> = { en: null, fr: SERVER_MESSAGES_FR };

/** A message of the server in a language: its translation, else the English as it is (never a failure). */
export function translateServerMessage(message: string, language: Language): string {
  const dictionary = DICTIONARIES[language];
  return dictionary ? translateMessage(message, dictionary) : message;
}

/** An error answer's message and fields in the request's language (the `kickoff_lang` cookie, else Accept-Language). */
export function inRequestLanguage(c: Context, message: string, fields?: Record<string, string>) {
  const language = requestLanguage(c);
  if (language === "en") return { message, fields };
  const translate = (text: string) => translateServerMessage(text, language);
  return { message: translate(message), fields: fields && Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, translate(text)])) };
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
