/**
 * The app's languages and how one is chosen for a request or a screen: the viewer's own choice (saved
 * on the account, or picked in the footer), else the first language of the browser's
 * `Accept-Language` / `navigator.languages` that the app speaks, else English.
 */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The BCP 47 tag used with `Intl` and in `<html lang>` for each language (French as written in Canada). */
export const LANGUAGE_TAGS: Record<Language, string> = { en: "en-CA", fr: "fr-CA" };

/**
 * The locale `Intl` formats dates, times and money with. English keeps US English, as the original
 * product writes its dates ("March 14, 2026", "9:05 PM"; docs/product-rules.md, "Constants");
 * French is Canada's ("sam. 6 déc., 19 h 00", "10,00 $").
 */
export const INTL_LOCALES: Record<Language, string> = { en: "en-US", fr: "fr-CA" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The app's language for one tag ("fr-CA", "FR", "en-us"), or undefined when it speaks none of it. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The first language the app speaks in an `Accept-Language` header, by its q-values (ties keep the
 * header's order; `q=0` means "not this one"). Malformed parts are skipped, never thrown on.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((param) => /^\s*q\s*=(.*)$/i.exec(param)).find(Boolean);
      const quality = q ? Number(q[1]?.trim() || "x") : 1;
      return { language: languageOfTag(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.language && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.language;
}

/** The language to use: an explicit choice first, then the browser's languages, then English. */
export function pickLanguage(choice: unknown, browser: string | readonly string[] | undefined | null): Language {
  if (isLanguage(choice)) return choice;
  if (typeof browser === "string") return languageFromAcceptLanguage(browser) ?? DEFAULT_LANGUAGE;
  for (const tag of browser ?? []) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The cookie holding a visitor's choice ("en" | "fr") before and apart from the account, so that the
 * server (the page's `<html lang>`, link previews) speaks it too. Not httpOnly: the web app sets it
 * when the footer's switch is used (docs/languages.md).
 */
export const LANGUAGE_COOKIE = "kickoff_lang";
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The language a cookie header carries in `kickoff_lang`, if any. */
export function languageFromCookieHeader(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, value] = part.split("=").map((piece) => piece?.trim());
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}
