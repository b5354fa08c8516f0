import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { EventSummary } from "#shared/events.ts";
import { decodePng, largestBlockDifference } from "#test/png.ts";
import { ogCardFacts } from "./og-card-facts.ts";
import type { OgVariant } from "./og-card-template.ts";
import { renderOgImage } from "./render-og-image.ts";
import { SAMPLE_GAME, SAMPLE_NOW } from "#test/sample-game.ts";

// Reference pictures of one known game, drawn once and committed. After a deliberate change of the
// template, look at the new pictures and write them with `OG_REFERENCE_UPDATE=1 npx vitest run
// src/server/og/render-og-image.test.ts` (and bump TEMPLATE_REVISION in og-image-url.ts).
const REFERENCES = join(dirname(fileURLToPath(import.meta.url)), "reference");
// Antialiasing may differ by a shade between machines (x64, arm64): no 16 × 16 block may differ by
// more than 6 of 255 on average; one changed digit moves its blocks by tens (the last test).
const TOLERANCE = 6;

const game = SAMPLE_GAME;
const now = SAMPLE_NOW;
const draw = (summary: EventSummary, language: "en" | "fr", variant: OgVariant) => renderOgImage(ogCardFacts(summary, { language, currency: "cad", now }), variant, "Kickoff");

describe("renderOgImage", () => {
  it.each([
    ["fr", "wide"],
    ["fr", "square"],
    ["en", "wide"],
  ] as const)("draws the known game in %s (%s) as its reference picture, within tolerance", async (language, variant) => {
    const png = await draw(game, language, variant);
    const file = join(REFERENCES, `${language}-${variant}.png`);
    if (process.env.OG_REFERENCE_UPDATE || !existsSync(file)) {
      if (!process.env.OG_REFERENCE_UPDATE) throw new Error(`no reference picture ${file}: write it with OG_REFERENCE_UPDATE=1`);
      mkdirSync(REFERENCES, { recursive: true });
      writeFileSync(file, png);
    }
    const reference = decodePng(readFileSync(file));
    const drawn = decodePng(png);
    expect({ width: drawn.width, height: drawn.height }).toEqual({ width: reference.width, height: reference.height });
    expect(largestBlockDifference(drawn, reference)).toBeLessThanOrEqual(TOLERANCE);
  });

  it("tells a picture with other facts from the reference", async () => {
    const reference = decodePng(readFileSync(join(REFERENCES, "fr-wide.png")));
    for (const other of [{ playersCount: 12 }, { status: "cancelled" as const }, { locationName: "Parc Lafontaine" }, { costCents: 1500 }, { startsAt: "2031-12-07T00:30:00.000Z" }]) {
      const difference = largestBlockDifference(decodePng(await draw({ ...game, ...other }, "fr", "wide")), reference);
      expect(difference).toBeGreaterThan(TOLERANCE * 3);
    }
    expect(largestBlockDifference(decodePng(await draw(game, "en", "wide")), reference)).toBeGreaterThan(TOLERANCE);
  });
});
