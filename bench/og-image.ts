// `npm run bench:og`: the link-preview pictures of games (docs/link-previews.md). Renders varied
// games (short and long titles, accents, right-to-left text and emoji, every availability) in both
// languages and both variants with no cache, one at a time, and prints per variant the render time
// p50 / p99 (budget 150 ms for the wide picture, p50), the largest PNG (budget 120 KB), the first
// render (fonts read, layout engine started), and the process's memory before, after and at peak.
// Then the same through the cache with 2 renders at a time, as the route does, for the throughput.
// Exits 1 when a budget is missed.
//
//   OG_BENCH_RENDERS  renders per variant and language (default 100)
import { performance } from "node:perf_hooks";
import type { EventSummary } from "#shared/events.ts";
import { LANGUAGES } from "#shared/language.ts";
import { SAMPLE_GAME, SAMPLE_NOW } from "#test/sample-game.ts";
import { ogCardFacts } from "#server/og/og-card-facts.ts";
import type { OgVariant } from "#server/og/og-card-template.ts";
import { createOgImageCache } from "#server/og/og-image-cache.ts";
import { renderOgImage } from "#server/og/render-og-image.ts";
import { printTable } from "./table.ts";

const RENDER_BUDGET_MS = 150;
const SIZE_BUDGET_BYTES = 120 * 1024;
const RENDERS = Number(process.env.OG_BENCH_RENDERS ?? 100);
const VARIANTS: OgVariant[] = ["wide", "square"];

const base = SAMPLE_GAME;
const GAMES: EventSummary[] = [
  base,
  { ...base, title: "Très long titre de match du dimanche matin au parc, avec des accents à gogo et encore plus de mots".repeat(2), locationName: "Terrain synthétique derrière l'aréna Maurice-Richard, Montréal, Québec".repeat(2) },
  { ...base, title: "مباراة الجمعة ⚽ משחק 🏆 Łódź Ærø", locationName: "😀 Parc", playersCount: 14 },
  { ...base, title: "Called off", status: "cancelled", costCents: 0 },
];
const now = SAMPLE_NOW;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const memoryBefore = process.memoryUsage();
let peakRss = memoryBefore.rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);

const firstStarted = performance.now();
await renderOgImage(ogCardFacts(base, { language: "en", currency: "cad", now }), "wide", "Kickoff");
const firstMs = performance.now() - firstStarted;

const rows: string[][] = [];
let failed = false;
for (const variant of VARIANTS) {
  const samples: number[] = [];
  let largest = 0;
  for (let i = 0; i < RENDERS; i++) {
    for (const language of LANGUAGES) {
      const game = GAMES[i % GAMES.length]!;
      const facts = ogCardFacts({ ...game, title: `${game.title} ${i}` }, { language, currency: "cad", now });
      const started = performance.now();
      const png = await renderOgImage(facts, variant, "Kickoff");
      samples.push(performance.now() - started);
      largest = Math.max(largest, png.length);
    }
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  const ok = (variant !== "wide" || p50 <= RENDER_BUDGET_MS) && largest <= SIZE_BUDGET_BYTES;
  failed ||= !ok;
  rows.push([variant, String(samples.length), `${p50.toFixed(1)} ms`, `${percentile(samples, 99).toFixed(1)} ms`, `${(largest / 1024).toFixed(1)} KB`, ok ? "ok" : "MISSED"]);
}

// As the route renders: through the cache, 2 at a time, every picture a new key.
const cache = createOgImageCache({ maxEntries: 500, maxConcurrent: 2 });
const parallel = 200;
const parallelStarted = performance.now();
await Promise.all(
  Array.from({ length: parallel }, (_, i) =>
    cache.get(`k${i}`, () => renderOgImage(ogCardFacts({ ...GAMES[i % GAMES.length]!, title: `Game ${i}` }, { language: i % 2 ? "fr" : "en", currency: "cad", now }), "wide", "Kickoff")),
  ),
);
const perSecond = parallel / ((performance.now() - parallelStarted) / 1000);
clearInterval(sampler);
global.gc?.();
const memoryAfter = process.memoryUsage();

console.log(`Link-preview pictures: ${RENDERS} renders per variant and language, no cache (satori ${"+"} @resvg/resvg-js, Noto Sans)\n`);
printTable(["variant", "renders", "p50", "p99", "largest PNG", "budget"], rows, "  ");
console.log(`\n  first render (fonts read, layout engine started): ${firstMs.toFixed(0)} ms`);
console.log(`  through the cache, 2 at a time, ${parallel} new wide pictures: ${perSecond.toFixed(1)} pictures/s`);
console.log(`  memory: rss ${mb(memoryBefore.rss)} before, ${mb(peakRss)} at peak, ${mb(memoryAfter.rss)} after; heap used ${mb(memoryBefore.heapUsed)} → ${mb(memoryAfter.heapUsed)}; cache holds ${cache.size} pictures`);
console.log(`  budgets: wide render p50 ≤ ${RENDER_BUDGET_MS} ms, every PNG ≤ ${SIZE_BUDGET_BYTES / 1024} KB`);
process.exit(failed ? 1 : 0);
