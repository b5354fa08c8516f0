import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { compiledCatalogs } from "./scripts/vite-compiled-catalogs.ts";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig(({ command }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [compiledCatalogs(), react(), tailwindcss(), preloadSignedInUser()],
  resolve: {
    // React Router 7's package exports name only its development build (remix-run/react-router#14102):
    // with its warnings and checks it was the slowest part of every page's start on a phone. The
    // build takes the production one it ships beside it; the dev server keeps the warnings.
    alias: command === "build" ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url)) }] : [],
  },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // The modules that the entry shares with screens loaded later, in one chunk: left alone, the
        // bundler cut them into four small files, each compressed apart (about 1 KB more for /).
        advancedChunks: {
          groups: [
            {
              name: "common",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-query|query-core)|react-router)[\\/]|src[\\/]shared[\\/](language|money)\.ts|src[\\/]web[\\/](i18n[\\/]i18n|lib[\\/](paths|config|api|connection|saved-answers|app-origin|native-bridge))\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/dev": `http://127.0.0.1:${apiPort}`,
      "/healthz": `http://127.0.0.1:${apiPort}`,
    },
  },
}));

/**
 * Every page first asks who is signed in and the public settings (lib/auth.tsx, lib/config.ts).
 * index.html asks for both while the script downloads, and api.ts's fetch takes the answers
 * (same URL, same credentials mode), instead of one more round trip after the script has run.
 * Not in the mobile app's build (VITE_PUBLIC_URL): there the API is another origin (lib/app-origin.ts).
 */
function preloadSignedInUser(): Plugin {
  return {
    name: "kickoff-preload-api",
    transformIndexHtml: () =>
      process.env.VITE_PUBLIC_URL
        ? []
        : ["/api/me", "/api/config"].map((href) => ({
            tag: "link",
            attrs: { rel: "preload", href, as: "fetch", crossorigin: "use-credentials" },
            injectTo: "head" as const,
          })),
  };
}
