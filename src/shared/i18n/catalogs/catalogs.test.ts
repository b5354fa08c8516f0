import { describe, expect, it } from "vitest";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { readFileSync } from "node:fs";
import { LANGUAGES } from "#shared/language.ts";
import { ALL_AREAS } from "./areas.ts";

// The catalogs as written (the build compiles them; vitest.config.ts runs the same plugin), read from
// source so that this test sees the keys and ICU text a translator wrote.
async function sourceCatalog(language: string, area: string): Promise<Record<string, string>> {
  const { tsImport } = await import("tsx/esm/api");
  const url = new URL(`./${language}/${area}.ts`, import.meta.url);
  readFileSync(url); // a missing catalog file fails here, by name
  return ((await tsImport(`${url.href}?source`, import.meta.url)) as { messages: Record<string, string> }).messages;
}

/**
 * The placeholders a message uses ({name}, {count, plural, …}), each once (a plural's branch may name
 * its value again), sorted: read from Lingui's compiled form, so a select's branch ("{role, select,
 * player {joueur} …}") is text, not a placeholder.
 */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(token[0] as string);
      if (token[2] && typeof token[2] === "object") for (const branch of Object.values(token[2] as Record<string, unknown>)) visit(branch);
    }
  };
  visit(compileMessage(message));
  return [...names].sort();
}

describe("message catalogs", () => {
  it("every language has exactly the keys English has, in every area", async () => {
    for (const area of ALL_AREAS) {
      const english = Object.keys(await sourceCatalog("en", area)).sort();
      expect(english.length, area).toBeGreaterThan(0);
      for (const language of LANGUAGES) {
        const keys = Object.keys(await sourceCatalog(language, area)).sort();
        expect({ area, language, missing: english.filter((key) => !keys.includes(key)), extra: keys.filter((key) => !english.includes(key)) }).toEqual({
          area,
          language,
          missing: [],
          extra: [],
        });
      }
    }
  });

  it("a key starts with its area's name, which is how a screen knows what to load", async () => {
    for (const area of ALL_AREAS) {
      const misplaced = Object.keys(await sourceCatalog("en", area)).filter((key) => !key.startsWith(`${area}.`));
      expect({ area, misplaced }).toEqual({ area, misplaced: [] });
    }
  });

  it("every translation compiles and uses the same placeholders as the English", async () => {
    for (const area of ALL_AREAS) {
      const english = await sourceCatalog("en", area);
      for (const language of LANGUAGES) {
        const catalog = await sourceCatalog(language, area);
        for (const [key, message] of Object.entries(catalog)) {
          expect(() => compileMessage(message), `${language} ${key}`).not.toThrow();
          expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key]!));
        }
      }
    }
  });
});
