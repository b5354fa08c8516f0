import { setupI18n, type Messages } from "@lingui/core";

/**
 * Lingui's runtime for one language, fed with compiled catalogs area by area (docs/languages.md).
 *
 * A message without values is the same text each time: kept once read, since Lingui looks it up
 * and tests it for escape sequences on every call (a game's page reads a few dozen per render;
 * docs/server-rendering.md, "What a render costs"). Kept until the next area arrives, which may
 * bring a message that was missing.
 */
export function createTranslator(language: string, locales: string[]) {
  const i18n = setupI18n({ locale: language, locales, messages: { [language]: {} } });
  const plain = new Map<string, string>();
  return {
    add(messages: Record<string, unknown>) {
      i18n.load(language, messages as Messages);
      plain.clear();
    },
    translate(key: string, values?: Record<string, string | number>): string {
      if (values) return i18n._(key, values);
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = i18n._(key)));
      return text;
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
