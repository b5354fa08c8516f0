import { statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const CATALOG = /[\\/]src[\\/]shared[\\/]i18n[\\/]catalogs[\\/][a-z]{2}[\\/][a-z-]+\.ts$/;

/**
 * The message catalogs (src/shared/i18n/catalogs/<language>/<area>.ts) are written in ICU syntax, readable and typed;
 * this compiles them when they are bundled into the arrays Lingui's runtime reads, so the browser
 * carries no message parser (decision 029). Used by the build, the dev server and the unit tests.
 */
export function compiledCatalogs(): Plugin {
  // Each catalog compiled once per change: the unit tests load every English one in each test file.
  const compiledOnce = new Map<string, { modifiedAt: number; code: string }>();
  return {
    name: "kickoff:compiled-catalogs",
    enforce: "pre",
    async load(id) {
      if (!CATALOG.test(id)) return null;
      this.addWatchFile(id);
      const modifiedAt = statSync(id).mtimeMs;
      const cached = compiledOnce.get(id);
      if (cached?.modifiedAt === modifiedAt) return cached.code;
      const { tsImport } = await import("tsx/esm/api");
      // A query per load, so that an edited catalog is read again by the dev server.
      const source = (await tsImport(`${pathToFileURL(id).href}?t=${Date.now()}`, import.meta.url)) as { messages: Record<string, string> };
      const compiled = Object.fromEntries(Object.entries(source.messages).map(([key, message]) => [key, compileMessage(message)]));
      const code = `export const messages = ${JSON.stringify(compiled)};\n`;
      compiledOnce.set(id, { modifiedAt, code });
      return code;
    },
  };
}
