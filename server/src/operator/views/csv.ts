import type { Context } from 'hono';

/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark, RFC 4180 quoting, and formula injection
 * neutralised — a cell starting with `=`, `+`, `-`, `@` (or a tab or carriage return, which some
 * tools strip before reading a formula) gets a leading apostrophe, so it is read as text; only a
 * plain negative number such as `-10.50` is left as it is (it cannot be a formula).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  // A plain negative amount (-10.50) is a number, not a formula: it stays one, so sums work.
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A time as the CSV files write it (ISO 8601 in UTC), or an empty cell where there is none. */
export const utcText = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

const BOM = '\uFEFF';
const encoder = new TextEncoder();

/**
 * A CSV download streamed from `rows`, which yields batches of rows (a keyset-paged query): each
 * batch is encoded only when the client reads on (pull), so memory stays at one batch whatever the size.
 */
export function csvResponse(
  c: Context,
  filename: string,
  header: string[],
  rows: AsyncIterable<unknown[][]>,
): Response {
  return csvTextResponse(
    c,
    filename,
    header,
    mapBatches(rows, (batch) => batch.map(csvLine).join('')),
  );
}

async function* mapBatches<T>(batches: AsyncIterable<T>, toText: (batch: T) => string): AsyncGenerator<string> {
  for await (const batch of batches) yield toText(batch);
}

/**
 * A CSV download streamed from chunks of finished CSV text (lines ending in CRLF), pulled one at a
 * time as the client reads: for an export whose lines the database writes itself.
 */
export function csvTextResponse(
  c: Context,
  filename: string,
  header: string[],
  chunks: AsyncIterable<string>,
): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'no-store',
  });
}

/** Batches of a keyset-paged query: `fetch(after)` answers up to `size` rows after the last row's key. */
export async function* batches<Row, Key>(
  fetch: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  map: (row: Row) => unknown[],
  size = 1000,
): AsyncGenerator<unknown[][]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length) yield rows.map(map);
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
