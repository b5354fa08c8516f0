import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language, pickLanguage } from "#shared/language.ts";

/**
 * The language of a request, for everything the server words before it knows who is asking (pages,
 * link previews, mails' unsubscribe pages, calendars, API errors): the viewer's choice (the
 * `kickoff_lang` cookie), else Accept-Language, else English (docs/languages.md). Infrastructure:
 * features import it, it imports no feature.
 */
export function requestLanguage(c: Context): Language {
  return pickLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
}

/**
 * Remembers a signed-in user's choice in the browser too, so that pages served before the web app
 * asks who is signed in (`<html lang>`, link previews) speak it (docs/languages.md).
 */
export function setLanguageCookie(c: Context, language: Language): void {
  setCookie(c, LANGUAGE_COOKIE, language, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS, sameSite: "Lax" });
}
