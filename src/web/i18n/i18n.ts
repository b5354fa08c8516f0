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
} from "#shared/language.ts";
import { AREAS, type Area, type MessageKey } from "#shared/i18n/catalogs/areas.ts";
import { loadCatalog } from "./catalogs/load-catalog.ts";
import { createTranslator, type Translator } from "./translator.ts";

export type { MessageKey } from "#shared/i18n/catalogs/areas.ts";

/**
 * The web app's messages (docs/languages.md). Each area of a language's catalog is a chunk of its own:
 * a reader fetches only the language they read, and of it the shell before the first render and each
 * screen's areas with the screen's code (screens.ts). Lingui's runtime is in the entry.
 */
let translator: Translator | undefined;
/** The areas of the active language already given to the translator, or being fetched. */
let areas = new Map<Loadable, Promise<void>>();

/** What a screen may ask for: an area of messages ("shared" words the messages written in src/shared, shared-message.ts). */
export type Loadable = Area;

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

export async function activateLanguage(language: Language, withAreas: readonly Loadable[] = ["shell"]): Promise<Language> {
  active = language;
  areas = new Map();
  translator = createTranslator(language, [LANGUAGE_TAGS[language]]);
  await loadAreas(withAreas);
  // English keeps the build's own "en", as the server serves it (spa.ts, withLanguage).
  if (typeof document !== "undefined") document.documentElement.lang = language === "en" ? "en" : LANGUAGE_TAGS[language];
  return language;
}

/** A language with every area loaded: what the server renders with. */
export interface WholeLanguage {
  language: Language;
  translator: Translator;
}

/** Loads a whole language (on the server, once per language: its catalogs are small and few). */
export async function loadWholeLanguage(language: Language): Promise<WholeLanguage> {
  const translator = createTranslator(language, [LANGUAGE_TAGS[language]]);
  for (const area of AREAS) translator.add(await loadCatalog(language, area));
  return { language, translator };
}

/**
 * Speaks a whole language from now on, at once: the server calls it right before each render, which
 * runs to its end without yielding, so renders in two languages never mix (docs/server-rendering.md).
 */
export function speakWholeLanguage(whole: WholeLanguage): void {
  active = whole.language;
  translator = whole.translator;
  areas = new Map(AREAS.map((area) => [area, Promise.resolve()]));
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

/** Fetches the active language's messages of these areas, once each (a screen's, with its code). */
export function loadAreas(wanted: readonly Loadable[]): Promise<void> {
  const language = active;
  return Promise.all(
    wanted.map((area) => {
      let loading = areas.get(area);
      if (!loading) {
        const translatorOfLanguage = translator;
        if (!translatorOfLanguage) throw new Error("loadAreas() before activateLanguage()");
        loading = loadCatalog(language, area).then((messages) => translatorOfLanguage.add(messages));
        // A failed fetch is asked again next time (the screen's error boundary reports this one).
        loading.catch(() => areas.delete(area));
        areas.set(area, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

/**
 * A screen's code with its areas' messages, fetched in parallel: what screens.ts gives the router, so
 * that a screen never renders before the texts it uses.
 */
export function withMessages<Module>(wanted: readonly Loadable[], load: () => Promise<Module>): () => Promise<Module> {
  return () => Promise.all([load(), loadAreas(wanted)]).then(([module]) => module);
}

/** A message in the active language; a key that does not exist fails the typecheck. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  if (!translator) throw new Error("t() before startLanguage(): main.tsx renders once a language is loaded");
  return translator.translate(key, values);
}
