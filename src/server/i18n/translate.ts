import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { ALL_AREAS, ServerMessageKey } from "#shared/i18n/catalogs/areas.ts";
import { messages as accountEn } from "#shared/i18n/catalogs/en/account.ts";
import { messages as adminEn } from "#shared/i18n/catalogs/en/admin.ts";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import { messages as eventEn } from "#shared/i18n/catalogs/en/event.ts";
import { messages as homeEn } from "#shared/i18n/catalogs/en/home.ts";
import { messages as mailEn } from "#shared/i18n/catalogs/en/mail.ts";
import { messages as privacyEn } from "#shared/i18n/catalogs/en/privacy.ts";
import { messages as sharedEn } from "#shared/i18n/catalogs/en/shared.ts";
import { messages as shellEn } from "#shared/i18n/catalogs/en/shell.ts";
import { messages as yoursEn } from "#shared/i18n/catalogs/en/yours.ts";
import { messages as accountFr } from "#shared/i18n/catalogs/fr/account.ts";
import { messages as adminFr } from "#shared/i18n/catalogs/fr/admin.ts";
import { messages as errorsFr } from "#shared/i18n/catalogs/fr/errors.ts";
import { messages as eventFr } from "#shared/i18n/catalogs/fr/event.ts";
import { messages as homeFr } from "#shared/i18n/catalogs/fr/home.ts";
import { messages as mailFr } from "#shared/i18n/catalogs/fr/mail.ts";
import { messages as privacyFr } from "#shared/i18n/catalogs/fr/privacy.ts";
import { messages as sharedFr } from "#shared/i18n/catalogs/fr/shared.ts";
import { messages as shellFr } from "#shared/i18n/catalogs/fr/shell.ts";
import { messages as yoursFr } from "#shared/i18n/catalogs/fr/yours.ts";
import { INTL_LOCALES, type Language } from "#shared/language.ts";

/**
 * The server's one way to word a text (docs/languages.md, "The server's texts"): by its key and
 * values, from the same catalogs as the screens (src/shared/i18n/catalogs). Each language's
 * catalogs, every area, are compiled once, the first time the language is asked for, into a Lingui
 * instance of its own. (Under vitest, whose config compiles each catalog file as it is imported,
 * scripts/vite-compiled-catalogs.ts, they come compiled already.) Dates and money are never
 * formatted here: they come as values, formatted by the helpers that take a language
 * (formatEventWhen, formatCents, …).
 */
// Keyed by area, so that an area added to areas.ts and not here fails the typecheck.
const SOURCES: Record<Language, Record<(typeof ALL_AREAS)[number], Record<string, string>>> = {
  en: { shell: shellEn, home: homeEn, yours: yoursEn, event: eventEn, account: accountEn, admin: adminEn, privacy: privacyEn, shared: sharedEn, mail: mailEn, errors: errorsEn },
  fr: { shell: shellFr, home: homeFr, yours: yoursFr, event: eventFr, account: accountFr, admin: adminFr, privacy: privacyFr, shared: sharedFr, mail: mailFr, errors: errorsFr },
};

const instances = new Map<Language, I18n>();

function instanceOf(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    const compiled: Messages = {};
    for (const catalog of Object.values(SOURCES[language])) for (const [key, message] of Object.entries(catalog)) compiled[key] = typeof message === "string" ? compileMessage(message) : (message as unknown as Messages[string]);
    i18n = setupI18n({ locale: language, locales: [INTL_LOCALES[language]], messages: { [language]: compiled } });
    instances.set(language, i18n);
  }
  return i18n;
}

export type MessageValues = Record<string, string | number>;

// Lingui decodes "\u0041"-like escape sequences in the text it wrote, values included: a value with
// a backslash (a game's title, an organiser's message) goes in as a mark of its own and comes out
// as it was.
const MARK = /\uE000(\d+)\uE001/g;

/** The text of `key` in `language`, with its values: `translate("fr", "mail.cancelled.subject", { title })`. */
export function translate(language: Language, key: ServerMessageKey, values?: MessageValues): string {
  if (!values) return instanceOf(language)._(key);
  const raw: string[] = [];
  const marked: MessageValues = {};
  for (const [name, value] of Object.entries(values)) marked[name] = typeof value === "string" && value.includes("\\") ? `\uE000${raw.push(value) - 1}\uE001` : value;
  const text = instanceOf(language)._(key, marked);
  return raw.length === 0 ? text : text.replace(MARK, (_, index: string) => raw[Number(index)]!);
}

/** The same as a function of the language, for a writer that words many texts in one. */
export function translatorFor(language: Language): (key: ServerMessageKey, values?: MessageValues) => string {
  return (key, values) => translate(language, key, values);
}
