import type { Language } from "#shared/language.ts";

type Translate = (english: string) => string;

/** The dictionary of each language but English, with the code that reads it: a chunk of its own. */
const dictionaries: Record<Exclude<Language, "en">, () => Promise<{ translateShared: Translate }>> = {
  fr: () => import("./shared-messages-fr.ts"),
};

let translate: Translate | undefined;

/**
 * Fetches what `sharedMessage` needs in this language: the server's own dictionary
 * (src/shared/i18n/server-messages-fr.ts), for the screens that name "shared" in screens.ts.
 */
export async function loadSharedMessages(language: Language): Promise<void> {
  translate = await sharedTranslation(language);
}

/** The dictionary of a language, for the server's render, which keeps each language whole (i18n.ts). */
export async function sharedTranslation(language: Language): Promise<Translate | undefined> {
  return language === "en" ? undefined : (await dictionaries[language]()).translateShared;
}

/** Makes `sharedTranslation`'s result the one `sharedMessage` words with. */
export function speakSharedTranslation(translation: Translate | undefined): void {
  translate = translation;
}

/** Back to the English as written, for a new language (activateLanguage), until its screens ask again. */
export function forgetSharedMessages(): void {
  translate = undefined;
}

/**
 * A message written once in src/shared for both sides (a zod schema's, a rule's) and shown by the web
 * app itself, before or without asking the server: in the active language, with the dictionary the
 * server words its answers with (docs/languages.md, "The server's texts").
 */
export function sharedMessage(english: string): string {
  return translate ? translate(english) : english;
}
