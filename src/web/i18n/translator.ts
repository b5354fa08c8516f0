import { setupI18n, type Messages } from "@lingui/core";

/**
 * Lingui's runtime for one language, fed with compiled catalogs area by area (docs/languages.md).
 */
export function createTranslator(language: string, locales: string[]) {
  const i18n = setupI18n({ locale: language, locales, messages: { [language]: {} } });
  return {
    add(messages: Record<string, unknown>) {
      i18n.load(language, messages as Messages);
    },
    translate(key: string, values?: Record<string, string | number>): string {
      return i18n._(key, values);
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
