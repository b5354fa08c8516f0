// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the web build, so the server
// sends them as they are (src/server/web/spa.ts) instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("../dist/web/", import.meta.url).pathname;
/** Text formats the browser fetches; source maps are only read by developer tools. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);
/** Below this the compressed copy saves less than a round of headers. */
const MIN_BYTES = 1024;

let original = 0;
let brotli = 0;
let files = 0;
const visit = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      visit(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry.name)) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
    original += content.length;
    brotli += br.length;
    files += 1;
  }
};
visit(dist);
console.log(`Precompressed ${files} files: ${(original / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB brotli`);
