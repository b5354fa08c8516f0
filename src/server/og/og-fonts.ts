import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "satori";

/**
 * Noto Sans from @fontsource/noto-sans (SIL Open Font License), as .woff: satori reads ttf, otf and
 * woff but not woff2. Its "latin" and "latin-ext" files together cover every Latin accent (French,
 * Portuguese, Polish, Vietnamese-free Latin); both are given under one family name and satori picks
 * the file that has a glyph. Read once per process, on the first picture (decision 030).
 */
const FILES = [
  { file: "noto-sans-latin-400-normal.woff", weight: 400 },
  { file: "noto-sans-latin-ext-400-normal.woff", weight: 400 },
  { file: "noto-sans-latin-700-normal.woff", weight: 700 },
  { file: "noto-sans-latin-ext-700-normal.woff", weight: 700 },
] as const;

export const OG_FONT_FAMILY = "Noto Sans";

let fonts: Promise<Font[]> | undefined;

export function loadOgFonts(): Promise<Font[]> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    return Promise.all(
      FILES.map(async ({ file, weight }) => ({
        name: OG_FONT_FAMILY,
        data: await readFile(require.resolve(`@fontsource/noto-sans/files/${file}`)),
        weight,
        style: "normal" as const,
      })),
    );
  })();
  // A failed read is not kept: the next picture tries again.
  fonts.catch(() => (fonts = undefined));
  return fonts;
}
