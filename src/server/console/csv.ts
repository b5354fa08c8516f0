/**
 * CSV as RFC 4180 writes it (CRLF line ends, fields quoted when they hold a comma, a quote or a line
 * break, quotes doubled), with a UTF-8 byte-order mark so that Excel reads accents right (Google
 * Sheets ignores it). A cell a spreadsheet would take for a formula (starting with =, +, -, @, a tab
 * or a carriage return) is prefixed with an apostrophe: a player named "=HYPERLINK(…)" stays text.
 */
export type Cell = string | number | null;

const BOM = "\uFEFF";

export function toCsv(header: string[], rows: Cell[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

function cell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Cents as a plain decimal a spreadsheet sums ("12.50"), never a formatted currency string. */
export function centsCell(cents: number | null): Cell {
  return cents === null ? null : (cents / 100).toFixed(2);
}
