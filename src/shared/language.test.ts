import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, pickLanguage } from "./language.ts";

describe("choosing the language", () => {
  it("reads Accept-Language by its q-values, skipping languages the app does not speak", () => {
    expect(languageFromAcceptLanguage("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(languageFromAcceptLanguage("de-DE, en;q=0.5, fr;q=0.7")).toBe("fr");
    expect(languageFromAcceptLanguage("es, de")).toBeUndefined();
    expect(languageFromAcceptLanguage("fr;q=0, en")).toBe("en");
    expect(languageFromAcceptLanguage(";;;,q=,fr;q=abc")).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it("puts the viewer's choice before the browser's, and English last", () => {
    expect(pickLanguage("fr", "en-US")).toBe("fr");
    expect(pickLanguage("xx", "fr-FR,en")).toBe("fr");
    expect(pickLanguage(undefined, ["de-DE", "fr-CA"])).toBe("fr");
    expect(pickLanguage(null, [])).toBe("en");
  });
});
