import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
  // The house's import rules (docs/architecture.md): the web app and shared code never import the
  // server (shared types live in src/shared), and shared code never imports the web app. Held by
  // src/test/import-rules.test.ts.
  {
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**"], message: "The web app never imports src/server: move what both need to src/shared." }] }],
    },
  },
  {
    files: ["src/shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "**/web/**"], message: "src/shared is imported by the server and the web app, and imports neither." }] },
      ],
    },
  },
);
