import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage } from "./i18n.ts";

// The screens' code formats with the active language's messages: unit tests read English, as the
// app does before anyone chooses, with every area, since a test may render any screen's parts.
await activateLanguage("en", AREAS);
