import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '#core/api/contract.ts';
import { documentMime, documentProblem } from '#core/api/document-file.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])));

describe('identity document files, by their first bytes (shared by the site and the server)', () => {
  it.each([
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0), 'image/jpeg'],
    ['a PNG', bytes(0x89, 'PNG\r\n\x1a\n'), 'image/png'],
    ['a PDF', bytes('%PDF-1.7'), 'application/pdf'],
  ])('recognises %s', (_name, head, mime) => {
    expect(documentMime(head)).toBe(mime);
    expect(documentProblem(1000, head)).toBeUndefined();
  });

  it.each([
    ['a Windows program', bytes('MZ\x90\x00')],
    ['a zip archive', bytes('PK\x03\x04')],
    ['text', bytes('hello world')],
    ['a PNG signature cut short', bytes(0x89, 'PNG')],
    ['"%PDF" without its dash', bytes('%PDF1.7')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(documentMime(head)).toBeUndefined();
    expect(documentProblem(1000, head)).toEqual({ key: 'verification.file_type' });
  });

  it('refuses an empty file and one over 5 MB before looking at the type', () => {
    const jpeg = bytes(0xff, 0xd8, 0xff);
    expect(documentProblem(0, jpeg)).toEqual({ key: 'verification.file_empty' });
    expect(documentProblem(DOCUMENT_MAX_BYTES, jpeg)).toBeUndefined();
    expect(documentProblem(DOCUMENT_MAX_BYTES + 1, jpeg)).toEqual({
      key: 'verification.file_too_large',
      params: { max: 5 },
    });
  });
});
