import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { LAYERS, upwardPatterns } from "./scripts/layers.mjs";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "drizzle/", ".tmp/", "e2e/artifacts/", "src/web/public/sw.js", "data/", "android/", "ios/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // The house's import rules (docs/architecture.md), from the layers in scripts/layers.mjs; the
  // folders' import graph holds the same in src/test/import-rules.test.ts.
  ...importZones(),
);

/**
 * One `no-restricted-imports` zone per folder (a later zone for the same file replaces an earlier
 * one, so each carries every pattern that applies to it). Everywhere in src: an import that climbs
 * out of its folder names it by its alias. The web app never imports src/server; src/shared imports
 * neither. A folder's product files never import a higher layer (its tests may compose anything).
 */
function importZones() {
  const climbs = { regex: "^\\.\\./", message: "Import from another folder by its alias (#server/, #shared/, #web/, #test/; package.json \"imports\"), not with ../" };
  const webNeverServer = { regex: "^#server/", message: "The web app never imports src/server: move what both need to src/shared." };
  const sharedNeither = { regex: "^#(server|web)/", message: "src/shared is imported by the server and the web app, and imports neither." };
  // A page the server renders answers these two hooks without TanStack's observers (src/web/lib/use-query.ts, use-mutation.ts).
  const serverHooks = {
    name: "@tanstack/react-query",
    importNames: ["useQuery", "useMutation"],
    message: "Import useQuery and useMutation from #web/lib/use-query.ts and use-mutation.ts: they answer a page rendered on the server without an observer.",
  };
  const zone = (files, patterns, ignores = [], paths = []) => ({ files, ignores, rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns, paths }] } });
  const tests = ["**/*.test.ts", "**/*.test.tsx"];
  const folders = Object.values(LAYERS).flat().filter((folder) => folder !== "src/shared" && !folder.endsWith("/(top)"));
  return [
    zone(["src/**/*.{ts,tsx}"], [climbs]),
    zone(["src/web/**/*.{ts,tsx}"], [climbs, webNeverServer]),
    zone(["src/shared/**/*.{ts,tsx}"], [climbs, sharedNeither]),
    ...folders.map((folder) =>
      zone([`src/${folder}/**/*.{ts,tsx}`], [climbs, ...(folder.startsWith("web/") ? [webNeverServer] : []), ...upwardPatterns(folder)], tests, folder.startsWith("web/") ? [serverHooks] : []),
    ),
  ];
}
