import { describe, expect, it } from "vitest";
import { matchesName } from "./search.ts";

describe("searching the check-in list by name", () => {
  it("finds by the start of any word, in any case, with or without accents", () => {
    expect(matchesName("Léa Dubois", "lea")).toBe(true);
    expect(matchesName("Léa Dubois", "DUB")).toBe(true);
    expect(matchesName("Léa Dubois", "dubois léa")).toBe(true);
    expect(matchesName("Jean-Luc Picard", "luc")).toBe(true);
    expect(matchesName("Léa Dubois", "bois")).toBe(false);
    expect(matchesName("Léa Dubois", "lea x")).toBe(false);
  });

  it("shows everyone for an empty search", () => {
    expect(matchesName("Ann Test", "   ")).toBe(true);
  });
});
