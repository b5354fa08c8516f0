import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The app writes "Cancelled" (and "cancelling") in its own words; the original product's labels keep
 * their spelling (docs/product-rules.md, "Your Events"), and so does what other software says.
 */
const ALLOWED = [
  "Canceled/Refunded", // the original product's section title ("Canceled/Refunded Events")
  "You have no canceled events.", // its empty text
  'rejects with "Share canceled"', // Capacitor's own words, quoted in a comment
  "The payment was canceled.", // the card processor's words (src/server/money/processors/test-cards.ts), its refusal's key errors.card.canceled
  '"errors.card.canceled"', // that key, named after the processor's decline code
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("one spelling of cancelled", () => {
  it("is used wherever the screens and mails say it in the app's own words", () => {
    const found: string[] = [];
    for (const file of [...sources("src/web"), ...sources("src/server/mail"), ...sources("src/shared")]) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (/\bcancel(ed|ing)\b/i.test(line) && !ALLOWED.some((allowed) => line.includes(allowed))) found.push(`${file}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
