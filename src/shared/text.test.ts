import { describe, expect, it } from "vitest";
import { hasControlCharacters, hasControlCharactersOrLineBreaks } from "./text.ts";

describe("hasControlCharacters", () => {
  it.each(["a\u0000b", "\u0007", "esc \u001b[31m", "del \u007f", "form\u000cfeed"])("finds one in %j", (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each(["Riverside Park", "Café ☕ 😀", "tab\tand\nline\r\nbreaks", "Zoë O'Brien-Ünal", "\u00a0no-break"])("accepts %j", (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});

describe("hasControlCharactersOrLineBreaks: one-line fields (a guest's name)", () => {
  it.each(["Sam\r\nBcc: x@example.com", "Sam\nStone", "Sam\rStone", "tab\there", "line\u2028separator", "para\u2029graph", "next\u0085line", "a\u0000b", "esc \u001b[31m", "del \u007f"])(
    "finds one in %j",
    (text) => {
      expect(hasControlCharactersOrLineBreaks(text)).toBe(true);
    },
  );

  it.each(["Sam", "Zoë O'Brien-Ünal", "Café ☕ 😀", "\u00a0no-break"])("accepts %j", (text) => {
    expect(hasControlCharactersOrLineBreaks(text)).toBe(false);
  });
});
