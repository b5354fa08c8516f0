import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from "../../shared/language.ts";

/**
 * Remembers a signed-in user's choice in the browser too, so that pages served before the web app
 * asks who is signed in (`<html lang>`, link previews: og/og-language.ts) speak it (docs/languages.md).
 */
export function setLanguageCookie(c: Context, language: Language): void {
  setCookie(c, LANGUAGE_COOKIE, language, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS, sameSite: "Lax" });
}
