import { describe, expect, it } from "vitest";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { readFileSync } from "node:fs";
import { LANGUAGES } from "../../../shared/language.ts";

// The catalogs as written (the build compiles them; vitest.config.ts runs the same plugin), read from
// source so that this test sees the keys and ICU text a translator wrote.
async function sourceCatalog(language: string): Promise<Record<string, string>> {
  const { tsImport } = await import("tsx/esm/api");
  const url = new URL(`./${language}.ts`, import.meta.url);
  readFileSync(url); // a missing catalog file fails here, by name
  return ((await tsImport(`${url.href}?source`, import.meta.url)) as { messages: Record<string, string> }).messages;
}

/** The placeholders a message uses ({name}, {count, plural, …}), sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z]\w*)\s*[,}]/g)].map((match) => match[1]!).sort();
}

describe("message catalogs", () => {
  it("every language has exactly the keys English has", async () => {
    const english = Object.keys(await sourceCatalog("en")).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const keys = Object.keys(await sourceCatalog(language)).sort();
      expect({ language, missing: english.filter((key) => !keys.includes(key)), extra: keys.filter((key) => !english.includes(key)) }).toEqual({
        language,
        missing: [],
        extra: [],
      });
    }
  });

  it("every translation compiles and uses the same placeholders as the English", async () => {
    const english = await sourceCatalog("en");
    for (const language of LANGUAGES) {
      const catalog = await sourceCatalog(language);
      for (const [key, message] of Object.entries(catalog)) {
        expect(() => compileMessage(message), `${language} ${key}`).not.toThrow();
        expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key]!));
      }
    }
  });
});
