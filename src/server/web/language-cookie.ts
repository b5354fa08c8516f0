import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  languageFromCookieHeader,
  pickLanguage,
  type Language,
} from "../../shared/language.ts";

/**
 * The language to answer a request in: the signed-in user's saved choice, else the `kickoff_lang`
 * cookie, else the request's Accept-Language, else English (docs/languages.md).
 */
export function requestLanguage(request: { header(name: string): string | undefined }, saved?: Language | null): Language {
  return pickLanguage(saved ?? languageFromCookieHeader(request.header("cookie")), request.header("accept-language"));
}

/** Remembers a choice in the browser too, so pages served before any sign-in speak it. */
export function setLanguageCookie(c: Context, language: Language): void {
  setCookie(c, LANGUAGE_COOKIE, language, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS, sameSite: "Lax" });
}
