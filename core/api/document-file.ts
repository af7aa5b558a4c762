import { DOCUMENT_MAX_BYTES } from './contract.ts';
import type { Problem } from './validation.ts';

/** What an identity document may be. The database accepts exactly these (migration 011). */
export type DocumentMime = 'image/jpeg' | 'image/png' | 'application/pdf';

/** How many leading bytes `documentMime` needs to read. */
export const DOCUMENT_SIGNATURE_BYTES = 8;

const SIGNATURES: [DocumentMime, number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  // "%PDF-"
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

/**
 * The file's type from its first bytes (its magic number), or undefined. The name and the declared
 * Content-Type are the sender's claims and are never consulted: a renamed program or archive
 * (`scan.jpg` starting with `MZ` or `PK`) is refused here. The site and the server share this.
 */
export function documentMime(head: Uint8Array): DocumentMime | undefined {
  return SIGNATURES.find(([, bytes]) => bytes.every((byte, i) => head[i] === byte))?.[0];
}

/** The problem with a document file, by its size and first bytes; undefined when it is acceptable. */
export function documentProblem(size: number, head: Uint8Array): Problem | undefined {
  if (size === 0) return { key: 'verification.file_empty' };
  if (size > DOCUMENT_MAX_BYTES)
    return { key: 'verification.file_too_large', params: { max: DOCUMENT_MAX_BYTES / (1024 * 1024) } };
  if (!documentMime(head)) return { key: 'verification.file_type' };
  return undefined;
}
