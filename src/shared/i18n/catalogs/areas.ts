import type { messages as account } from "./en/account.ts";
import type { messages as admin } from "./en/admin.ts";
import type { messages as errors } from "./en/errors.ts";
import type { messages as event } from "./en/event.ts";
import type { messages as home } from "./en/home.ts";
import type { messages as mail } from "./en/mail.ts";
import type { messages as privacy } from "./en/privacy.ts";
import type { messages as shared } from "./en/shared.ts";
import type { messages as shell } from "./en/shell.ts";
import type { messages as yours } from "./en/yours.ts";

/**
 * Kickoff's messages come in areas, one file per language each (docs/languages.md, "Where texts
 * live"). A key's first word names its area ("event.join.title" is in event.ts). The web app's
 * areas: the shell is loaded before the first render; a screen loads the areas it names in
 * screens.ts together with its code, so a reader fetches one language, and of it only the screens
 * they open. "shared" holds the messages written once in src/shared for both sides (a zod schema's,
 * a rule's): the server words them in its error answers, and the screens that show one name it
 * (decision 035); it is never in the shell's entry.
 */
export const AREAS = ["shell", "home", "yours", "event", "account", "admin", "privacy", "shared"] as const;
export type Area = (typeof AREAS)[number];

/**
 * The areas only the server words (src/server/i18n/translate.ts): every mail's texts, and the API's
 * error messages ("errors"). No screen names them, so they never reach the browser
 * (screen-areas.test.ts).
 */
export const SERVER_AREAS = ["mail", "errors"] as const;
export type ServerArea = (typeof SERVER_AREAS)[number];

/** Every area, the screens' and the server's: what catalogs.test.ts checks. */
export const ALL_AREAS = [...AREAS, ...SERVER_AREAS] as const;

/** Every key of every screens' area: `t("a.misspelt.key")` fails the typecheck. */
export type MessageKey = keyof typeof shell | keyof typeof home | keyof typeof yours | keyof typeof event | keyof typeof account | keyof typeof admin | keyof typeof privacy | keyof typeof shared;

/** Every mail text's key (the "mail" area). */
export type MailKey = keyof typeof mail;

/** Every message written in src/shared (the "shared" area): a screen's and an API error's. */
export type SharedKey = keyof typeof shared;

/** Every API error message's key (the "errors" area). */
export type ErrorKey = keyof typeof errors;

/** What the server may word: any key of any area. */
export type ServerMessageKey = MessageKey | MailKey | ErrorKey;

/** The area a key belongs to: its first word. */
export function areaOf(key: string): string {
  return key.slice(0, key.indexOf("."));
}
