/**
 * The console's CSV, read back by the API tests (Vitest) and the browser tests (Playwright): this file imports neither
 * test framework, so both can use it.
 */

/** Parses RFC 4180 text (CRLF rows, double-quoted cells with "" for a quote); the byte-order mark already removed. */
export function parseCsvText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * The header row of the console's withdrawals CSV, written out here as the expected value (not taken from the
 * server, so a changed column still fails the tests).
 */
export const WITHDRAWAL_CSV_HEADER = (
  'id,kind,status,player_id,username,email,amount,currency,method,destination,' +
  'requested_utc,decided_utc,decided_by,payout_reference'
).split(',');
