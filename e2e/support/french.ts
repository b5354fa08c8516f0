import type { Page } from "playwright-core";
import { expect } from "vitest";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";

/**
 * The English texts a French page must not show: every message of the web app's English catalogs
 * (read as written, docs/languages.md) whose French differs, cut at its values and plurals into the
 * fixed pieces a reader would see ("{count} spots left" gives " spots left"). Pieces shorter than two
 * words are left out: "Console" or "Date" may be the same word in both languages.
 */
async function englishPieces(): Promise<string[]> {
  const pieces = new Set<string>();
  for (const area of AREAS) {
    const english = ((await import(`../../src/shared/i18n/catalogs/en/${area}.ts`)) as { messages: Record<string, string> }).messages;
    const french = ((await import(`../../src/shared/i18n/catalogs/fr/${area}.ts`)) as { messages: Record<string, string> }).messages;
    for (const [key, message] of Object.entries(english)) {
      if (french[key] === message) continue;
      for (const piece of message.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
        const trimmed = piece.trim();
        if (trimmed.split(/\s+/).length >= 2 && /[a-z]{3}/.test(trimmed)) pieces.add(trimmed);
      }
    }
  }
  return [...pieces];
}

const RAW_KEY = new RegExp(`\\b(?:${AREAS.join("|")})\\.[a-z][A-Za-z]*\\.[A-Za-z.]+`);

/**
 * What the page says, as a reader or a screen reader gets it: its visible text, and the labels,
 * placeholders and titles of what is on screen.
 */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll<HTMLElement>("[aria-label], [placeholder], [title], img[alt]")]
      .filter((element) => element.getClientRects().length > 0)
      .flatMap((element) => [element.getAttribute("aria-label"), element.getAttribute("placeholder"), element.getAttribute("title"), element.getAttribute("alt")]);
    return [document.title, document.body.innerText, ...labels].filter(Boolean).join("\n");
  });
}

/** Fails when the page shows an English text of the app, or a message's key instead of its text. */
export async function expectAllFrench(page: Page, where: string): Promise<void> {
  const english = await englishPieces();
  const words = await pageWords(page);
  expect({ where, rawKey: RAW_KEY.exec(words)?.[0] ?? null, english: english.filter((piece) => words.includes(piece)) }).toEqual({
    where,
    rawKey: null,
    english: [],
  });
}
