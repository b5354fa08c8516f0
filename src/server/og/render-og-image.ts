import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import type { OgCardFacts } from "./og-card-facts.ts";
import { OG_VARIANTS, type OgVariant, ogCardTemplate } from "./og-card-template.ts";
import { loadOgFonts } from "./og-fonts.ts";

/**
 * Draws a game's picture: satori lays the template out into an SVG (text as paths, from the fonts
 * we ship), resvg rasterises it to PNG on libuv's thread pool, so the event loop only carries the
 * layout (decision 030). No system font is read: the same picture on every machine.
 */
export async function renderOgImage(facts: OgCardFacts, variant: OgVariant, appName: string): Promise<Buffer> {
  const { width, height } = OG_VARIANTS[variant];
  const svg = await satori(ogCardTemplate(facts, variant, appName), { width, height, fonts: await loadOgFonts() });
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return image.asPng();
}
