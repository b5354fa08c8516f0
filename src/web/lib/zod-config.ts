// The browser's Content-Security-Policy forbids eval (script-src 'self'). Zod probes for it with
// `new Function` when it builds its first object schema, and a strict CSP reports that probe as a
// violation even though Zod catches it. `jitless` skips the probe; the schemas behave the same.
//
// Set through the global Zod reads its settings from (zod/v4/core/core.js keeps an existing one)
// rather than Zod's config(), which would bring Zod into the first script of every page.
// zod-config.test.ts checks that Zod still reads it. Imported first by main.tsx.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
export {};
