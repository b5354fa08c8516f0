import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { EventSummary } from "../../shared/events.ts";
import { decodePng, largestBlockDifference } from "../../test/png.ts";
import { ogCardFacts } from "./og-card-facts.ts";
import type { OgVariant } from "./og-card-template.ts";
import { renderOgImage } from "./render-og-image.ts";

// Reference pictures of one known game, drawn once and committed. After a deliberate change of the
// template, look at the new pictures and write them with `OG_REFERENCE_UPDATE=1 npx vitest run
// src/server/og/render-og-image.test.ts` (and bump TEMPLATE_REVISION in og-image-url.ts).
const REFERENCES = join(dirname(fileURLToPath(import.meta.url)), "reference");
// Antialiasing may differ by a shade between machines (x64, arm64): no 16 × 16 block may differ by
// more than 6 of 255 on average; one changed digit moves its blocks by tens (the last test).
const TOLERANCE = 6;

const game: EventSummary = {
  id: "0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11",
  title: "Soccer du samedi",
  startsAt: "2031-12-07T00:00:00.000Z",
  endsAt: "2031-12-07T01:30:00.000Z",
  timeZone: "America/Toronto",
  durationMinutes: 90,
  locationName: "Parc Jarry",
  latitude: null,
  longitude: null,
  field: null,
  costCents: 1000,
  maxPlayers: 14,
  includeGoalkeepers: false,
  goalkeeperCostCents: 0,
  maxGoalkeepers: 0,
  status: "active",
  playersCount: 11,
  goalkeepersCount: 0,
};
const now = new Date("2031-12-01T00:00:00Z");
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
