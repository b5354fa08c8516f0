import { describe, expect, it } from "vitest";
import { hasControlCharacters } from "./text.ts";

describe("hasControlCharacters", () => {
  it.each(["a\u0000b", "\u0007", "esc \u001b[31m", "del \u007f", "form\u000cfeed"])("finds one in %j", (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each(["Riverside Park", "Café ☕ 😀", "tab\tand\nline\r\nbreaks", "Zoë O'Brien-Ünal", "\u00a0no-break"])("accepts %j", (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});
