// Marks the scripts a screen runs as it loads for eager compilation: V8's explicit compile hint, a
// first line `//# allFunctionsCalledOnLoad` (Chrome 136 and later; other engines read a comment).
// Without it V8 compiles a function the first time it is called, on the main thread: on a page the
// server rendered, the hydration's first calls of the router, the query cache and every component
// paid their compilation inside its tasks. Marked, the whole file is compiled as it downloads, off the
// main thread (docs/server-rendering.md, "The code compiled as it downloads"; decision 052).
//
// Which files: the main script and each screen's (routes/*.tsx), with every file they import
// statically, as .vite/manifest.json says: what a screen evaluates and calls as it loads. Files
// imported later (the map, the charts, the header's menu, messages) stay lazy. The hidden source map
// of each marked file gains the line too (one more `;` at the start of its mappings), so a profile's
// positions still point at the right source.
//
// Run after `vite build`, before scripts/compress-assets.mjs: `npm run build`.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * The files to mark, from the build's manifest: each entry and each screen with the files they
 * import statically, transitively.
 * @param {Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>} manifest
 * @returns {string[]}
 */
export function filesRunOnLoad(manifest) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || (chunk.isDynamicEntry && /^routes\/[^/]+\.tsx$/.test(key))) visit(key);
  return [...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith(".js")))].sort();
}

/**
 * The script with the hint as its first line, and its source map's mappings moved one line down.
 * Marking twice changes nothing.
 * @param {string} code
 * @param {string | undefined} map
 * @returns {{ code: string; map: string | undefined }}
 */
export function withCompileHint(code, map) {
  if (code.startsWith(COMPILE_HINT)) return { code, map };
  if (map === undefined) return { code: COMPILE_HINT + code, map };
  const parsed = JSON.parse(map);
  parsed.mappings = `;${parsed.mappings}`;
  return { code: COMPILE_HINT + code, map: JSON.stringify(parsed) };
}

function main() {
  const dist = fileURLToPath(new URL("../dist/web/", import.meta.url));
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
  const files = filesRunOnLoad(manifest);
  for (const file of files) {
    const path = join(dist, file);
    const mapPath = `${path}.map`;
    const marked = withCompileHint(readFileSync(path, "utf8"), existsSync(mapPath) ? readFileSync(mapPath, "utf8") : undefined);
    writeFileSync(path, marked.code);
    if (marked.map !== undefined) writeFileSync(mapPath, marked.map);
  }
  console.log(`Compile hints: ${files.length} scripts run as a screen loads are compiled as they download`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
