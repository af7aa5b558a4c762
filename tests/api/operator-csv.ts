/** The console's CSV downloads from a test: the raw bytes (with the byte-order mark) and an RFC 4180 parser. */
import { expect } from 'vitest';
import { parseCsvText } from '../csv.ts';
import type { ConsoleClient } from './operator-harness.ts';

/** A console download as bytes (a Response's text() drops the byte-order mark this checks). */
export async function download(client: ConsoleClient, path: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await client.api.app.request(path, { headers: { ...client.headers, cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

/** Parses the console's CSV (RFC 4180) after checking and removing its UTF-8 byte-order mark. */
export function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parseCsvText(text.slice(1));
}
