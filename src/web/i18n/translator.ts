import { i18n } from "@lingui/core";
import { LANGUAGE_TAGS, type Language } from "../../shared/language.ts";
import type { MessageKey } from "./catalogs/en.ts";

/**
 * Lingui's runtime, set up with one language's compiled catalog. Loaded together with that catalog
 * (catalogs/load-*.ts), before the first render but outside the entry chunk (docs/languages.md).
 */
export function translatorFor(language: Language, messages: Record<MessageKey, string>) {
  i18n.loadAndActivate({ locale: language, locales: [LANGUAGE_TAGS[language]], messages });
  return (key: MessageKey, values?: Record<string, string | number>): string => i18n._(key, values);
}
