import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { type Language, pickLanguage } from "../../shared/language.ts";

/** The cookie the language switch sets (src/shared/language.ts). */
export const LANGUAGE_COOKIE = "kickoff_lang";

/** The viewer's language for a page request: their choice (cookie), else Accept-Language, else English. */
export function requestLanguage(c: Context): Language {
  return pickLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
}
