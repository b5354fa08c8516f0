import { escapeHtml } from "#server/mail/templates.ts";
import { LANGUAGE_TAGS, type Language } from "#shared/language.ts";

/**
 * The page's `<html lang>` in the language it is served in ("fr-CA"), for screen readers and
 * translators. An English page is the build's own, unchanged.
 */
export function withLanguage(html: string, language: Language): string {
  if (language === "en") return html;
  return html
    .replace(/<html\b[^>]*>/i, (tag) => (/\blang=/i.test(tag) ? tag.replace(/\blang="[^"]*"/i, `lang="${LANGUAGE_TAGS[language]}"`) : tag.replace(/>$/, ` lang="${LANGUAGE_TAGS[language]}">`)))
    .replace(FIRST_PAINT, (_all, open: string, close: string) => `${open}${escapeHtml(FIRST_PAINT_WORDS[language])}${close}`)
    .replace(START_FAILURE, (_all, open: string, close: string) => `${open}${START_FAILURE_HTML[language]}${close}`);
}

/** index.html's first paint, before the script (and its messages) arrive: 'Loading...'. */
const FIRST_PAINT = /(<div class="first-paint"[^>]*>)Loading\.\.\.(<\/div>)/;
/** What it says in each language: the web app's own words for it ("shell.loading" in its catalogs). */
const FIRST_PAINT_WORDS: Record<Exclude<Language, "en">, string> = { fr: "Chargement…" };

/** index.html's notice for an app that cannot start (main.tsx shows it): the error boundary's words and "Reload". */
const START_FAILURE = /(<div id="start-failure"[^>]*>).*?(<\/div>)/s;
const START_FAILURE_HTML: Record<Exclude<Language, "en">, string> = {
  fr: "<h1>Un problème est survenu</h1><p>Une erreur inattendue est survenue. Rechargez la page et réessayez.</p><a href=\"\">Recharger</a>",
};
