import { activateLanguage } from "./i18n.ts";

// The screens' code formats with the active language's messages: unit tests read English, as the
// app does before anyone chooses (the browser's main.tsx loads it before the first render).
await activateLanguage("en");
