/** Prints rows under a header, the first column left-aligned and the others right-aligned. */
export function printTable(header: string[], rows: string[][], indent = "") {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => indent + cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(line(header));
  console.log(indent + widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}
