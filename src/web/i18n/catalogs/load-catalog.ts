import type { Language } from "#shared/language.ts";
import type { Area } from "#shared/i18n/catalogs/areas.ts";

/** A catalog as the build compiles it (scripts/vite-compiled-catalogs.ts): Lingui's compiled messages by key. */
export type CompiledCatalog = Record<string, unknown>;

type Loader = () => Promise<{ messages: CompiledCatalog }>;

// One chunk per language and area (vite.config.ts names them messages-<language>-<area>): pure data,
// fetched in parallel with the screen that needs it.
const loaders: Record<Language, Record<Area, Loader>> = {
  en: {
    shell: () => import("#shared/i18n/catalogs/en/shell.ts"),
    home: () => import("#shared/i18n/catalogs/en/home.ts"),
    yours: () => import("#shared/i18n/catalogs/en/yours.ts"),
    event: () => import("#shared/i18n/catalogs/en/event.ts"),
    account: () => import("#shared/i18n/catalogs/en/account.ts"),
    admin: () => import("#shared/i18n/catalogs/en/admin.ts"),
    privacy: () => import("#shared/i18n/catalogs/en/privacy.ts"),
    shared: () => import("#shared/i18n/catalogs/en/shared.ts"),
  },
  fr: {
    shell: () => import("#shared/i18n/catalogs/fr/shell.ts"),
    home: () => import("#shared/i18n/catalogs/fr/home.ts"),
    yours: () => import("#shared/i18n/catalogs/fr/yours.ts"),
    event: () => import("#shared/i18n/catalogs/fr/event.ts"),
    account: () => import("#shared/i18n/catalogs/fr/account.ts"),
    admin: () => import("#shared/i18n/catalogs/fr/admin.ts"),
    privacy: () => import("#shared/i18n/catalogs/fr/privacy.ts"),
    shared: () => import("#shared/i18n/catalogs/fr/shared.ts"),
  },
};

export async function loadCatalog(language: Language, area: Area): Promise<CompiledCatalog> {
  return (await loaders[language][area]()).messages;
}
