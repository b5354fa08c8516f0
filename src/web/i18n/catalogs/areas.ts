import type { messages as account } from "./en/account.ts";
import type { messages as admin } from "./en/admin.ts";
import type { messages as event } from "./en/event.ts";
import type { messages as home } from "./en/home.ts";
import type { messages as privacy } from "./en/privacy.ts";
import type { messages as shell } from "./en/shell.ts";
import type { messages as yours } from "./en/yours.ts";

/**
 * The web app's messages come in areas, one file per language each (docs/languages.md, "Where texts
 * live"). A key's first word names its area ("event.join.title" is in event.ts). The shell is loaded
 * before the first render; a screen loads the areas it names in screens.ts together with its code,
 * so a reader fetches one language, and of it only the screens they open.
 */
export const AREAS = ["shell", "home", "yours", "event", "account", "admin", "privacy"] as const;
export type Area = (typeof AREAS)[number];

/** Every key of every area: `t("a.misspelt.key")` fails the typecheck. */
export type MessageKey = keyof typeof shell | keyof typeof home | keyof typeof yours | keyof typeof event | keyof typeof account | keyof typeof admin | keyof typeof privacy;

/** The area a key belongs to: its first word. */
export function areaOf(key: string): string {
  return key.slice(0, key.indexOf("."));
}
