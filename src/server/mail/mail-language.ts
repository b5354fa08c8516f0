import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#shared/language.ts";

/** The language a mail is written in: the recipient's choice, English when they never chose. */
export function mailLanguage(chosen: string | null | undefined): Language {
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}
