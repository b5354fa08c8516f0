import type { Language } from "#shared/language.ts";
import type { Area } from "./areas.ts";

/** A catalog as the build compiles it (scripts/vite-compiled-catalogs.ts): Lingui's compiled messages by key. */
export type CompiledCatalog = Record<string, unknown>;

type Loader = () => Promise<{ messages: CompiledCatalog }>;

// One chunk per language and area (vite.config.ts names them messages-<language>-<area>): pure data,
// fetched in parallel with the screen that needs it.
const loaders: Record<Language, Record<Area, Loader>> = {
  en: {
    shell: () => import("./en/shell.ts"),
    home: () => import("./en/home.ts"),
    yours: () => import("./en/yours.ts"),
    event: () => import("./en/event.ts"),
    account: () => import("./en/account.ts"),
    admin: () => import("./en/admin.ts"),
    privacy: () => import("./en/privacy.ts"),
  },
  fr: {
    shell: () => import("./fr/shell.ts"),
    home: () => import("./fr/home.ts"),
    yours: () => import("./fr/yours.ts"),
    event: () => import("./fr/event.ts"),
    account: () => import("./fr/account.ts"),
    admin: () => import("./fr/admin.ts"),
    privacy: () => import("./fr/privacy.ts"),
  },
};

export async function loadCatalog(language: Language, area: Area): Promise<CompiledCatalog> {
  return (await loaders[language][area]()).messages;
}
