// The house's layers (docs/architecture.md), lowest first: a folder imports its own layer and those
// below. Read by eslint.config.js (the zones lint holds per file) and src/test/import-rules.test.ts
// (the folders' import graph); a new folder must be placed here, or that test fails.
export const LAYERS = {
  shared: ["src/shared"],
  infrastructure: ["server/db", "server/http", "server/i18n", "server/mail", "server/jobs", "server/cache"],
  accounts: ["server/auth", "server/mobile", "server/push"],
  money: ["server/money"],
  "game core": ["server/events"],
  features: [
    "server/registrations",
    "server/cards",
    "server/series",
    "server/teams",
    "server/check-in",
    "server/console",
    "server/calendar",
    "server/live",
    "server/reminders",
    "server/og",
    "server/analytics",
    "server/places",
    "server/web",
  ],
  composition: ["server/(top)"],
  // The web app, from the bottom: its texts, its plumbing, shared components, features, screens, the shells.
  "web: i18n": ["web/i18n"],
  "web: lib": ["web/lib"],
  "web: components": ["web/components"],
  "web: features": ["web/features"],
  "web: routes": ["web/routes"],
  "web: top": ["web/(top)"],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * ESLint's `no-restricted-imports` options for the files of one folder ("server/events"): every
 * folder of a higher layer in the same area, by its alias (#server/…, #web/…). Types may still be
 * named across (they vanish at run time), as the import graph counts them.
 */
export function upwardPatterns(folder) {
  const layers = Object.values(LAYERS);
  const level = layers.findIndex((folders) => folders.includes(folder));
  const [area] = folder.split("/");
  const higher = layers
    .slice(level + 1)
    .flat()
    .filter((other) => other.startsWith(`${area}/`) && !other.endsWith("/(top)"))
    .map((other) => escape(other.slice(area.length + 1)));
  const patterns = [];
  if (higher.length > 0) {
    patterns.push({
      regex: `^#${area}/(${higher.join("|")})/`,
      allowTypeImports: true,
      message: `${folder} sits below that folder's layer (docs/architecture.md): move what both need down, or pass it in.`,
    });
  }
  if (!folder.endsWith("/(top)")) {
    patterns.push({
      regex: `^#${area}/[^/]+\\.tsx?$`,
      allowTypeImports: true,
      message: `The top of src/${area} composes the app (main.ts, app.ts, context.ts; main.tsx, screens.ts, the shells) and is imported by nothing below, except for types.`,
    });
  }
  return patterns;
}
