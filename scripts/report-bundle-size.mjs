// Prints the gzip size of the JavaScript that the browser loads for / (entry chunk, its static
// imports and the home screen chunk), against the 110 KB budget (docs/testing-and-budgets.md, "Budgets").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 110;
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
const homeChunk = readFileSync(join(dist, entry), "utf8").match(/["'`]\.\/(home-[^"'`]+\.js)["'`]/)?.[1];
if (homeChunk) visit(`assets/${homeChunk}`);

const sizes = [...loaded].map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file))).length }));
const totalKb = sizes.reduce((sum, { gzip }) => sum + gzip, 0) / 1024;
for (const { file, gzip } of sizes) console.log(`  ${file}: ${(gzip / 1024).toFixed(1)} KB gzip`);
console.log(`Initial JavaScript for /: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
// Each language's messages and Lingui's runtime load before the first render too, one language per
// reader (docs/languages.md): shown apart, outside the budget's count.
const initialCode = [...loaded].map((file) => readFileSync(join(dist, file), "utf8")).join("\n");
for (const [, file] of initialCode.matchAll(/["'`]\.\/(load-[a-z]{2}-[^"'`]+\.js)["'`]/g)) {
  const chunk = new Set();
  const walk = (name) => {
    if (chunk.has(name) || loaded.has(name)) return;
    chunk.add(name);
    const code = readFileSync(join(dist, name), "utf8");
    for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'`();]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)) walk(`assets/${match[1]}`);
  };
  walk(`assets/${file}`);
  const kb = [...chunk].reduce((sum, name) => sum + gzipSync(readFileSync(join(dist, name))).length, 0) / 1024;
  console.log(`  messages ${file.slice(5, 7)} (with Lingui's runtime), before the first render: ${kb.toFixed(1)} KB gzip`);
}
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exitCode = 1;
}
