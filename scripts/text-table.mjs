// The plain-text tables the measuring scripts print (bench.mjs, audit.mjs): fixed-width columns.

/**
 * The lines of a table: its header, then one line a row. Each column has a title, a width and
 * `cell(row)`; text columns (`left`) are padded on the right, figures are right-aligned.
 */
export function tableLines(columns, rows) {
  const line = (cells) =>
    cells
      .map((cell, i) =>
        columns[i].left ? String(cell).padEnd(columns[i].width) : String(cell).padStart(columns[i].width),
      )
      .join('');
  return [
    line(columns.map((column) => column.title)),
    ...rows.map((row) => line(columns.map((column) => column.cell(row)))),
  ];
}
