// The plain-text tables the measuring scripts print (bench.mjs, audit.mjs): fixed-width columns.

/**
 * The lines of a table: its header, then one line a row. Each column has a title, a width and
 * `cell(row)`; text columns (`left`) are padded on the right, figures are right-aligned.
 * @template Row
 * @param {{ title: string; width: number; left?: boolean; cell: (row: Row) => unknown }[]} columns
 * @param {Row[]} rows
 */
export function tableLines(columns, rows) {
  const line = (/** @type {unknown[]} */ cells) =>
    cells
      .map((cell, i) => {
        const column = columns[i];
        if (!column) throw new Error(`cell ${i} has no column`);
        return column.left ? String(cell).padEnd(column.width) : String(cell).padStart(column.width);
      })
      .join('');
  return [
    line(columns.map((column) => column.title)),
    ...rows.map((row) => line(columns.map((column) => column.cell(row)))),
  ];
}
