import {
  DEFAULT_LANGUAGE,
  INTL_LOCALES,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_TAGS,
  isLanguage,
  languageFromCookieHeader,
  pickLanguage,
  type Language,
} from "../../shared/language.ts";
import type { MessageKey } from "./catalogs/en.ts";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The web app's messages (docs/languages.md). Each language's catalog is its own chunk, with Lingui's
 * runtime, loaded before the first render: a reader fetches only the language they read.
 */
const catalogs: Record<Language, () => Promise<{ translate: Translate }>> = {
  en: () => import("./catalogs/load-en.ts"),
  fr: () => import("./catalogs/load-fr.ts"),
};

let translate: Translate | undefined;

// The mobile app has no server to keep a cookie for: the choice is also kept on the device.
const STORAGE_KEY = LANGUAGE_COOKIE;

let active: Language = DEFAULT_LANGUAGE;

/** The language the screens speak now. */
export function currentLanguage(): Language {
  return active;
}

/** The locale `Intl` formats in for the active language ("en-US", "fr-CA"). */
export function currentIntlLocale(): string {
  return INTL_LOCALES[active];
}

/** The visitor's choice kept in this browser (cookie or device storage), if any. */
export function storedLanguage(): Language | undefined {
  const fromCookie = languageFromCookieHeader(typeof document === "undefined" ? undefined : document.cookie);
  if (fromCookie) return fromCookie;
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    return isLanguage(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Loads and activates the language to start in: the stored choice, else the browser's, else English. */
export async function startLanguage(): Promise<Language> {
  return activateLanguage(pickLanguage(storedLanguage(), navigator.languages));
}

export async function activateLanguage(language: Language): Promise<Language> {
  translate = (await catalogs[language]()).translate;
  active = language;
  // English keeps the build's own "en", as the server serves it (spa.ts, withLanguage).
  if (typeof document !== "undefined") document.documentElement.lang = language === "en" ? "en" : LANGUAGE_TAGS[language];
  return language;
}

/** Keeps a choice in this browser (and on the device, for the mobile app). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be refused (private mode); the cookie still carries the choice.
  }
}

/** A message in the active language; a key that does not exist fails the typecheck. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  if (!translate) throw new Error("t() before startLanguage(): main.tsx renders once a language is loaded");
  return translate(key, values);
}
