import { describe, expect, it } from "vitest";
import { parseCsv } from "#test/csv.ts";
import { centsCell, toCsv } from "./csv.ts";

describe("CSV", () => {
  it("quotes what needs it, keeps accents, ends lines with CRLF and starts with a byte-order mark", () => {
    const text = toCsv(["name", "note"], [["Zoé Lefèvre", 'said "hi", then\nleft'], ["Ana", null]]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toBe('\uFEFFname,note\r\nZoé Lefèvre,"said ""hi"", then\nleft"\r\nAna,\r\n');
    expect(parseCsv(text)).toEqual([["name", "note"], ["Zoé Lefèvre", 'said "hi", then\nleft'], ["Ana", ""]]);
  });

  it("turns cells a spreadsheet would run as formulas into text", () => {
    const text = toCsv(["a"], [["=1+1"], ["+33 6"], ["-2"], ["@SUM(A1)"], ["\tx"], ["plain"]]);
    expect(parseCsv(text).slice(1).map((row) => row[0])).toEqual(["'=1+1", "'+33 6", "'-2", "'@SUM(A1)", "'\tx", "plain"]);
  });

  it("writes cents as plain decimals", () => {
    expect([centsCell(1234), centsCell(5), centsCell(0), centsCell(null)]).toEqual(["12.34", "0.05", "0.00", null]);
  });
});
