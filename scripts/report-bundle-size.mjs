// Prints the gzip size of the JavaScript that the browser loads for / (entry chunk, its static
// imports, the home screen chunk and the reader's messages), against the 95 KB budget (docs/testing-and-budgets.md, "Budgets"; issue 36).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 95;
const dist = new URL("../dist/web/", import.meta.url).pathname;
const html = readFileSync(join(dist, "index.html"), "utf8");
const entry = html.match(/<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/)?.[1];
if (!entry) throw new Error("entry script not found in dist/web/index.html");

const loaded = new Set();
const visit = (file) => {
  if (loaded.has(file)) return;
  loaded.add(file);
  const code = readFileSync(join(dist, file), "utf8");
  // Static imports between chunks: import{…}from"./chunk.js" or import"./chunk.js".
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'`();]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)) {
    visit(`assets/${match[1]}`);
  }
};
visit(entry);
// The home screen is lazy but always needed at /.
const homeChunk = [...loaded].map((file) => readFileSync(join(dist, file), "utf8").match(/["'`]\.\/(home-[^"'`]+\.js)["'`]/)?.[1]).find(Boolean);
if (!homeChunk) throw new Error("the home screen's chunk is not named by the entry's code");
visit(`assets/${homeChunk}`);

// Before the first render of / the app also fetches the reader's messages: the shell's, and the home
// screen's with its code (docs/languages.md). They count, for each language.
const assets = readdirSync(join(dist, "assets"));
const chunkNamed = (prefix) => {
  const file = assets.find((name) => name.startsWith(prefix) && name.endsWith(".js"));
  if (!file) throw new Error(`no chunk ${prefix}* in dist/web/assets`);
  return `assets/${file}`;
};
const gzipOf = (file) => gzipSync(readFileSync(join(dist, file))).length;
const languages = ["en", "fr"].map((language) => {
  const files = [chunkNamed(`messages-${language}-shell-`), chunkNamed(`messages-${language}-home-`)];
  return { language, files, gzip: files.reduce((sum, file) => sum + gzipOf(file), 0) };
});

const sizes = [...loaded].map((file) => ({ file, gzip: gzipOf(file) }));
const codeKb = sizes.reduce((sum, { gzip }) => sum + gzip, 0) / 1024;
for (const { file, gzip } of sizes) console.log(`  ${file}: ${(gzip / 1024).toFixed(1)} KB gzip`);
let worstKb = 0;
for (const { language, files, gzip } of languages) {
  const totalKb = codeKb + gzip / 1024;
  worstKb = Math.max(worstKb, totalKb);
  console.log(`Initial JavaScript for / in ${language}: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB): the code above and ${files.map((file) => `${file.slice(7)} ${(gzipOf(file) / 1024).toFixed(1)} KB`).join(", ")}`);
}
if (worstKb > BUDGET_KB) {
  console.error(`Over budget by ${(worstKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exitCode = 1;
}
