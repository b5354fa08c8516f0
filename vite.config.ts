import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { compiledCatalogs } from "./scripts/vite-compiled-catalogs.ts";
import { preactCompat } from "./scripts/vite-preact-compat.ts";

type RolldownLog = Rollup.RollupLog;

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig(({ command, isSsrBuild }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [compiledCatalogs(), react(), tailwindcss(), preloadSignedInUser()],
  resolve: {
    // React Router 7's package exports name only its development build (remix-run/react-router#14102):
    // with its warnings and checks it was the slowest part of every page's start on a phone. The
    // build takes the production one it ships beside it; the dev server keeps the warnings.
    alias: [...preactCompat, ...(command === "build" ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url)) }] : [])],
  },
  // `vite build --ssr`: the server's render of the first screen (entry-server.tsx, docs/server-rendering.md),
  // for Node, with React and the other packages inside, in their production builds as the browser gets them.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  build: isSsrBuild ? { outDir: "../../dist/ssr", emptyOutDir: true, ssr: "entry-server.tsx", sourcemap: true, copyPublicDir: false, rolldownOptions: { onwarn: withoutReactRoutersOptionalHook } } : {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // Maps for debugging, without the comment naming them at the end of each script: ~35 bytes gzip a
    // file, ~0.25 KB of the first load of / (its budget, docs/testing-and-budgets.md). DevTools can still load them by hand.
    sourcemap: "hidden",
    chunkSizeWarningLimit: 400,
    // Which files each screen is (.vite/manifest.json, never served): the server's render asks for the
    // screen it rendered at once (src/server/web/render-page.ts).
    manifest: true,
    rolldownOptions: {
      onwarn: withoutReactRoutersOptionalHook,
      output: {
        // main.tsx with everything it imports, and the small modules the home screen shares with
        // other screens, in one chunk: left alone, the bundler (rolldown/rolldown#10731) cut them
        // into several small files, each compressed apart, 2-5 KB more for / (decision 029).
        advancedChunks: {
          groups: [
            {
              name: "common",
              test: /src[\\/](web[\\/](main\.tsx|components[\\/]form\.tsx|features[\\/](events[\\/](format\.ts|components[\\/]query-error\.tsx|hooks[\\/]use-(now|is-narrow)\.ts)|live[\\/]live-stream\.ts)|i18n[\\/]format-money\.ts|lib[\\/]use-document-title\.ts)|shared[\\/]event-availability\.ts)$/,
            },
          ],
        },
        // Each language's messages are a chunk per area, named so that the budget's report
        // (scripts/report-bundle-size.mjs) can count the ones / loads (docs/languages.md).
        chunkFileNames: (chunk) => {
          const catalog = /[\\/]i18n[\\/]catalogs[\\/]([a-z]{2})[\\/]([a-z-]+)\.ts$/.exec(chunk.facadeModuleId ?? "");
          return catalog ? `assets/messages-${catalog[1]}-${catalog[2]}-[hash].js` : "assets/[name]-[hash].js";
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
 * React Router reads React 19's useOptimistic and falls back to the plain value when it is missing,
 * as it is in preact/compat (scripts/vite-preact-compat.ts): the bundler's notice that the import is
 * undefined says what is intended. Every other warning is printed as before.
 */
function withoutReactRoutersOptionalHook(warning: RolldownLog, print: (warning: RolldownLog) => void) {
  if (warning.code === "IMPORT_IS_UNDEFINED" && warning.message.includes("useOptimistic") && warning.id?.includes("react-router")) return;
  print(warning);
}

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
